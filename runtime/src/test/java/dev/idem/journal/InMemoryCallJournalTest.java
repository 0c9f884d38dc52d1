package dev.idem.journal;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The journal contract, in memory, on a clock the test moves; and the bound of the executor's own. */
class InMemoryCallJournalTest extends CallJournalContract {

    private final TestClock clock = new TestClock();

    @Override
    protected CallJournal newJournal(Duration retention) {
        return CallJournal.inMemory(clock, retention);
    }

    @Override
    protected void elapse(Duration duration) {
        clock.advance(duration);
    }

    @Override
    protected Duration lease() {
        return Duration.ofSeconds(10);
    }

    @Test
    void aBoundedJournalForgetsTheLongestCompletedFirstAndNeverACallStillRunning() {
        CallJournal journal = CallJournal.inMemory(clock, Duration.ofHours(24), 64);
        journal.claim(intent("running"), "a", lease(), false);
        for (int i = 0; i < 1_000; i++) {
            Claim.Owned owned = (Claim.Owned) journal.claim(intent("k" + i), "a", lease(), false);
            journal.complete("k" + i, owned.epoch(), CallOutcome.succeeded("{}", 1));
        }

        assertThat(journal.find("running")).get().extracting(CallRecord::status).isEqualTo(CallStatus.STARTED);
        assertThat(journal.find("k999")).as("the most recent").isPresent();
        assertThat(journal.find("k0")).as("the longest completed").isEmpty();
        int kept = 0;
        for (int i = 0; i < 1_000; i++) {
            kept += journal.find("k" + i).isPresent() ? 1 : 0;
        }
        assertThat(kept).isLessThanOrEqualTo(64).isGreaterThanOrEqualTo(64 - 64 / 16 - 1);
    }

    @Test
    void aFullJournalForgetsEveryExpiredRecordBeforeAnyOther() {
        CallJournal journal = CallJournal.inMemory(clock, Duration.ofHours(1), 64);
        for (int i = 0; i < 32; i++) {
            Claim.Owned owned = (Claim.Owned) journal.claim(intent("old" + i), "a", lease(), false);
            journal.complete("old" + i, owned.epoch(), CallOutcome.succeeded("{}", 1));
        }
        elapse(Duration.ofHours(2));
        for (int i = 0; i < 40; i++) {
            Claim.Owned owned = (Claim.Owned) journal.claim(intent("new" + i), "a", lease(), false);
            journal.complete("new" + i, owned.epoch(), CallOutcome.succeeded("{}", 1));
        }

        for (int i = 0; i < 32; i++) {
            assertThat(journal.find("old" + i)).as("expired old" + i).isEmpty();
        }
        for (int i = 0; i < 40; i++) {
            assertThat(journal.find("new" + i)).as("new" + i).isPresent();
        }
    }

    private static CallIntent intent(String key) {
        return new CallIntent(key, "intent-1", "pay", "hash-" + key);
    }
}
