package dev.idem.journal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.idem.ErrorType;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The rules every {@link CallJournal} keeps, stated once and run against each implementation
 * (memory, file, PostgreSQL). A subclass says how to make a journal and how time passes: moved by
 * hand for journals that read a clock, slept through for PostgreSQL, which reads its own.
 */
public abstract class CallJournalContract {

    private final List<CallJournal> opened = new ArrayList<>();

    /** A new, empty journal keeping completed records for {@code retention}. */
    protected abstract CallJournal newJournal(Duration retention);

    /** Lets {@code duration} pass for the journals of this test. */
    protected abstract void elapse(Duration duration);

    /** The lease the tests claim with; {@link #elapse} of it must be affordable. */
    protected abstract Duration lease();

    private CallJournal journal() {
        return journal(Duration.ofHours(24));
    }

    private CallJournal journal(Duration retention) {
        CallJournal journal = newJournal(retention);
        opened.add(journal);
        return journal;
    }

    @AfterEach
    void closeJournals() {
        opened.forEach(CallJournal::close);
    }

    private static CallIntent intent(String key) {
        return new CallIntent(key, "intent-1", "pay", "hash-500");
    }

    private Duration pastLease() {
        return lease().plus(lease().dividedBy(2));
    }

    @Test
    public void firstClaimOwnsTheIntentAtEpochOneAndRecordsItStarted() {
        CallJournal journal = journal();

        Claim claim = journal.claim(intent("k1"), "a", lease(), true);

        assertThat(claim).isEqualTo(new Claim.Owned(1, false));
        CallRecord record = journal.find("k1").orElseThrow();
        assertThat(record.status()).isEqualTo(CallStatus.STARTED);
        assertThat(record.owner()).isEqualTo("a");
        assertThat(record.epoch()).isEqualTo(1);
        assertThat(record.attempts()).isZero();
        assertThat(record.leaseUntil()).isAfter(record.createdAt());
        assertThat(record.intent()).isEqualTo(intent("k1"));
    }

    @Test
    public void claimWhileTheLeaseIsHeldIsInFlightForAnyOwner() {
        CallJournal journal = journal();
        journal.claim(intent("k1"), "a", lease(), true);

        Claim other = journal.claim(intent("k1"), "b", lease(), true);
        Claim same = journal.claim(intent("k1"), "a", lease(), false);

        assertThat(other).isInstanceOf(Claim.InFlight.class);
        assertThat(((Claim.InFlight) other).owner()).isEqualTo("a");
        assertThat(same).isInstanceOf(Claim.InFlight.class);
        assertThat(journal.find("k1").orElseThrow().epoch()).isEqualTo(1);
    }

    @Test
    public void successIsRecordedExactlyAndReplayedToEveryLaterClaim() {
        CallJournal journal = journal();
        journal.claim(intent("k1"), "a", lease(), false);
        String result = "{\"id\":\"tr_1\",\"cents\":123456789012345678901234567890,\"note\":\"S\u00e3o Paulo \u2713\"}";

        assertThat(journal.complete("k1", 1, CallOutcome.succeeded(result, 2))).isTrue();
        Claim again = journal.claim(intent("k1"), "b", lease(), true);

        assertThat(again).isInstanceOf(Claim.Recorded.class);
        CallRecord record = ((Claim.Recorded) again).record();
        assertThat(record.status()).isEqualTo(CallStatus.SUCCEEDED);
        assertThat(record.resultJson()).isEqualTo(result);
        assertThat(record.attempts()).isEqualTo(2);
        assertThat(record.leaseUntil()).isNull();
        assertThat(journal.find("k1").orElseThrow()).isEqualTo(record);
    }

    @Test
    public void terminalFailureIsReplayedAndNeverClaimedAgain() {
        CallJournal journal = journal();
        journal.claim(intent("k1"), "a", lease(), true);
        CallError rejected = new CallError(ErrorType.REJECTED, "insufficient funds", false, false);
        journal.complete("k1", 1, CallOutcome.failed(rejected, 1));

        Claim again = journal.claim(intent("k1"), "b", lease(), true);

        assertThat(again).isInstanceOf(Claim.Recorded.class);
        assertThat(((Claim.Recorded) again).record().error()).isEqualTo(rejected);
        assertThat(((Claim.Recorded) again).record().status()).isEqualTo(CallStatus.FAILED);
    }

