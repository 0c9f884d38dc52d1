package dev.idem.approvals;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.idem.journal.CallJournal;
import dev.idem.journal.CallRecord;
import dev.idem.journal.CallStatus;
import dev.idem.journal.FaultedJournal;
import dev.idem.journal.TestClock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The rules of {@link Approvals} that hold on every journal (memory, file, PostgreSQL): a decision
 * is recorded once however deciders race, the one that loses is always told the decision of
 * record, and a decision whose journal write fails leaves no decision (or the whole one) and a
 * call that stays decidable. A subclass says how to make a journal, how a second replica reaches
 * the same records, and how a decision record's lease passes.
 */
public abstract class ApprovalsContract {

    /** The clock expiry is judged by, moved by hand; journals that read a clock read it too. */
    protected final TestClock clock = new TestClock();

    private final List<CallJournal> opened = new ArrayList<>();

    /** A new, empty journal. */
    protected abstract CallJournal newJournal();

    /** Another replica on {@code journal}'s records: the same journal where one process owns them. */
    protected CallJournal replicaOf(CallJournal journal) {
        return journal;
    }

    /** Lets {@code duration} pass for the journals of this test (and for {@link #clock}). */
    protected void elapse(Duration duration) {
        clock.advance(duration);
    }

    /** How many races the race test runs. */
    protected int races() {
        return 300;
    }

    /** Up to how long each decider of a race waits after the start, so that the seed varies who is first. */
    protected int jitterNanos() {
        return 100_000;
    }

    private CallJournal journal() {
        return opened(newJournal());
    }

    private CallJournal opened(CallJournal journal) {
        opened.add(journal);
        return journal;
    }

    @AfterEach
    void closeJournals() {
        opened.forEach(CallJournal::close);
    }

    private Approvals approvals(CallJournal journal, String owner) {
        return Approvals.over(journal, owner, clock);
    }

    private ApprovalRequest awaiting(Approvals approvals, String key, Duration expiresIn) {
        Instant now = clock.instant();
        return approvals.record(new ApprovalRequest("ticket-" + key, "c1", "transfer", key, "{\"cents\":480000}",
                List.of(), now, now.plus(expiresIn)));
    }

    private static String decisionKey(String key) {
        return "idem-decision-" + key;
    }

    @Test
    public void pendingListsTheUndecidedRequestsOldestFirstAndADecidedOneNoLonger() {
        CallJournal one = journal();
        Approvals a = approvals(one, "replica-a");
        awaiting(a, "first", Duration.ofDays(1));
        elapse(Duration.ofSeconds(1));
        awaiting(a, "second", Duration.ofDays(1));
        elapse(Duration.ofSeconds(1));
        awaiting(a, "third", Duration.ofDays(1));
        a.decide(ApprovalDecision.decline("second", "bruno", "wrong account"));
        Approvals b = approvals(opened(replicaOf(one)), "replica-b");

        assertThat(b.pending(10)).extracting(ApprovalRequest::idempotencyKey).containsExactly("first", "third");
        assertThat(b.pending(1)).extracting(ApprovalRequest::idempotencyKey).containsExactly("first");
        b.decide(ApprovalDecision.approve("first", "ana", "checked"));
        assertThat(a.pending(10)).extracting(ApprovalRequest::idempotencyKey).containsExactly("third");
    }

    @Test
    public void pendingRequestsAreTheUndecidedUnexpiredOnesOldestFirstOnEveryReplica() {
        CallJournal journal = journal();
        Approvals approvals = approvals(journal, "replica-1");
        awaiting(approvals, "k-first", Duration.ofHours(1));
        elapse(Duration.ofMillis(5));
        awaiting(approvals, "k-decided", Duration.ofHours(1));
        elapse(Duration.ofMillis(5));
        awaiting(approvals, "k-expiring", Duration.ofMillis(100));
        elapse(Duration.ofMillis(5));
        awaiting(approvals, "k-last", Duration.ofHours(1));
        approvals.decide(ApprovalDecision.decline("k-decided", "ana", "not this one"));

        assertThat(approvals.pending(10)).extracting(ApprovalRequest::idempotencyKey)
                .containsExactly("k-first", "k-expiring", "k-last");
        assertThat(approvals.pending(10).get(0).argumentsJson()).isEqualTo("{\"cents\":480000}");
        elapse(Duration.ofMillis(100));
        assertThat(approvals(opened(replicaOf(journal)), "replica-2").pending(10))
                .extracting(ApprovalRequest::idempotencyKey).as("past its expiry it counts as declined")
                .containsExactly("k-first", "k-last");
    }

