package dev.idem.tool;

import static org.assertj.core.api.Assertions.assertThat;

import dev.idem.ErrorType;
import dev.idem.internal.call.ToolArguments;
import java.net.ConnectException;
import java.net.SocketTimeoutException;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import tools.jackson.databind.JsonNode;

/** DESIGN.md section 3, step 6: when the body runs again. Every case through both entry points. */
class RetryDecisionTableTest {

    private static final RetryPolicy FIVE_ATTEMPTS = RetryPolicy.builder().maxAttempts(5).initialDelayMs(10).build();

    private final Harness harness = new Harness();

    private static Object blockUntilInterrupted() throws InterruptedException {
        Thread.sleep(10_000);
        return "too late";
    }

    @ParameterizedTest
    @EnumSource(EntryPoint.class)
    void restartUnsafeToolRunsOnceEvenWhenPolicyAllowsFive(EntryPoint entry) {
        CountingTools.CountingTool pay = harness.tools.add(d -> d.restartSafe(false).retryPolicy(FIVE_ATTEMPTS), "pay",
                (run, ctx, args) -> {
                    throw new ConnectException("refused");
                });

        ToolResult result = entry.execute(harness.run(), Harness.call("pay", "{}"));

        assertThat(pay.runs()).isEqualTo(1);
        assertThat(result.errorType()).isEqualTo(ErrorType.CONNECTION_ERROR);
        assertThat(result.attempts()).isEqualTo(1);
        assertThat(pay.contexts.get(0).maxAttempts()).isEqualTo(1);
    }

    @ParameterizedTest
    @EnumSource(EntryPoint.class)
    void restartSafeToolIsRunAgainOnARetryableErrorThePolicyNames(EntryPoint entry) {
        CountingTools.CountingTool lookup = harness.tools.add(d -> d.retryPolicy(FIVE_ATTEMPTS), "lookup", (run, ctx, args) -> {
            if (run < 3) {
                throw new SocketTimeoutException("read timed out");
            }
            return "found";
        });

        ToolResult result = entry.execute(harness.run(), Harness.call("lookup", "{}"));

        assertThat(lookup.runs()).isEqualTo(3);
        assertThat(result.isError()).isFalse();
        assertThat(result.attempts()).isEqualTo(3);
        assertThat(result.textForModel()).isEqualTo("found");
    }

    @ParameterizedTest
    @EnumSource(EntryPoint.class)
    void maxAttemptsCapsBodyRunsWhenEveryAttemptFails(EntryPoint entry) {
        CountingTools.CountingTool flaky = harness.tools.add(d -> d.retryPolicy(FIVE_ATTEMPTS.toBuilder().maxAttempts(4).build()),
                "flaky", (run, ctx, args) -> {
                    throw new ConnectException("refused");
                });

        ToolResult result = entry.execute(harness.run(), Harness.call("flaky", "{}"));

        assertThat(flaky.runs()).isEqualTo(4);
        assertThat(result.attempts()).isEqualTo(4);
        assertThat(result.errorType()).isEqualTo(ErrorType.CONNECTION_ERROR);
    }

    @ParameterizedTest
    @EnumSource(EntryPoint.class)
    void idempotentTimedOutToolIsReDriven(EntryPoint entry) {
        CountingTools.CountingTool transfer = harness.tools.add(
                // 1 s: the second run must finish inside it even on a busy machine.
                d -> d.idempotent(true).timeoutMs(1_000).retryPolicy(FIVE_ATTEMPTS), "transfer",
                (run, ctx, args) -> run == 1 ? blockUntilInterrupted() : "done");

        ToolResult result = entry.execute(harness.run(), Harness.call("transfer", "{}"));

        assertThat(transfer.runs()).isEqualTo(2);
        assertThat(result.isError()).isFalse();
        assertThat(result.textForModel()).isEqualTo("done");
    }

    @ParameterizedTest
    @EnumSource(EntryPoint.class)
    void nonIdempotentTimedOutToolIsNotReDrivenAndMayStillBeRunning(EntryPoint entry) {
        CountingTools.CountingTool send = harness.tools.add(d -> d.timeoutMs(200).retryPolicy(FIVE_ATTEMPTS), "send",
                (run, ctx, args) -> blockUntilInterrupted());

        ToolResult result = entry.execute(harness.run(), Harness.call("send", "{}"));

        assertThat(send.runs()).isEqualTo(1);
        assertThat(result.errorType()).isEqualTo(ErrorType.TIMEOUT);
        assertThat(result.mayStillBeRunning()).isTrue();
        assertThat(result.textForModel()).contains("may still complete");
    }