    @Test
    public void failureThatLeftNoEffectMayBeClaimedAgainUnderAHigherEpoch() {
        CallJournal journal = journal();
        journal.claim(intent("k1"), "a", lease(), false);
        journal.complete("k1", 1, CallOutcome.failed(
                new CallError(ErrorType.CONNECTION_ERROR, "bank unavailable", true, false), 3));

        Claim again = journal.claim(intent("k1"), "b", lease(), false);

        assertThat(again).isEqualTo(new Claim.Owned(2, false));
        CallRecord record = journal.find("k1").orElseThrow();
        assertThat(record.status()).isEqualTo(CallStatus.STARTED);
        assertThat(record.owner()).isEqualTo("b");
        assertThat(record.attempts()).isEqualTo(3);
    }

    @Test
    public void sameKeyForAnotherToolOrOtherArgumentsIsAConflict() {
        CallJournal journal = journal();
        journal.claim(intent("k1"), "a", lease(), true);

        Claim otherTool = journal.claim(new CallIntent("k1", "intent-1", "refund", "hash-500"), "b", lease(), true);
        Claim otherArguments = journal.claim(new CallIntent("k1", "intent-1", "pay", "hash-700"), "b", lease(), true);
        Claim otherIntent = journal.claim(new CallIntent("k1", "intent-2", "pay", "hash-500"), "b", lease(), true);

        assertThat(otherTool).isInstanceOf(Claim.Conflict.class);
        assertThat(otherArguments).isInstanceOf(Claim.Conflict.class);
        assertThat(otherIntent).isInstanceOf(Claim.Conflict.class);
        assertThat(((Claim.Conflict) otherTool).existing().tool()).isEqualTo("pay");
        assertThat(journal.find("k1").orElseThrow().epoch()).isEqualTo(1);
    }

    @Test
    public void lostOwnerIsTakenOverOnlyAfterItsLeaseAndOnlyByAReDrivableClaim() {
        CallJournal journal = journal();
        journal.claim(intent("k1"), "a", lease(), true);

        Claim early = journal.claim(intent("k1"), "b", lease(), true);
        elapse(pastLease());
        Claim late = journal.claim(intent("k1"), "b", lease(), true);

        assertThat(early).isInstanceOf(Claim.InFlight.class);
        assertThat(late).isEqualTo(new Claim.Owned(2, true));
        CallRecord record = journal.find("k1").orElseThrow();
        assertThat(record.owner()).isEqualTo("b");
        assertThat(record.status()).isEqualTo(CallStatus.STARTED);
    }

    @Test
    public void lostOwnerOfACallThatCannotBeReDrivenBecomesOutcomeUnknownForGood() {
        CallJournal journal = journal();
        journal.claim(intent("k1"), "a", lease(), false);
        elapse(pastLease());

        Claim first = journal.claim(intent("k1"), "b", lease(), false);
        Claim second = journal.claim(intent("k1"), "c", lease(), false);

        assertThat(first).isInstanceOf(Claim.Recorded.class);
        CallRecord record = ((Claim.Recorded) first).record();
        assertThat(record.status()).isEqualTo(CallStatus.OUTCOME_UNKNOWN);
        assertThat(record.error().type()).isEqualTo(ErrorType.OUTCOME_UNKNOWN);
        assertThat(record.error().message()).contains("'a'");
        assertThat(record.epoch()).as("no new owner: the old epoch stays").isEqualTo(1);
        assertThat(second).isInstanceOf(Claim.Recorded.class);
        assertThat(((Claim.Recorded) second).record().status()).isEqualTo(CallStatus.OUTCOME_UNKNOWN);
        assertThat(journal.find("k1").orElseThrow().status()).isEqualTo(CallStatus.OUTCOME_UNKNOWN);
    }

    @Test
    public void recordedOutcomeUnknownIsReDrivenOnlyByAReDrivableClaim() {
        CallJournal journal = journal();
        journal.claim(intent("k1"), "a", lease(), true);
        journal.complete("k1", 1, CallOutcome.unknown(
                new CallError(ErrorType.TIMEOUT, "did not finish within 2000 ms", false, true), 1));

        Claim notReDrivable = journal.claim(intent("k1"), "b", lease(), false);
        Claim reDrivable = journal.claim(intent("k1"), "b", lease(), true);

        assertThat(notReDrivable).isInstanceOf(Claim.Recorded.class);
        assertThat(reDrivable).isEqualTo(new Claim.Owned(2, true));
    }