    @Test
    public void losingDecisionIsAlwaysToldTheWinnersDecision() throws Exception {
        long seed = Long.getLong("idem.approvals.seed", System.nanoTime());
        System.out.println("approval races seeded " + seed + " (-Didem.approvals.seed=" + seed + " replays the order)");
        Random random = new Random(seed);
        CallJournal one = journal();
        CallJournal other = opened(replicaOf(one));
        Approvals a = approvals(one, "replica-a");
        Approvals b = approvals(other, "replica-b");
        List<String> wrong = new ArrayList<>();
        ExecutorService deciders = Executors.newFixedThreadPool(2);
        try {
            for (int race = 0; race < races(); race++) {
                String key = "race-" + race;
                awaiting(a, key, Duration.ofDays(1));
                ApprovalDecision approve = ApprovalDecision.approve(key, "ana", "invoice " + race + " checked");
                ApprovalDecision decline = ApprovalDecision.decline(key, "bruno", "wrong account " + race);
                CyclicBarrier start = new CyclicBarrier(2);
                long approveAfterNanos = random.nextInt(jitterNanos());
                long declineAfterNanos = random.nextInt(jitterNanos());
                Future<Object> approving = deciders.submit(() -> decide(start, approveAfterNanos, a, approve));
                Future<Object> declining = deciders.submit(() -> decide(start, declineAfterNanos, b, decline));
                Object approved = approving.get(30, TimeUnit.SECONDS);
                Object declined = declining.get(30, TimeUnit.SECONDS);

                boolean approveWon = approved instanceof ApprovalDecision;
                boolean declineWon = declined instanceof ApprovalDecision;
                if (approveWon == declineWon) {
                    wrong.add("race " + race + ": " + (approveWon ? "both won" : "none won: " + approved + ", " + declined));
                    continue;
                }
                ApprovalDecision winner = (ApprovalDecision) (approveWon ? approved : declined);
                Object loser = approveWon ? declined : approved;
                if (!(loser instanceof ApprovalConflictException conflict)) {
                    wrong.add("race " + race + ": the loser got " + loser);
                } else if (!conflict.recorded().equals(winner)) {
                    wrong.add("race " + race + ": the loser was told " + conflict.recorded() + ", the winner is " + winner);
                }
                if (!a.decision(key).equals(Optional.of(winner))
                        || !b.decision(key).equals(Optional.of(winner))) {
                    wrong.add("race " + race + ": the decision of record is not the winner's " + winner);
                }
            }
        } finally {
            deciders.shutdownNow();
        }
        assertThat(wrong).as("%d races seeded %d: every one has one winner, whose decision the loser is told", races(),
                seed).isEmpty();
    }

    private static Object decide(CyclicBarrier start, long afterNanos, Approvals approvals, ApprovalDecision decision)
            throws Exception {
        start.await(10, TimeUnit.SECONDS);
        long until = System.nanoTime() + afterNanos;
        while (System.nanoTime() < until) {
            Thread.onSpinWait();
        }
        try {
            return approvals.decide(decision);
        } catch (RuntimeException e) {
            return e;
        }
    }

    @Test
    public void losingDecisionWaitsForTheWinnersRecordStillBeingWrittenAndIsToldIt() throws Exception {
        FaultedJournal journal = new FaultedJournal(journal());
        Approvals a = approvals(journal, "replica-a");
        Approvals b = approvals(journal, "replica-b");
        awaiting(a, "k1", Duration.ofDays(1));
        FaultedJournal.Hold winnerWriting = journal.holdNextCompletion(decisionKey("k1"));
        ExecutorService winner = Executors.newSingleThreadExecutor();
        ExecutorService loser = Executors.newSingleThreadExecutor();
        try {
            Future<ApprovalDecision> approving = winner.submit(() -> a.decide(ApprovalDecision.approve("k1", "ana", "ok")));
            winnerWriting.awaitHeld(); // the winner's record: claimed, STARTED, no decision in it yet
            Future<Object> declining = loser.submit(() -> {
                try {
                    return b.decide(ApprovalDecision.decline("k1", "bruno", "wrong account"));
                } catch (RuntimeException e) {
                    return e;
                }
            });
            while (journal.claims(decisionKey("k1")) < 2 && !declining.isDone()) {
                Thread.sleep(5);
            }
            Thread.sleep(100); // the loser has met the unfinished record; now the winner finishes
            winnerWriting.release();

            ApprovalDecision approved = approving.get(30, TimeUnit.SECONDS);
            assertThat(declining.get(30, TimeUnit.SECONDS)).isInstanceOfSatisfying(ApprovalConflictException.class,
                    conflict -> assertThat(conflict.recorded()).isEqualTo(approved));
            assertThat(approved.by()).isEqualTo("ana");
        } finally {
            winnerWriting.release();
            winner.shutdownNow();
            loser.shutdownNow();
        }
    }