    @ParameterizedTest
    @EnumSource(EntryPoint.class)
    void timedOutBodyIsCancelledAndInterrupted(EntryPoint entry) throws InterruptedException {
        CountDownLatch interrupted = new CountDownLatch(1);
        CountingTools.CountingTool slow = harness.tools.add(d -> d.timeoutMs(200), "slow", (run, ctx, args) -> {
            try {
                Thread.sleep(10_000);
            } catch (InterruptedException e) {
                if (ctx.isCancelled()) {
                    interrupted.countDown();
                }
            }
            return null;
        });

        entry.execute(harness.run(), Harness.call("slow", "{}"));

        assertThat(interrupted.await(5, TimeUnit.SECONDS)).isTrue();
        assertThat(slow.runs()).isEqualTo(1);
    }

    @ParameterizedTest
    @EnumSource(EntryPoint.class)
    void idempotentTimedOutToolIsNotReDrivenWhenThePolicyDoesNotNameTimeout(EntryPoint entry) {
        CountingTools.CountingTool transfer = harness.tools.add(
                d -> d.idempotent(true).timeoutMs(200).retryPolicy(FIVE_ATTEMPTS.toBuilder().retryOn(ErrorType.CONNECTION_ERROR).build()),
                "transfer", (run, ctx, args) -> blockUntilInterrupted());

        ToolResult result = entry.execute(harness.run(), Harness.call("transfer", "{}"));

        assertThat(transfer.runs()).isEqualTo(1);
        assertThat(result.errorType()).isEqualTo(ErrorType.TIMEOUT);
    }

    @ParameterizedTest
    @EnumSource(EntryPoint.class)
    void restartUnsafeButIdempotentToolIsReDrivenAfterATimeoutWithTheSameKey(EntryPoint entry) {
        List<String> keys = new CopyOnWriteArrayList<>();
        CountingTools.CountingTool pix = harness.tools.add(
                d -> d.restartSafe(false).idempotent(true).timeoutMs(200).retryPolicy(FIVE_ATTEMPTS), "pix",
                (run, ctx, args) -> {
                    keys.add(ctx.idempotencyKey());
                    return run == 1 ? blockUntilInterrupted() : "scheduled";
                });

        ToolResult result = entry.execute(harness.run(), Harness.call("pix", "{}"));

        assertThat(pix.runs()).isEqualTo(2);
        assertThat(result.textForModel()).isEqualTo("scheduled");
        assertThat(keys).hasSize(2).containsOnly(result.idempotencyKey());
    }

    @ParameterizedTest
    @EnumSource(EntryPoint.class)
    void restartUnsafeToolIsNotRunAgainAfterItRaisedAnErrorEvenWhenIdempotent(EntryPoint entry) {
        CountingTools.CountingTool pix = harness.tools.add(
                d -> d.restartSafe(false).idempotent(true).retryPolicy(FIVE_ATTEMPTS), "pix",
                (run, ctx, args) -> {
                    throw new ConnectException("connection reset");
                });

        ToolResult result = entry.execute(harness.run(), Harness.call("pix", "{}"));

        assertThat(pix.runs()).isEqualTo(1);
        assertThat(result.errorType()).isEqualTo(ErrorType.CONNECTION_ERROR);
    }

    @ParameterizedTest
    @EnumSource(EntryPoint.class)
    void idempotentToolWhoseOwnClientTimedOutIsReDrivenLikeAWallClockTimeout(EntryPoint entry) {
        CountingTools.CountingTool pix = harness.tools.add(
                d -> d.restartSafe(false).idempotent(true).retryPolicy(FIVE_ATTEMPTS), "pix",
                (run, ctx, args) -> {
                    if (run == 1) {
                        throw new HttpTimeoutException("request timed out");
                    }
                    return "scheduled";
                });

        ToolResult result = entry.execute(harness.run(), Harness.call("pix", "{}"));

        assertThat(pix.runs()).isEqualTo(2);
        assertThat(result.textForModel()).isEqualTo("scheduled");
    }

    @ParameterizedTest
    @EnumSource(EntryPoint.class)
    void toolThatIsNeitherRestartSafeNorIdempotentRunsOnceEvenAfterATimeout(EntryPoint entry) {
        CountingTools.CountingTool send = harness.tools.add(
                d -> d.restartSafe(false).timeoutMs(200).retryPolicy(FIVE_ATTEMPTS), "send",
                (run, ctx, args) -> blockUntilInterrupted());

        ToolResult result = entry.execute(harness.run(), Harness.call("send", "{}"));

        assertThat(send.runs()).isEqualTo(1);
        assertThat(result.mayStillBeRunning()).isTrue();
    }

    @ParameterizedTest
    @EnumSource(EntryPoint.class)
    void readOnlyToolIsReDrivenAfterATimeoutBecauseItIsIdempotentAndRestartSafe(EntryPoint entry) {
        CountingTools.CountingTool balance = harness.tools.add(
                d -> d.restartSafe(false).readOnly(true).timeoutMs(200).retryPolicy(FIVE_ATTEMPTS), "balance",
                (run, ctx, args) -> run == 1 ? blockUntilInterrupted() : 42);

        ToolResult result = entry.execute(harness.run(), Harness.call("balance", "{}"));

        assertThat(balance.runs()).isEqualTo(2);
        assertThat(result.textForModel()).isEqualTo("42");
    }

