package dev.idem.approvals;

import dev.idem.journal.CallJournal;

/** The approvals rules on the journal in memory, two deciders in one process. */
class InMemoryApprovalsTest extends ApprovalsContract {

    @Override
    protected CallJournal newJournal() {
        return CallJournal.inMemory(clock, CallJournal.DEFAULT_RETENTION);
    }

    @Override
    protected int races() {
        return 5_000;
    }

    @Override
    protected int jitterNanos() {
        return 500; // a claim and its completion are microseconds apart in memory: start the deciders closer
    }
}
