package dev.idem.journal.postgres;

import java.sql.SQLException;

/**
 * The database failed a journal operation. The executor treats a failed claim as "the journal
 * cannot be reached" (the tool is not run) and a failed completion as a lost owner's record.
 */
public final class PostgresJournalException extends RuntimeException {

    PostgresJournalException(String operation, String table, SQLException cause) {
        super("call journal " + operation + " on " + table + " failed: " + cause.getMessage()
                + (cause.getSQLState() == null ? "" : " (SQLState " + cause.getSQLState() + ")"), cause);
    }
}