    @ParameterizedTest
    @EnumSource(EntryPoint.class)
    void lateFailureOfATimedOutBodyIsNotCountedTwice(EntryPoint entry) throws InterruptedException {
        CountDownLatch thrownLate = new CountDownLatch(1);
        harness.configure(b -> b.retryBudget(10, 0.1));
        CountingTools.CountingTool send = harness.tools.add(d -> d.timeoutMs(200).retryPolicy(FIVE_ATTEMPTS), "send",
                (run, ctx, args) -> {
                    try {
                        Thread.sleep(10_000);
                        return null;
                    } catch (InterruptedException e) {
                        thrownLate.countDown();
                        throw new ConnectException("gave up after the timeout");
                    }
                });

        ToolResult result = entry.execute(harness.run(), Harness.call("send", "{}"));
        assertThat(thrownLate.await(5, TimeUnit.SECONDS)).isTrue();
        Thread.sleep(20); // let the late failure reach the executor, were it listening

        assertThat(send.runs()).isEqualTo(1);
        assertThat(result.errorType()).isEqualTo(ErrorType.TIMEOUT);
        assertThat(harness.executor().settings().budget().tokens()).isEqualTo(9.0);
        assertThat(harness.outcomes).hasSize(1);
    }

    @ParameterizedTest
    @EnumSource(EntryPoint.class)
    void terminalErrorIsNeverRetried(EntryPoint entry) {
        RetryPolicy everything = FIVE_ATTEMPTS.toBuilder().retryOn(ErrorType.values()).build();
        CountingTools.CountingTool rejected = harness.tools.add(d -> d.retryPolicy(everything), "rejected", (run, ctx, args) -> {
            throw new ToolException(ErrorType.REJECTED, "insufficient funds");
        });
        CountingTools.CountingTool denied = harness.tools.add(d -> d.retryPolicy(everything), "denied", (run, ctx, args) -> {
            throw new ToolException(ErrorType.PERMISSION_DENIED, "approval denied");
        });
        CountingTools.CountingTool buggy = harness.tools.add(d -> d.retryPolicy(everything), "buggy", (run, ctx, args) -> {
            throw new NullPointerException("customer");
        });
        CountingTools.CountingTool saysNo = harness.tools.add(d -> d.retryPolicy(everything), "saysNo", (run, ctx, args) -> {
            throw new ToolException(ErrorType.CONNECTION_ERROR, false, "the bank said do not retry", null);
        });

        assertThat(entry.execute(harness.run(), Harness.call("rejected", "{}")).errorType()).isEqualTo(ErrorType.REJECTED);
        assertThat(entry.execute(harness.run(), Harness.call("denied", "{}")).errorType()).isEqualTo(ErrorType.PERMISSION_DENIED);
        assertThat(entry.execute(harness.run(), Harness.call("buggy", "{}")).errorType()).isEqualTo(ErrorType.PROGRAMMING_ERROR);
        assertThat(entry.execute(harness.run(), Harness.call("saysNo", "{}")).errorType()).isEqualTo(ErrorType.CONNECTION_ERROR);

        assertThat(rejected.runs()).isEqualTo(1);
        assertThat(denied.runs()).isEqualTo(1);
        assertThat(buggy.runs()).isEqualTo(1);
        assertThat(saysNo.runs()).isEqualTo(1);
    }

    @ParameterizedTest
    @EnumSource(EntryPoint.class)
    void unknownErrorIsRetriedOnlyWhenThePolicyNamesUnknown(EntryPoint entry) {
        CountingTools.CountingTool plain = harness.tools.add(d -> d.retryPolicy(FIVE_ATTEMPTS), "plain", (run, ctx, args) -> {
            throw new IllegalStateException("boom");
        });
        CountingTools.CountingTool opted = harness.tools.add(
                d -> d.retryPolicy(FIVE_ATTEMPTS.toBuilder().maxAttempts(3).retryOn(ErrorType.UNKNOWN).build()), "opted",
                (run, ctx, args) -> {
                    throw new IllegalStateException("boom");
                });

        assertThat(entry.execute(harness.run(), Harness.call("plain", "{}")).errorType()).isEqualTo(ErrorType.UNKNOWN);
        entry.execute(harness.run(), Harness.call("opted", "{}"));

        assertThat(plain.runs()).isEqualTo(1);
        assertThat(opted.runs()).isEqualTo(3);
    }

