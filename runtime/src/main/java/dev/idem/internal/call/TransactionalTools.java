package dev.idem.internal.call;

import dev.idem.journal.JournalSettings;
import dev.idem.journal.TransactionalJournal;
import dev.idem.tool.ToolDescriptor;
import dev.idem.tool.ToolRegistry;
import java.util.ArrayList;
import java.util.List;

/** The executor's build-time check of its transactional tools: each needs a journal that can run one transaction. */
public final class TransactionalTools {

    private TransactionalTools() {}

    /**
     * Throws when a transactional tool of {@code registry} cannot run: no journal that is a
     * {@link TransactionalJournal}, or a descriptor that contradicts a transaction.
     */
    public static void check(ToolRegistry registry, JournalSettings journal) {
        List<String> problems = new ArrayList<>();
        for (ToolDescriptor tool : registry.descriptors()) {
            if (!tool.transactional()) {
                continue;
            }
            if (journal == null || !(journal.journal() instanceof TransactionalJournal)) {
                problems.add("tool '" + tool.name() + "' is transactional (it takes a java.sql.Connection) but the"
                        + " executor's journal is " + (journal == null ? "its own, in memory"
                        : journal.journal().getClass().getName()) + ", which cannot claim, run and record a call in"
                        + " one transaction: build the executor with .journal(PostgresCallJournal.builder(dataSource)"
                        + ".build()) from idem-journal-postgres, on the database the tool writes to");
            }
            if (tool.readOnly()) {
                problems.add("tool '" + tool.name() + "' is transactional and read-only: a read-only tool is not"
                        + " journaled, so it has no transaction; drop readOnly or the Connection parameter");
            }
            if (tool.async()) {
                problems.add("tool '" + tool.name() + "' is transactional and asynchronous: the transaction commits"
                        + " when the method returns; return the value itself");
            }
        }
        if (!problems.isEmpty()) {
            throw new IllegalStateException(String.join("; ", problems));
        }
    }
}