    @Test
    public void completionIsFencedByTheEpochSoALostOwnerCannotOverwriteItsSuccessor() {
        CallJournal journal = journal();
        journal.claim(intent("k1"), "a", lease(), true);
        elapse(pastLease());
        journal.claim(intent("k1"), "b", lease(), true);

        boolean zombie = journal.complete("k1", 1, CallOutcome.failed(
                new CallError(ErrorType.CONNECTION_ERROR, "late", true, false), 1));
        boolean successor = journal.complete("k1", 2, CallOutcome.succeeded("\"ok\"", 1));
        boolean zombieAgain = journal.complete("k1", 1, CallOutcome.succeeded("\"zombie\"", 1));

        assertThat(zombie).isFalse();
        assertThat(successor).isTrue();
        assertThat(zombieAgain).isFalse();
        CallRecord record = journal.find("k1").orElseThrow();
        assertThat(record.resultJson()).isEqualTo("\"ok\"");
        assertThat(record.owner()).isEqualTo("b");
    }

    @Test
    public void lostOwnersLateOutcomeResolvesAnOutcomeUnknownThatNobodyReDrove() {
        CallJournal journal = journal();
        journal.claim(intent("k1"), "a", lease(), false);
        elapse(pastLease());
        journal.claim(intent("k1"), "b", lease(), false); // turns it OUTCOME_UNKNOWN

        boolean resolved = journal.complete("k1", 1, CallOutcome.succeeded("\"tr_9\"", 1));

        assertThat(resolved).isTrue();
        Claim after = journal.claim(intent("k1"), "c", lease(), false);
        assertThat(((Claim.Recorded) after).record().status()).isEqualTo(CallStatus.SUCCEEDED);
        assertThat(((Claim.Recorded) after).record().resultJson()).isEqualTo("\"tr_9\"");
    }

    @Test
    public void unknownOutcomeWhoseBodyMayStillRunKeepsItsLeaseUntilItsOwnerLetsItGo() {
        CallJournal journal = journal();
        journal.claim(intent("k1"), "a", lease(), false);
        CallError running = new CallError(ErrorType.TIMEOUT, "did not finish within 200 ms", false, true);

        assertThat(journal.complete("k1", 1, CallOutcome.unknown(running, 1))).isTrue();
        CallRecord held = journal.find("k1").orElseThrow();
        assertThat(held.status()).isEqualTo(CallStatus.OUTCOME_UNKNOWN);
        assertThat(held.leaseUntil()).as("kept while the abandoned body runs").isNotNull();
        elapse(lease().dividedBy(2));
        assertThat(journal.renew("k1", 1, lease())).isTrue();
        CallRecord renewed = journal.find("k1").orElseThrow();
        assertThat(renewed.leaseUntil()).isAfter(held.leaseUntil());
        assertThat(renewed.error()).isEqualTo(running);
        assertThat(journal.claim(intent("k1"), "b", lease(), false)).isEqualTo(new Claim.Recorded(renewed));
        assertThat(journal.renew("k1", 2, lease())).as("another epoch").isFalse();

        // The body returned a value: the truth replaces the unknown outcome and the lease goes.
        assertThat(journal.complete("k1", 1, CallOutcome.succeeded("\"tr_7\"", 0))).isTrue();
        CallRecord settled = journal.find("k1").orElseThrow();
        assertThat(settled.status()).isEqualTo(CallStatus.SUCCEEDED);
        assertThat(settled.leaseUntil()).isNull();
        assertThat(journal.renew("k1", 1, lease())).isFalse();

        journal.claim(intent("k2"), "a", lease(), false);
        journal.complete("k2", 1, CallOutcome.unknown(new CallError(ErrorType.UNKNOWN, "reset", false, false), 1));
        assertThat(journal.find("k2").orElseThrow().leaseUntil()).as("nothing left running").isNull();
        assertThat(journal.renew("k2", 1, lease())).isFalse();
    }

    @Test
    public void completingTwiceIsRejectedAndKeepsTheFirstOutcome() {
        CallJournal journal = journal();
        journal.claim(intent("k1"), "a", lease(), true);

        assertThat(journal.complete("k1", 1, CallOutcome.succeeded("1", 1))).isTrue();
        assertThat(journal.complete("k1", 1, CallOutcome.succeeded("2", 1))).isFalse();
        assertThat(journal.complete("nobody", 1, CallOutcome.succeeded("3", 1))).isFalse();

        assertThat(journal.find("k1").orElseThrow().resultJson()).isEqualTo("1");
        assertThat(journal.find("nobody")).isEmpty();
    }