    @ParameterizedTest
    @EnumSource(EntryPoint.class)
    void retryableTypeThePolicyDoesNotNameIsNotRetried(EntryPoint entry) {
        CountingTools.CountingTool limited = harness.tools.add(
                d -> d.retryPolicy(FIVE_ATTEMPTS.toBuilder().retryOn(ErrorType.TIMEOUT).build()), "limited",
                (run, ctx, args) -> {
                    throw new ToolException(ErrorType.RATE_LIMIT, "slow down");
                });

        ToolResult result = entry.execute(harness.run(), Harness.call("limited", "{}"));

        assertThat(limited.runs()).isEqualTo(1);
        assertThat(result.errorType()).isEqualTo(ErrorType.RATE_LIMIT);
    }

    @ParameterizedTest
    @EnumSource(EntryPoint.class)
    void returnedErrorPayloadRunsOnceAndIsReturnedUntouched(EntryPoint entry) {
        String payload = "{\"error\":\"card declined\",\"retryable\":true,\"code\":429}";
        CountingTools.CountingTool charge = harness.tools.add(d -> d.retryPolicy(FIVE_ATTEMPTS), "charge",
                (run, ctx, args) -> ToolArguments.MAPPER.readTree(payload));

        ToolResult result = entry.execute(harness.run(), Harness.call("charge", "{}"));

        assertThat(charge.runs()).isEqualTo(1);
        assertThat(result.isError()).isFalse();
        assertThat(result.errorType()).isNull();
        assertThat(result.value()).isEqualTo(ToolArguments.MAPPER.readTree(payload));
        assertThat(result.textForModel()).isEqualTo(payload);
    }

    @ParameterizedTest
    @EnumSource(EntryPoint.class)
    void asyncToolFailureIsClassifiedFromItsStageAndRetried(EntryPoint entry) {
        CountingTools.CountingTool fetch = harness.tools.add(d -> d.async(true).retryPolicy(FIVE_ATTEMPTS), "fetch",
                (run, ctx, args) -> run == 1
                        ? CompletableFuture.<JsonNode>failedFuture(new ConnectException("refused"))
                        : CompletableFuture.completedFuture(CountingTools.json("fetched")));

        ToolResult result = entry.execute(harness.run(), Harness.call("fetch", "{}"));

        assertThat(fetch.runs()).isEqualTo(2);
        assertThat(result.textForModel()).isEqualTo("fetched");
    }

    @ParameterizedTest
    @EnumSource(EntryPoint.class)
    void toolPolicyWinsOverTheExecutorPolicy(EntryPoint entry) {
        harness.configure(b -> b.retryPolicy(RetryPolicy.builder().maxAttempts(5).initialDelayMs(1).build()));
        CountingTools.CountingTool own = harness.tools.add(d -> d.retryPolicy(RetryPolicy.NO_RETRY), "own", (run, ctx, args) -> {
            throw new ConnectException("refused");
        });

        entry.execute(harness.run(), Harness.call("own", "{}"));

        assertThat(own.runs()).isEqualTo(1);
    }

    @ParameterizedTest
    @EnumSource(EntryPoint.class)
    void executorPolicyAppliesToToolsThatInherit(EntryPoint entry) {
        harness.configure(b -> b.retryPolicy(RetryPolicy.builder().maxAttempts(5).initialDelayMs(1).build()));
        CountingTools.CountingTool inherits = harness.tools.add("inherits", (run, ctx, args) -> {
            throw new ConnectException("refused");
        });

        entry.execute(harness.run(), Harness.call("inherits", "{}"));

        assertThat(inherits.runs()).isEqualTo(5);
    }

    @ParameterizedTest
    @EnumSource(EntryPoint.class)
    void inheritingWithoutAnExecutorPolicyMeansTheDefaultsNotNoRetries(EntryPoint entry) {
        CountingTools.CountingTool inherits = harness.tools.add("inherits", (run, ctx, args) -> {
            throw new ConnectException("refused");
        });

        entry.execute(harness.run(), Harness.call("inherits", "{}"));

        assertThat(inherits.runs()).isEqualTo(RetryPolicy.DEFAULT.maxAttempts()).isEqualTo(3);
        assertThat(harness.delays).containsExactly(1000L, 2000L);
    }

    @ParameterizedTest
    @EnumSource(EntryPoint.class)
    void executorDefaultTimeoutAppliesToToolsThatInherit(EntryPoint entry) {
        harness.configure(b -> b.defaultTimeout(Duration.ofMillis(200)));
        CountingTools.CountingTool slow = harness.tools.add(d -> d.retryPolicy(RetryPolicy.NO_RETRY), "slow",
                (run, ctx, args) -> blockUntilInterrupted());

        ToolResult result = entry.execute(harness.run(), Harness.call("slow", "{}"));

        assertThat(result.errorType()).isEqualTo(ErrorType.TIMEOUT);
        assertThat(slow.runs()).isEqualTo(1);
    }
}
