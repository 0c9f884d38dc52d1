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
    private final CountingTools tools = new CountingTools();

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
        return ToolExecutor.builder(ToolRegistry.of(tools))
                .journal(JournalSettings.of(journal).withOwner(owner).withLease(lease()))
                .build();
    }

    @Test
    public void aCompletionThatFailsIsWrittenAgainAndTheSameIntentIsAnsweredWithItsRealOutcomeMeanwhile()
            throws InterruptedException {
        CountingTools.CountingTool pay = tools.add(d -> d.restartSafe(false).idempotent(false), "pay",
                (run, ctx, args) -> "{\"id\":\"tr_1\"}");
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
        CountingTools.CountingTool pay = tools.add(d -> d.restartSafe(false).idempotent(true), "pay",
                (run, ctx, args) -> "{\"id\":\"tr_" + run + "\"}");
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
        assertThat(stalledResult.errorType()).isEqualTo(ErrorType.IN_FLIGHT);
        assertThat(stalledResult.attempts()).isZero();
        assertThat(stalledResult.textForModel()).contains("NOT started here");
        assertThat(journal.find(takenOver.idempotencyKey()).orElseThrow().status()).isEqualTo(CallStatus.SUCCEEDED);
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
