package dev.idem.tool;

import static org.assertj.core.api.Assertions.assertThat;

import dev.idem.ErrorType;
import dev.idem.internal.call.IdempotencyKey;
import dev.idem.internal.call.JournalStep;
import dev.idem.internal.call.ToolArguments;
import dev.idem.journal.CallIntent;
import dev.idem.journal.CallJournal;
import dev.idem.journal.CallOutcome;
import dev.idem.journal.CallRecord;
import dev.idem.journal.CallStatus;
import dev.idem.journal.Claim;
import dev.idem.journal.JournalSettings;
import java.net.ConnectException;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The executor's decision table against the call journal: what a claim's answer makes the executor
 * do, through both entry points. A "restart" is a second executor on the same journal; a "lost
 * owner" is a claim made by hand whose lease the test lets end.
 */
class JournaledExecutionTest {

    private static final Duration LEASE = Duration.ofSeconds(10);

    private final Harness harness = new Harness();
    private final CallJournal journal = CallJournal.inMemory(harness.clock, CallJournal.DEFAULT_RETENTION);

    private Harness journaled() {
        return harness.configure(b -> b.journal(JournalSettings.of(journal).withOwner("here").withLease(LEASE)));
    }

    /** The same intent in a new executor over the same journal: what a restarted process sees. */
    private ToolRun restarted() {
        return ToolExecutor.builder(harness.registry())
                .sleeper(millis -> CompletableFuture.completedFuture(null))
                .journal(JournalSettings.of(journal).withOwner("restarted").withLease(LEASE))
                .build()
                .newRun("intent-1");
    }

    private CallRecord recordOf(ToolResult result) {
        return journal.find(result.idempotencyKey()).orElseThrow();
    }

    @ParameterizedTest
    @EnumSource(EntryPoint.class)
    void newCallRunsOnceAndItsExactResultIsRecorded(EntryPoint entry) {
        harness.script(new JournaledTools.IdempotentPay(), "pay",
                (run, ctx, args) -> ToolArguments.MAPPER.readTree("{\"id\":\"tr_1\",\"cents\":500}"));

        ToolResult result = entry.execute(journaled().run(), Harness.call("pay", "{\"cents\":500}"));

        assertThat(result.success()).isTrue();
        assertThat(result.replayed()).isFalse();
        CallRecord record = recordOf(result);
        assertThat(record.status()).isEqualTo(CallStatus.SUCCEEDED);
        assertThat(record.resultJson()).isEqualTo("{\"id\":\"tr_1\",\"cents\":500}");
        assertThat(record.attempts()).isEqualTo(1);
        assertThat(record.owner()).isEqualTo("here");
        assertThat(record.tool()).isEqualTo("pay");
        assertThat(record.intentId()).isEqualTo("intent-1");
    }

    @ParameterizedTest
    @EnumSource(EntryPoint.class)
    void recordedSuccessIsReplayedAfterARestartWithoutRunningTheBody(EntryPoint entry) {
        ScriptedTool pay = harness.script(new JournaledTools.RestartUnsafePay(), "pay",
                (run, ctx, args) -> "{\"id\":\"tr_" + run + "\"}");
        ToolResult first = entry.execute(journaled().run(), Harness.call("pay", "{\"cents\":500}"));

        ToolResult again = entry.execute(restarted(), new ToolCall("call-9", "pay", "{\"cents\": 500}"));

        assertThat(pay.runs()).isEqualTo(1);
        assertThat(again.success()).isTrue();
        assertThat(again.replayed()).isTrue();
        assertThat(again.attempts()).isZero();
        assertThat(again.callId()).isEqualTo("call-9");
        assertThat(again.value()).isEqualTo(first.value());
        assertThat(again.idempotencyKey()).isEqualTo(first.idempotencyKey());
        assertThat(again.textForModel()).isEqualTo(first.textForModel());
    }