    @Test
    public void renewedLeaseKeepsOthersOutAndRenewalFailsOnceTheClaimIsGone() {
        CallJournal journal = journal();
        journal.claim(intent("k1"), "a", lease(), true);

        // Renewed at half the lease, checked at 1.25 leases: past the first lease, within the renewed one.
        elapse(lease().dividedBy(2));
        assertThat(journal.renew("k1", 1, lease())).isTrue();
        elapse(lease().multipliedBy(3).dividedBy(4));
        Claim whileRenewed = journal.claim(intent("k1"), "b", lease(), true);
        elapse(pastLease());
        Claim afterLapse = journal.claim(intent("k1"), "b", lease(), true);

        assertThat(whileRenewed).isInstanceOf(Claim.InFlight.class);
        assertThat(afterLapse).isEqualTo(new Claim.Owned(2, true));
        assertThat(journal.renew("k1", 1, lease())).as("taken over").isFalse();
        assertThat(journal.renew("k1", 2, lease())).isTrue();
        journal.complete("k1", 2, CallOutcome.succeeded("true", 1));
        assertThat(journal.renew("k1", 2, lease())).as("completed").isFalse();
    }

    @Test
    public void attemptsAddUpAcrossOwners() {
        CallJournal journal = journal();
        journal.claim(intent("k1"), "a", lease(), true);
        journal.complete("k1", 1, CallOutcome.unknown(new CallError(ErrorType.TIMEOUT, "t", false, false), 3));
        journal.claim(intent("k1"), "b", lease(), true);
        journal.complete("k1", 2, CallOutcome.succeeded("\"done\"", 2));

        assertThat(journal.find("k1").orElseThrow().attempts()).isEqualTo(5);
    }

    @Test
    public void purgeRemovesOnlyCompletedRecordsPastRetentionAndAClaimForgetsThem() {
        Duration retention = lease().multipliedBy(2);
        CallJournal journal = journal(retention);
        journal.claim(intent("done"), "a", lease().multipliedBy(20), true);
        journal.complete("done", 1, CallOutcome.succeeded("1", 1));
        journal.claim(intent("expired-then-claimed"), "a", lease().multipliedBy(20), true);
        journal.complete("expired-then-claimed", 1, CallOutcome.succeeded("2", 1));
        journal.claim(intent("running"), "a", lease().multipliedBy(20), true);

        assertThat(journal.purge()).as("nothing expired yet").isZero();
        elapse(retention.plus(lease()));
        Claim forgotten = journal.claim(intent("expired-then-claimed"), "b", lease(), false);
        int purged = journal.purge();

        assertThat(forgotten).as("an expired record is as good as none").isEqualTo(new Claim.Owned(2, false));
        assertThat(purged).isEqualTo(1);
        assertThat(journal.find("done")).isEmpty();
        assertThat(journal.find("running")).isPresent();
        assertThat(journal.find("expired-then-claimed").orElseThrow().status()).isEqualTo(CallStatus.STARTED);
    }

    @Test
    public void concurrentClaimsOfOneKeyHaveExactlyOneOwner() throws Exception {
        CallJournal journal = journal();
        int keys = 40;
        int contenders = 6;
        ExecutorService threads = Executors.newFixedThreadPool(contenders);
        try {
            for (int k = 0; k < keys; k++) {
                String key = "race-" + k;
                CountDownLatch start = new CountDownLatch(1);
                List<Future<Claim>> claims = new ArrayList<>();
                for (int c = 0; c < contenders; c++) {
                    String owner = "owner-" + c;
                    Callable<Claim> claim = () -> {
                        start.await();
                        // A lease that cannot lapse during the race: a slow machine must not turn a
                        // late contender into a legitimate second owner of an expired claim.
                        return journal.claim(intent(key), owner, Duration.ofMinutes(5), true);
                    };
                    claims.add(threads.submit(claim));
                }
                start.countDown();
                int owned = 0;
                for (Future<Claim> claim : claims) {
                    Claim answer = claim.get();
                    if (answer instanceof Claim.Owned) {
                        owned++;
                    } else {
                        assertThat(answer).isInstanceOf(Claim.InFlight.class);
                    }
                }
                assertThat(owned).as("owners of %s", key).isEqualTo(1);
            }
        } finally {
            threads.shutdownNow();
        }
    }
}
