package dev.idem.tool;

import dev.idem.journal.CallJournal;

/** The executor's journal-fault rules on the in-memory journal. */
class InMemoryJournalFaultsTest extends ExecutorJournalFaultContract {

    @Override
    protected CallJournal newJournal() {
        return CallJournal.inMemory();
    }
}