    @ParameterizedTest
    @EnumSource(EntryPoint.class)
    void sameCallReIssuedInTheSameRunIsReplayedToo(EntryPoint entry) {
        ScriptedTool pay = harness.script(new JournaledTools.Pay(), "pay", (run, ctx, args) -> run);
        ToolRun run = journaled().run();

        ToolResult first = entry.execute(run, Harness.call("pay", "{}"));
        ToolResult second = entry.execute(run, Harness.call("pay", "{}"));

        assertThat(pay.runs()).isEqualTo(1);
        assertThat(second.replayed()).isTrue();
        assertThat(second.value()).isEqualTo(first.value());
    }

    @ParameterizedTest
    @EnumSource(EntryPoint.class)
    void recordedTerminalFailureIsReturnedAndNothingRuns(EntryPoint entry) {
        ScriptedTool pay = harness.script(new JournaledTools.Pay(), "pay", (run, ctx, args) -> {
            throw new ToolException(ErrorType.REJECTED, "insufficient funds");
        });
        entry.execute(journaled().run(), Harness.call("pay", "{}"));

        ToolResult again = entry.execute(restarted(), Harness.call("pay", "{}"));

        assertThat(pay.runs()).isEqualTo(1);
        assertThat(again.errorType()).isEqualTo(ErrorType.REJECTED);
        assertThat(again.message()).isEqualTo("insufficient funds");
        assertThat(again.replayed()).isTrue();
        assertThat(again.attempts()).isZero();
        assertThat(again.outcomeUnknown()).isFalse();
    }

    @ParameterizedTest
    @EnumSource(EntryPoint.class)
    void failureThatLeftNoEffectRunsAgainInALaterRun(EntryPoint entry) {
        ScriptedTool pay = harness.script(new JournaledTools.FastPay(), "pay", (run, ctx, args) -> {
            if (run <= 3) {
                throw new ConnectException("bank unavailable");
            }
            return "paid";
        });
        ToolResult first = entry.execute(journaled().run(), Harness.call("pay", "{}"));
        assertThat(recordOf(first).status()).isEqualTo(CallStatus.FAILED);
        assertThat(recordOf(first).error().retryable()).isTrue();

        ToolResult again = entry.execute(restarted(), Harness.call("pay", "{}"));

        assertThat(first.errorType()).isEqualTo(ErrorType.CONNECTION_ERROR);
        assertThat(again.success()).isTrue();
        assertThat(again.replayed()).isFalse();
        assertThat(pay.runs()).isEqualTo(4);
        assertThat(recordOf(again).attempts()).isEqualTo(4);
        assertThat(recordOf(again).epoch()).isEqualTo(2);
    }

    @ParameterizedTest
    @EnumSource(EntryPoint.class)
    void lostOwnerOfAnIdempotentCallIsReDrivenUnderTheSameKey(EntryPoint entry) {
        ScriptedTool pay = harness.script(new JournaledTools.IdempotentPay(), "pay", (run, ctx, args) -> "paid");
        String key = claimAsALostOwner(entry, "pay", "{\"cents\":500}");

        ToolResult result = entry.execute(journaled().run(), Harness.call("pay", "{\"cents\":500}"));

        assertThat(result.success()).isTrue();
        assertThat(pay.runs()).isEqualTo(1);
        assertThat(pay.keys()).containsExactly(key);
        CallRecord record = recordOf(result);
        assertThat(record.status()).isEqualTo(CallStatus.SUCCEEDED);
        assertThat(record.epoch()).isEqualTo(2);
        assertThat(record.owner()).isEqualTo("here");
    }

