package dev.idem.tool;

import static org.assertj.core.api.Assertions.assertThat;

import dev.idem.ErrorType;
import dev.idem.journal.CallIntent;
import dev.idem.journal.CallJournal;
import dev.idem.journal.CallOutcome;
import dev.idem.journal.CallRecord;
import dev.idem.journal.CallStatus;
import dev.idem.journal.Claim;
import dev.idem.journal.JournalSettings;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * What the executor does when its journal fails it, stated once and run against every journal
 * (memory and file here, PostgreSQL in its module): a known outcome is never lost to a failed
 * write, and an owner that stalled past its lease before its first attempt starts nothing.
 */
public abstract class ExecutorJournalFaultContract {

    private final List<CallJournal> opened = new ArrayList<>();
    private ScriptedTools tools;

    /** A new, empty journal. */
    protected abstract CallJournal newJournal();

    /** The lease the executors claim with: short, since the paused-owner test waits it out for real. */
    protected Duration lease() {
        return Duration.ofMillis(400);
    }

    @AfterEach
    void closeJournals() {
        opened.forEach(CallJournal::close);
    }

    private CallJournal journal() {
        CallJournal journal = newJournal();
        opened.add(journal);
        return journal;
    }

    private ToolExecutor executor(CallJournal journal, String owner) {
        return ToolExecutor.builder(ToolRegistry.builder().discover(tools).build())
                .journal(JournalSettings.of(journal).withOwner(owner).withLease(lease()))
                .build();
    }

    @Test
    public void aCompletionThatFailsIsWrittenAgainAndTheSameIntentIsAnsweredWithItsRealOutcomeMeanwhile()
            throws InterruptedException {
        tools = new JournalFaultTools.Pay();
        ScriptedTool pay = tools.script("pay", (run, ctx, args) -> "{\"id\":\"tr_1\"}");
        CallJournal journal = journal();
        FailingCompletions failing = new FailingCompletions(journal, 3);
        ToolExecutor executor = executor(failing, "a");

        ToolResult first = executor.newRun("ticket-1").execute(new ToolCall("c1", "pay", "{\"cents\":500}"));
        ToolResult meanwhile = executor.newRun("ticket-1").execute(new ToolCall("c2", "pay", "{\"cents\":500}"));

        assertThat(first.success()).isTrue();
        assertThat(meanwhile.success()).as("%s", meanwhile).isTrue();
        assertThat(meanwhile.replayed()).isTrue();
        assertThat(meanwhile.value()).isEqualTo(first.value());
        CallRecord written = awaitCompleted(journal, first.idempotencyKey());
        assertThat(written.status()).isEqualTo(CallStatus.SUCCEEDED);
        assertThat(failing.failedCompletions()).isEqualTo(3);
        ToolResult restarted = executor(journal, "b").newRun("ticket-1").execute(new ToolCall("c3", "pay",
                "{\"cents\":500}"));
        assertThat(restarted.success()).isTrue();
        assertThat(restarted.replayed()).isTrue();
        assertThat(pay.runs()).isEqualTo(1);
    }

    @Test
    public void anOwnerStalledPastItsLeaseBeforeItsFirstAttemptStartsNothing() throws Exception {
        tools = new JournalFaultTools.IdempotentPay();
        ScriptedTool pay = tools.script("pay", (run, ctx, args) -> "{\"id\":\"tr_" + run + "\"}");
        CallJournal journal = journal();
        StallingClaims stalling = new StallingClaims(journal);
        ToolExecutor stalled = executor(stalling, "stalled");

        CompletableFuture<ToolResult> first = stalled.newRun("ticket-2")
                .executeAsync(new ToolCall("c1", "pay", "{\"cents\":500}")).toCompletableFuture();
        assertThat(stalling.claimed.await(10, TimeUnit.SECONDS)).isTrue();
        Thread.sleep(lease().toMillis() * 2); // the stalled owner's lease ends
        ToolResult takenOver = executor(journal, "replica").newRun("ticket-2")
                .execute(new ToolCall("c2", "pay", "{\"cents\":500}"));
        stalling.resume.countDown();
        ToolResult stalledResult = first.get(10, TimeUnit.SECONDS);

        assertThat(takenOver.success()).as("%s", takenOver).isTrue();
        assertThat(pay.runs()).as("body runs").isEqualTo(1);
        // Nothing ran here; the record says what the replica's run came to.
        assertThat(stalledResult.success()).as("%s", stalledResult).isTrue();
        assertThat(stalledResult.replayed()).isTrue();
        assertThat(stalledResult.attempts()).isZero();
        assertThat(stalledResult.value()).isEqualTo(takenOver.value());
        assertThat(journal.find(takenOver.idempotencyKey()).orElseThrow().status()).isEqualTo(CallStatus.SUCCEEDED);
    }