    @Test
    public void aDecisionWhoseWriteFailsIsNotRecordedAndItsDeciderIsToldSo() {
        FaultedJournal journal = new FaultedJournal(journal());
        Approvals approvals = approvals(journal, "replica-a");
        awaiting(approvals, "k1", Duration.ofDays(1));
        journal.failCompletions(decisionKey("k1"), 1, false);

        assertThatThrownBy(() -> approvals.decide(ApprovalDecision.approve("k1", "ana", "ok")))
                .isInstanceOf(ApprovalNotRecordedException.class)
                .hasMessageContaining("APPROVED by ana").hasMessageContaining("NOT recorded")
                .hasRootCauseMessage(FaultedJournal.FAILURE);
        assertThat(approvals.decision("k1")).as("no decision").isEmpty();
        assertThat(approvals.request("k1")).as("the call still awaits approval").isPresent();
    }

    @Test
    public void afterAFailedDecisionWriteALaterDecisionIsRecordedOnceWithoutWaitingForTheLease() {
        FaultedJournal journal = new FaultedJournal(journal());
        Approvals a = approvals(journal, "replica-a");
        Approvals b = approvals(opened(replicaOf(journal)), "replica-b");
        for (boolean sameAgain : new boolean[] {true, false}) {
            String key = sameAgain ? "again" : "other";
            awaiting(a, key, Duration.ofDays(1));
            journal.failCompletions(decisionKey(key), 1, false);
            assertThatThrownBy(() -> a.decide(ApprovalDecision.approve(key, "ana", "ok")))
                    .isInstanceOf(ApprovalNotRecordedException.class);

            ApprovalDecision later = sameAgain ? ApprovalDecision.approve(key, "ana", "ok, again")
                    : ApprovalDecision.decline(key, "bruno", "wrong account");
            long started = System.nanoTime();
            ApprovalDecision recorded = b.decide(later);
            long tookMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started);

            assertThat(tookMs).as("%s: the failed claim was withdrawn, nobody waits for its lease", key)
                    .isLessThan(Approvals.LEASE.toMillis() / 2);
            assertThat(recorded.verdict()).isEqualTo(later.verdict());
            assertThat(recorded.by()).isEqualTo(later.by());
            assertThat(recorded.reason()).isEqualTo(later.reason());
            assertThat(a.decision(key)).contains(recorded);
            ApprovalDecision conflicting = sameAgain ? ApprovalDecision.decline(key, "bruno", "no")
                    : ApprovalDecision.approve(key, "ana", "ok");
            assertThatThrownBy(() -> a.decide(conflicting)).isInstanceOfSatisfying(ApprovalConflictException.class,
                    conflict -> assertThat(conflict.recorded()).isEqualTo(recorded));
            assertThat(a.decide(later)).as("the same verdict again answers with the one of record").isEqualTo(recorded);
            assertThat(journal.find(decisionKey(key))).get().extracting(CallRecord::status, CallRecord::attempts)
                    .as("one decision written").containsExactly(CallStatus.SUCCEEDED, 1);
        }
    }

    @Test
    public void afterAFailedDecisionWriteExpiryStillDeclinesAnExpiredRequest() {
        FaultedJournal journal = new FaultedJournal(journal());
        Approvals approvals = approvals(journal, "replica-a");
        ApprovalRequest request = awaiting(approvals, "k1", Duration.ofHours(1));
        journal.failCompletions(decisionKey("k1"), 1, false);
        assertThatThrownBy(() -> approvals.decide(ApprovalDecision.approve("k1", "ana", "ok")))
                .isInstanceOf(ApprovalNotRecordedException.class);

        clock.advance(Duration.ofHours(2));
        ApprovalDecision expired = approvals.expireIfDue(request).orElseThrow();

        assertThat(expired.verdict()).isEqualTo(ApprovalDecision.Verdict.DECLINED);
        assertThat(expired.by()).isEqualTo(Approvals.EXPIRY);
        assertThat(approvals.decision("k1")).contains(expired);
        assertThatThrownBy(() -> approvals.decide(ApprovalDecision.approve("k1", "ana", "late")))
                .isInstanceOfSatisfying(ApprovalConflictException.class,
                        conflict -> assertThat(conflict.recorded()).isEqualTo(expired));
    }

    @Test
    public void aDecisionWhoseWriteLandedButWhoseAnswerWasLostIsRecordedWholeAndReturned() {
        FaultedJournal journal = new FaultedJournal(journal());
        Approvals approvals = approvals(journal, "replica-a");
        awaiting(approvals, "k1", Duration.ofDays(1));
        journal.failCompletions(decisionKey("k1"), 1, true);

        ApprovalDecision approved = approvals.decide(ApprovalDecision.approve("k1", "ana", "ok"));

        assertThat(approved.verdict()).isEqualTo(ApprovalDecision.Verdict.APPROVED);
        assertThat(approved.by()).isEqualTo("ana");
        assertThat(approvals.decision("k1")).contains(approved);
        assertThat(journal.succeeded(decisionKey("k1"))).as("recorded once").isEqualTo(1);
        assertThatThrownBy(() -> approvals.decide(ApprovalDecision.decline("k1", "bruno", "no")))
                .isInstanceOfSatisfying(ApprovalConflictException.class,
                        conflict -> assertThat(conflict.recorded()).isEqualTo(approved));
    }

    @Test
    public void aDecisionRecordLeftUnfinishedIsReclaimedOnceItsLeaseEnds() {
        FaultedJournal journal = new FaultedJournal(journal());
        Approvals a = approvals(journal, "replica-a");
        Approvals b = approvals(opened(replicaOf(journal)), "replica-b");
        awaiting(a, "k1", Duration.ofDays(1));
        journal.failCompletions(decisionKey("k1"), 2, false); // the write and its withdrawal: the journal is gone

        assertThatThrownBy(() -> a.decide(ApprovalDecision.approve("k1", "ana", "ok")))
                .isNotInstanceOf(ApprovalNotRecordedException.class)
                .hasMessageContaining("may or may not be recorded");
        elapse(Approvals.LEASE.plusSeconds(1));
        ApprovalDecision declined = b.decide(ApprovalDecision.decline("k1", "bruno", "wrong account"));

        assertThat(declined.by()).isEqualTo("bruno");
        assertThat(a.decision("k1")).contains(declined);
        assertThatThrownBy(() -> a.decide(ApprovalDecision.approve("k1", "ana", "ok")))
                .isInstanceOfSatisfying(ApprovalConflictException.class,
                        conflict -> assertThat(conflict.recorded()).isEqualTo(declined));
    }

    @Test
    public void aStalledDeciderOvertakenAfterItsLeaseIsToldTheDecisionOfRecordSoNeverBothWin() throws Exception {
        FaultedJournal journal = new FaultedJournal(journal());
        Approvals a = approvals(journal, "replica-a");
        Approvals b = approvals(opened(replicaOf(journal)), "replica-b");
        awaiting(a, "k1", Duration.ofDays(1));
        FaultedJournal.Hold stalled = journal.holdNextCompletion(decisionKey("k1"));
        ExecutorService decider = Executors.newSingleThreadExecutor();
        try {
            Future<Object> approving = decider.submit(() -> {
                try {
                    return a.decide(ApprovalDecision.approve("k1", "ana", "ok"));
                } catch (RuntimeException e) {
                    return e;
                }
            });
            stalled.awaitHeld();
            elapse(Approvals.LEASE.plusSeconds(1));
            ApprovalDecision declined = b.decide(ApprovalDecision.decline("k1", "bruno", "wrong account"));
            stalled.release();

            assertThat(approving.get(30, TimeUnit.SECONDS)).isInstanceOfSatisfying(ApprovalConflictException.class,
                    conflict -> assertThat(conflict.recorded()).isEqualTo(declined));
            assertThat(a.decision("k1")).contains(declined);
        } finally {
            stalled.release();
            decider.shutdownNow();
        }
    }
}