    @ParameterizedTest
    @EnumSource(EntryPoint.class)
    void lostOwnerOfANonIdempotentCallIsOutcomeUnknownAndNeverRunsAgain(EntryPoint entry) {
        ScriptedTool email = harness.script(new JournaledTools.SendEmail(), "sendEmail", (run, ctx, args) -> "sent");
        claimAsALostOwner(entry, "sendEmail", "{\"to\":\"ana@example.com\"}");

        ToolResult first = entry.execute(journaled().run(), Harness.call("sendEmail", "{\"to\":\"ana@example.com\"}"));
        ToolResult second = entry.execute(restarted(), Harness.call("sendEmail", "{\"to\":\"ana@example.com\"}"));

        assertThat(email.runs()).isZero();
        for (ToolResult result : List.of(first, second)) {
            assertThat(result.errorType()).isEqualTo(ErrorType.OUTCOME_UNKNOWN);
            assertThat(result.outcomeUnknown()).isTrue();
            assertThat(result.attempts()).isZero();
            assertThat(result.message()).contains("'ghost'").contains("NOT run again");
            assertThat(result.textForModel()).contains("may have taken effect");
        }
        assertThat(recordOf(first).status()).isEqualTo(CallStatus.OUTCOME_UNKNOWN);
    }

    @ParameterizedTest
    @EnumSource(EntryPoint.class)
    void recordedTimeoutOfANonIdempotentToolIsNeverRunAgain(EntryPoint entry) {
        ScriptedTool email = harness.script(new JournaledTools.SendEmail(), "sendEmail", (run, ctx, args) -> {
            throw new HttpTimeoutException("request timed out");
        });
        ToolResult first = entry.execute(journaled().run(), Harness.call("sendEmail", "{}"));

        ToolResult again = entry.execute(restarted(), Harness.call("sendEmail", "{}"));

        assertThat(email.runs()).isEqualTo(1);
        assertThat(first.errorType()).isEqualTo(ErrorType.TIMEOUT);
        assertThat(recordOf(first).status()).isEqualTo(CallStatus.OUTCOME_UNKNOWN);
        assertThat(again.errorType()).isEqualTo(ErrorType.OUTCOME_UNKNOWN);
        assertThat(again.message()).contains("TIMEOUT: request timed out");
        assertThat(again.outcomeUnknown()).isTrue();
        assertThat(again.replayed()).isTrue();
    }

    @ParameterizedTest
    @EnumSource(EntryPoint.class)
    void reDriveAfterALostOwnerThatFailsPlainlyStillSaysOutcomeUnknown(EntryPoint entry) {
        harness.script(new JournaledTools.OneAttemptIdempotentPay(), "pay", (run, ctx, args) -> {
            throw new ConnectException("bank unavailable");
        });
        claimAsALostOwner(entry, "pay", "{}");

        ToolResult result = entry.execute(journaled().run(), Harness.call("pay", "{}"));

        assertThat(result.errorType()).isEqualTo(ErrorType.CONNECTION_ERROR);
        assertThat(result.outcomeUnknown()).as("the lost owner may have paid").isTrue();
        assertThat(recordOf(result).status()).isEqualTo(CallStatus.OUTCOME_UNKNOWN);
    }

    @ParameterizedTest
    @EnumSource(EntryPoint.class)
    void callInFlightElsewhereWaitsUpToTheToolTimeoutThenSaysItWasNotStarted(EntryPoint entry) {
        ScriptedTool pay = harness.script(new JournaledTools.TimedPay(), "pay", (run, ctx, args) -> "paid");
        claimAsALiveOwner(entry, "pay", "{}");

        ToolResult result = entry.execute(journaled().run(), Harness.call("pay", "{}"));

        assertThat(pay.runs()).isZero();
        assertThat(result.errorType()).isEqualTo(ErrorType.IN_FLIGHT);
        assertThat(result.message()).contains("running elsewhere").contains("'elsewhere'").contains("NOT started again");
        assertThat(result.outcomeUnknown()).as("the other run may take effect").isTrue();
        assertThat(harness.delays).containsExactly(25L, 50L, 100L, 25L);
    }

