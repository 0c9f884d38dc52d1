package dev.idem.journal;

import java.time.Duration;

/** The journal contract, in memory, on a clock the test moves. */
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
}
