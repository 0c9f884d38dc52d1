package dev.idem.tool;

import dev.idem.journal.CallJournal;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;

/** The executor's journal-fault rules on the file journal. */
class FileJournalFaultsTest extends ExecutorJournalFaultContract {

    @TempDir
    Path directory;

    @Override
    protected CallJournal newJournal() {
        return CallJournal.file(directory);
    }
}