    @ParameterizedTest
    @EnumSource(EntryPoint.class)
    void callInFlightElsewhereThatFinishesMeanwhileIsReplayed(EntryPoint entry) {
        ScriptedTool pay = harness.script(new JournaledTools.RestartUnsafePay(), "pay", (run, ctx, args) -> "paid");
        String key = claimAsALiveOwner(entry, "pay", "{}");
        List<Long> waits = Collections.synchronizedList(new ArrayList<>());
        harness.configure(b -> b.sleeper(millis -> {
            waits.add(millis);
            if (waits.size() == 2) {
                journal.complete(key, 1, CallOutcome.succeeded("\"paid elsewhere\"", 1));
            }
            return CompletableFuture.completedFuture(null);
        }));

        ToolResult result = entry.execute(journaled().run(), Harness.call("pay", "{}"));

        assertThat(pay.runs()).isZero();
        assertThat(result.replayed()).isTrue();
        assertThat(result.value().stringValue()).isEqualTo("paid elsewhere");
        assertThat(waits).containsExactly(25L, 50L);
    }

    @ParameterizedTest
    @EnumSource(EntryPoint.class)
    void keyRecordedForOtherArgumentsIsAConflictAndNothingRuns(EntryPoint entry) {
        ScriptedTool pay = harness.script(new JournaledTools.Pay(), "pay", (run, ctx, args) -> "paid");
        String key = IdempotencyKey.derive("intent-1", "pay", "{}");
        journal.claim(new CallIntent(key, "intent-1", "pay", "some-other-hash"), "elsewhere", LEASE, true);

        ToolResult result = entry.execute(journaled().run(), Harness.call("pay", "{}"));

        assertThat(pay.runs()).isZero();
        assertThat(result.errorType()).isEqualTo(ErrorType.KEY_CONFLICT);
        assertThat(result.message()).contains(key).contains("NOT executed");
    }

    @ParameterizedTest
    @EnumSource(EntryPoint.class)
    void readOnlyToolsSkipTheJournalUnlessAsked(EntryPoint entry) {
        harness.script(new JournaledTools.Balance(), "balance", (run, ctx, args) -> run);

        ToolResult skipped = entry.execute(journaled().run(), Harness.call("balance", "{}"));
        harness.configure(b -> b.journal(JournalSettings.of(journal).withReadOnlyTools(true)));
        ToolResult journaled = entry.execute(harness.run(), Harness.call("balance", "{\"at\":1}"));

        assertThat(journal.find(skipped.idempotencyKey())).isEmpty();
        assertThat(journal.find(journaled.idempotencyKey())).isPresent();
    }

    @ParameterizedTest
    @EnumSource(EntryPoint.class)
    void unreachableJournalRunsNothing(EntryPoint entry) {
        ScriptedTool pay = harness.script(new JournaledTools.Pay(), "pay", (run, ctx, args) -> "paid");
        CallJournal broken = new BrokenJournal();
        harness.configure(b -> b.journal(broken));

        ToolResult result = entry.execute(harness.run(), Harness.call("pay", "{}"));

        assertThat(pay.runs()).isZero();
        assertThat(result.errorType()).isEqualTo(ErrorType.CONNECTION_ERROR);
        assertThat(result.message()).contains("call journal").contains("database is down").contains("NOT executed");
        assertThat(result.outcomeUnknown()).isFalse();
    }