    @Test
    public void aKnownOutcomeIsRecordedBeforeTheCallerIsAnsweredWhenTheJournalRecoversWithinTwoSeconds() {
        tools = new JournalFaultTools.Pay();
        ScriptedTool pay = tools.script("pay", (run, ctx, args) -> "{\"id\":\"tr_1\"}");
        CallJournal journal = journal();
        FailingCompletions failing = new FailingCompletions(journal, 3);

        ToolResult first = executor(failing, "a").newRun("ticket-3").execute(new ToolCall("c1", "pay", "{\"cents\":5}"));

        assertThat(first.success()).isTrue();
        // No wait: had the process died right after answering, the outcome would still be on record.
        assertThat(journal.find(first.idempotencyKey()).orElseThrow().status()).isEqualTo(CallStatus.SUCCEEDED);
        assertThat(failing.failedCompletions()).isEqualTo(3);
        assertThat(pay.runs()).isEqualTo(1);
    }

    @Test
    public void aStalledOwnersCallThatAReplicaPresumedLostIsAnsweredAsItsRecordSaysAndRunsOnceLater() throws Exception {
        tools = new JournalFaultTools.Pay();
        ScriptedTool pay = tools.script("pay", (run, ctx, args) -> "{\"id\":\"tr_" + run + "\"}");
        CallJournal journal = journal();
        StallingClaims stalling = new StallingClaims(journal);

        CompletableFuture<ToolResult> first = executor(stalling, "stalled").newRun("ticket-4")
                .executeAsync(new ToolCall("c1", "pay", "{\"cents\":500}")).toCompletableFuture();
        assertThat(stalling.claimed.await(10, TimeUnit.SECONDS)).isTrue();
        Thread.sleep(lease().toMillis() * 2); // the stalled owner's lease ends
        ToolResult replica = executor(journal, "replica").newRun("ticket-4")
                .execute(new ToolCall("c2", "pay", "{\"cents\":500}"));
        stalling.resume.countDown();
        ToolResult stalled = first.get(10, TimeUnit.SECONDS);

        assertThat(replica.errorType()).as("%s", replica).isEqualTo(ErrorType.OUTCOME_UNKNOWN);
        assertThat(stalled.errorType()).as("nobody runs the call: not IN_FLIGHT").isNotEqualTo(ErrorType.IN_FLIGHT);
        assertThat(stalled.textForModel()).contains("NOT executed");
        assertThat(stalled.outcomeUnknown()).isFalse();
        assertThat(pay.runs()).isZero();

        ToolResult later = executor(journal, "replica").newRun("ticket-4")
                .execute(new ToolCall("c3", "pay", "{\"cents\":500}"));
        assertThat(later.success()).as("%s", later).isTrue();
        assertThat(pay.runs()).isEqualTo(1);
    }

