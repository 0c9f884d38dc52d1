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

/**
 * DESIGN.md section 3, step 6: when the body runs again. Every case through both entry points, on
 * the tool sets the processor generates from {@link RetryTableTools}, one class per row.
 */
class RetryDecisionTableTest {

    private final Harness harness = new Harness();

    private static Object blockUntilInterrupted() throws InterruptedException {
        Thread.sleep(10_000);
        return "too late";
    }

    @ParameterizedTest
    @EnumSource(EntryPoint.class)
    void restartUnsafeToolRunsOnceEvenWhenPolicyAllowsFive(EntryPoint entry) {
        ScriptedTool pay = harness.script(new RetryTableTools.RestartUnsafePay(), "pay", (run, ctx, args) -> {
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
        ScriptedTool lookup = harness.script(new RetryTableTools.Lookup(), "lookup", (run, ctx, args) -> {
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
        ScriptedTool flaky = harness.script(new RetryTableTools.Flaky(), "flaky", (run, ctx, args) -> {
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
        ScriptedTool transfer = harness.script(new RetryTableTools.IdempotentTransfer(), "transfer",
                (run, ctx, args) -> run == 1 ? blockUntilInterrupted() : "done");

        ToolResult result = entry.execute(harness.run(), Harness.call("transfer", "{}"));

        assertThat(transfer.runs()).isEqualTo(2);
        assertThat(result.isError()).isFalse();
        assertThat(result.textForModel()).isEqualTo("done");
    }

    @ParameterizedTest
    @EnumSource(EntryPoint.class)
    void nonIdempotentTimedOutToolIsNotReDrivenAndMayStillBeRunning(EntryPoint entry) {
        ScriptedTool send = harness.script(new RetryTableTools.TimedSend(), "send",
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
        ScriptedTool slow = harness.script(new RetryTableTools.TimedSlow(), "slow", (run, ctx, args) -> {
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
        ScriptedTool transfer = harness.script(new RetryTableTools.TransferRetriedOnConnectionErrors(), "transfer",
                (run, ctx, args) -> blockUntilInterrupted());

        ToolResult result = entry.execute(harness.run(), Harness.call("transfer", "{}"));

        assertThat(transfer.runs()).isEqualTo(1);
        assertThat(result.errorType()).isEqualTo(ErrorType.TIMEOUT);
    }

    @ParameterizedTest
    @EnumSource(EntryPoint.class)
    void restartUnsafeButIdempotentToolIsReDrivenAfterATimeoutWithTheSameKey(EntryPoint entry) {
        List<String> keys = new CopyOnWriteArrayList<>();
        ScriptedTool pix = harness.script(new RetryTableTools.TimedPix(), "pix", (run, ctx, args) -> {
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
        ScriptedTool pix = harness.script(new RetryTableTools.Pix(), "pix", (run, ctx, args) -> {
            throw new ConnectException("connection reset");
        });

        ToolResult result = entry.execute(harness.run(), Harness.call("pix", "{}"));

        assertThat(pix.runs()).isEqualTo(1);
        assertThat(result.errorType()).isEqualTo(ErrorType.CONNECTION_ERROR);
    }

    @ParameterizedTest
    @EnumSource(EntryPoint.class)
    void idempotentToolWhoseOwnClientTimedOutIsReDrivenLikeAWallClockTimeout(EntryPoint entry) {
        ScriptedTool pix = harness.script(new RetryTableTools.Pix(), "pix", (run, ctx, args) -> {
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
        ScriptedTool send = harness.script(new RetryTableTools.RestartUnsafeTimedSend(), "send",
                (run, ctx, args) -> blockUntilInterrupted());

        ToolResult result = entry.execute(harness.run(), Harness.call("send", "{}"));

        assertThat(send.runs()).isEqualTo(1);
        assertThat(result.mayStillBeRunning()).isTrue();
    }

    @ParameterizedTest
    @EnumSource(EntryPoint.class)
    void readOnlyToolIsReDrivenAfterATimeoutBecauseItIsIdempotentAndRestartSafe(EntryPoint entry) {
        ScriptedTool balance = harness.script(new RetryTableTools.Balance(), "balance",
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
        ScriptedTool send = harness.script(new RetryTableTools.TimedSend(), "send", (run, ctx, args) -> {
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
        RetryTableTools.RetryingEverything everything = new RetryTableTools.RetryingEverything();
        ScriptedTool rejected = harness.script(everything, "rejected", (run, ctx, args) -> {
            throw new ToolException(ErrorType.REJECTED, "insufficient funds");
        });
        ScriptedTool denied = harness.script(everything, "denied", (run, ctx, args) -> {
            throw new ToolException(ErrorType.PERMISSION_DENIED, "approval denied");
        });
        ScriptedTool buggy = harness.script(everything, "buggy", (run, ctx, args) -> {
            throw new NullPointerException("customer");
        });
        ScriptedTool saysNo = harness.script(everything, "saysNo", (run, ctx, args) -> {
            throw new ToolException(ErrorType.CONNECTION_ERROR, false, "the bank said do not retry", null);
        });
        assertThat(harness.registry().find("rejected").descriptor().retryPolicy().retryOn())
                .as("the policy names every error type").containsExactlyInAnyOrder(ErrorType.values());

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
        RetryTableTools.Unknowns unknowns = new RetryTableTools.Unknowns();
        ScriptedTool plain = harness.script(unknowns, "plain", (run, ctx, args) -> {
            throw new IllegalStateException("boom");
        });
        ScriptedTool opted = harness.script(unknowns, "opted", (run, ctx, args) -> {
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
        ScriptedTool limited = harness.script(new RetryTableTools.Limited(), "limited", (run, ctx, args) -> {
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
        ScriptedTool charge = harness.script(new RetryTableTools.Charge(), "charge",
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
        ScriptedTool fetch = harness.script(new RetryTableTools.Fetch(), "fetch", (run, ctx, args) -> run == 1
                        ? CompletableFuture.<JsonNode>failedFuture(new ConnectException("refused"))
                        : CompletableFuture.completedFuture(ScriptedTools.json("fetched")));

        ToolResult result = entry.execute(harness.run(), Harness.call("fetch", "{}"));

        assertThat(fetch.runs()).isEqualTo(2);
        assertThat(result.textForModel()).isEqualTo("fetched");
    }

    @ParameterizedTest
    @EnumSource(EntryPoint.class)
    void toolPolicyWinsOverTheExecutorPolicy(EntryPoint entry) {
        harness.configure(b -> b.retryPolicy(RetryPolicy.builder().maxAttempts(5).initialDelayMs(1).build()));
        ScriptedTool own = harness.script(new RetryTableTools.Own(), "own", (run, ctx, args) -> {
            throw new ConnectException("refused");
        });

        entry.execute(harness.run(), Harness.call("own", "{}"));

        assertThat(own.runs()).isEqualTo(1);
    }

    @ParameterizedTest
    @EnumSource(EntryPoint.class)
    void executorPolicyAppliesToToolsThatInherit(EntryPoint entry) {
        harness.configure(b -> b.retryPolicy(RetryPolicy.builder().maxAttempts(5).initialDelayMs(1).build()));
        ScriptedTool inherits = harness.script(new RetryTableTools.Inherits(), "inherits", (run, ctx, args) -> {
            throw new ConnectException("refused");
        });

        entry.execute(harness.run(), Harness.call("inherits", "{}"));

        assertThat(inherits.runs()).isEqualTo(5);
    }

    @ParameterizedTest
    @EnumSource(EntryPoint.class)
    void inheritingWithoutAnExecutorPolicyMeansTheDefaultsNotNoRetries(EntryPoint entry) {
        ScriptedTool inherits = harness.script(new RetryTableTools.Inherits(), "inherits", (run, ctx, args) -> {
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
        ScriptedTool slow = harness.script(new RetryTableTools.UntimedSlow(), "slow",
                (run, ctx, args) -> blockUntilInterrupted());

        ToolResult result = entry.execute(harness.run(), Harness.call("slow", "{}"));

        assertThat(result.errorType()).isEqualTo(ErrorType.TIMEOUT);
        assertThat(slow.runs()).isEqualTo(1);
    }
}