    @ParameterizedTest
    @EnumSource(EntryPoint.class)
    void ownerWhoseClaimWasTakenOverStartsNoFurtherAttempt(EntryPoint entry) {
        String[] key = new String[1];
        ScriptedTool pay = harness.script(new JournaledTools.FastIdempotentPay(), "pay", (run, ctx, args) -> {
            key[0] = ctx.idempotencyKey();
            // This owner stalls past its lease; another replica takes the intent over meanwhile.
            harness.clock.advance(LEASE.multipliedBy(2));
            assertThat(journal.claim(journal.find(key[0]).orElseThrow().intent(), "replica-b", LEASE, true))
                    .isEqualTo(new Claim.Owned(2, true));
            throw new ConnectException("bank unavailable");
        });

        ToolResult result = entry.execute(journaled().run(), Harness.call("pay", "{}"));

        assertThat(pay.runs()).isEqualTo(1);
        assertThat(result.errorType()).isEqualTo(ErrorType.CONNECTION_ERROR);
        assertThat(result.outcomeUnknown()).as("replica-b may be running it").isTrue();
        CallRecord record = journal.find(key[0]).orElseThrow();
        assertThat(record.status()).as("the late outcome was fenced out").isEqualTo(CallStatus.STARTED);
        assertThat(record.owner()).isEqualTo("replica-b");
    }

    @ParameterizedTest
    @EnumSource(EntryPoint.class)
    void leaseIsRenewedWhileTheBodyRuns(EntryPoint entry) throws Exception {
        CallJournal realTime = CallJournal.inMemory();
        CountDownLatch release = new CountDownLatch(1);
        CountDownLatch started = new CountDownLatch(1);
        String[] key = new String[1];
        harness.script(new JournaledTools.SlowPay(), "pay", (run, ctx, args) -> {
            key[0] = ctx.idempotencyKey();
            started.countDown();
            release.await(10, TimeUnit.SECONDS);
            return "paid";
        });
        // Leases long enough that a renewal delayed by a busy machine still lands in time.
        harness.configure(b -> b.journal(JournalSettings.of(realTime).withLease(Duration.ofMillis(600))));
        CompletableFuture<ToolResult> call = CompletableFuture.supplyAsync(
                () -> entry.execute(harness.run(), Harness.call("pay", "{}")));
        assertThat(started.await(5, TimeUnit.SECONDS)).isTrue();

        Thread.sleep(2_000); // more than three leases
        Claim other = realTime.claim(realTime.find(key[0]).orElseThrow().intent(), "replica-b",
                Duration.ofMillis(600), true);
        release.countDown();

        assertThat(other).isInstanceOf(Claim.InFlight.class);
        assertThat(call.get(5, TimeUnit.SECONDS).success()).isTrue();
        assertThat(realTime.find(key[0]).orElseThrow().status()).isEqualTo(CallStatus.SUCCEEDED);
    }

    /** Claims the intent of this call as owner "ghost" and lets the lease end: a process that died. */
    private String claimAsALostOwner(EntryPoint entry, String tool, String arguments) {
        String key = claimAs("ghost", tool, arguments);
        harness.clock.advance(LEASE.multipliedBy(2));
        return key;
    }

    private String claimAsALiveOwner(EntryPoint entry, String tool, String arguments) {
        return claimAs("elsewhere", tool, arguments);
    }

    private String claimAs(String owner, String tool, String arguments) {
        String canonical = ToolArguments.canonical(ToolArguments.parse(arguments));
        String key = IdempotencyKey.derive("intent-1", tool, canonical);
        CallIntent intent = new CallIntent(key, "intent-1", tool, JournalStep.argumentsHash(canonical));
        assertThat(journal.claim(intent, owner, LEASE, false)).isInstanceOf(Claim.Owned.class);
        return key;
    }

    /** A journal whose database is down. */
    private static final class BrokenJournal implements CallJournal {
        @Override
        public Claim claim(CallIntent intent, String owner, Duration lease, boolean reDrivable) {
            throw new IllegalStateException("database is down");
        }

        @Override
        public boolean renew(String key, long epoch, Duration lease) {
            throw new IllegalStateException("database is down");
        }

        @Override
        public boolean complete(String key, long epoch, CallOutcome outcome) {
            throw new IllegalStateException("database is down");
        }

        @Override
        public Optional<CallRecord> find(String key) {
            return Optional.empty();
        }

        @Override
        public int purge() {
            return 0;
        }
    }
}