    /**
     * The rule of docs/running-tools.md on every path: a verifier's NOT_APPLIED is evidence only
     * once no earlier attempt of the key can still reach the service. A transfer that reaches the
     * bank only after the tool's timeout is re-issued at once, and again once the claim's first
     * lease would have lapsed (the owner renews it while the abandoned body runs): its verifier finds
     * nothing yet, and the body must not run a second time; once the late transfer lands and the
     * abandoned body returns with it, the intent replays it.
     */
    @Test
    public void notAppliedIsNoEvidenceWhileATimedOutBodyMayStillReachTheService() throws Exception {
        try (LateBank bank = new LateBank(1_000 + 2 * lease().toMillis())) {
            Transfers transfers = new TransferTools.VerifiedWithin200Ms(bank::transferPastInterrupts, bank::lookUp);
            CallJournal journal = journal();
            ToolRegistry registry = ToolRegistry.builder().discover(transfers).build();
            ToolExecutor executor = ToolExecutor.builder(registry)
                    .journal(JournalSettings.of(journal).withOwner("a").withLease(lease())).build();
            ToolExecutor replica = ToolExecutor.builder(registry)
                    .journal(JournalSettings.of(journal).withOwner("b").withLease(lease())).build();

            ToolResult first = executor.newRun("pay-9").execute(new ToolCall("c1", "transfer", "{}"));
            ToolResult reissued = executor.newRun("pay-9").execute(new ToolCall("c2", "transfer", "{}"));
            Thread.sleep(lease().toMillis() * 3 / 2);
            ToolResult pastTheFirstLease = replica.newRun("pay-9").execute(new ToolCall("c3", "transfer", "{}"));

            assertThat(first.outcomeUnknown()).as("%s", first).isTrue();
            for (ToolResult result : List.of(reissued, pastTheFirstLease)) {
                assertThat(result.errorType()).as("%s", result).isEqualTo(ErrorType.OUTCOME_UNKNOWN);
                assertThat(result.mayStillBeRunning()).isTrue();
            }
            assertThat(transfers.questions.get()).as("the verifier was asked, and its NOT_APPLIED not trusted")
                    .isEqualTo(3);
            assertThat(transfers.bodyRuns.get()).isEqualTo(1);

            bank.awaitEffects(first.idempotencyKey(), 1);
            ToolResult settled = awaitSettled(executor, "pay-9");
            assertThat(settled.success()).as("%s", settled).isTrue();
            assertThat(settled.replayed()).isTrue();
            assertThat(transfers.bodyRuns.get()).isEqualTo(1);
            Thread.sleep(300); // nothing else is on its way
            assertThat(bank.effects(first.idempotencyKey())).isEqualTo(1);
        }
    }

    /** The intent re-issued until its answer no longer says an abandoned body may still be running. */
    private static ToolResult awaitSettled(ToolExecutor executor, String intent) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        ToolResult result;
        int n = 0;
        do {
            Thread.sleep(50);
            result = executor.newRun(intent).execute(new ToolCall("s" + n++, "transfer", "{}"));
        } while (result.mayStillBeRunning() && System.nanoTime() < deadline);
        return result;
    }

    private static CallRecord awaitCompleted(CallJournal journal, String key) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (System.nanoTime() < deadline) {
            Optional<CallRecord> record = journal.find(key);
            if (record.isPresent() && record.get().status().isCompleted()) {
                return record.get();
            }
            Thread.sleep(20);
        }
        throw new AssertionError("the outcome of " + key + " was never written: " + journal.find(key));
    }

    /** A journal whose first {@code failures} completions fail, as a database that went away would. */
    private static final class FailingCompletions extends Forwarding {
        private final AtomicInteger failuresLeft;
        private final AtomicInteger failed = new AtomicInteger();

        FailingCompletions(CallJournal journal, int failures) {
            super(journal);
            this.failuresLeft = new AtomicInteger(failures);
        }

        @Override
        public boolean complete(String key, long epoch, CallOutcome outcome) {
            if (failuresLeft.getAndDecrement() > 0) {
                failed.incrementAndGet();
                throw new IllegalStateException("the journal's database is down");
            }
            return super.complete(key, epoch, outcome);
        }

        int failedCompletions() {
            return failed.get();
        }
    }

    /** A journal whose first claim stalls its owner after the claim was made, until released. */
    private static final class StallingClaims extends Forwarding {
        final CountDownLatch claimed = new CountDownLatch(1);
        final CountDownLatch resume = new CountDownLatch(1);

        StallingClaims(CallJournal journal) {
            super(journal);
        }

        @Override
        public Claim claim(CallIntent intent, String owner, Duration lease, boolean reDrivable) {
            Claim claim = super.claim(intent, owner, lease, reDrivable);
            claimed.countDown();
            try {
                resume.await(); // a GC pause, a SIGSTOP: the owner does nothing, not even renew
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return claim;
        }
    }

    private abstract static class Forwarding implements CallJournal {
        private final CallJournal journal;

        Forwarding(CallJournal journal) {
            this.journal = journal;
        }

        @Override
        public Claim claim(CallIntent intent, String owner, Duration lease, boolean reDrivable) {
            return journal.claim(intent, owner, lease, reDrivable);
        }

        @Override
        public boolean renew(String key, long epoch, Duration lease) {
            return journal.renew(key, epoch, lease);
        }

        @Override
        public boolean complete(String key, long epoch, CallOutcome outcome) {
            return journal.complete(key, epoch, outcome);
        }

        @Override
        public Optional<CallRecord> find(String key) {
            return journal.find(key);
        }

        @Override
        public int purge() {
            return journal.purge();
        }
    }
}
