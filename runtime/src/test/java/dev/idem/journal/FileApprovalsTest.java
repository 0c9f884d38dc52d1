package dev.idem.journal;

import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.io.TempDir;

/** The approvals rules on the file journal, two deciders in the process that owns it. */
class FileApprovalsTest extends ApprovalsContract {

    @TempDir
    Path work;

    private final AtomicInteger journals = new AtomicInteger();

    @Override
    protected CallJournal newJournal() {
        return FileCallJournal.builder(work.resolve("j" + journals.incrementAndGet())).clock(clock).open();
    }

    @Override
    protected int races() {
        return 200;
    }
}
