package dev.idem.cli;

import dev.idem.journal.CallJournal;
import dev.idem.journal.FileCallJournal;
import dev.idem.journal.postgres.PostgresCallJournal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.postgresql.ds.PGSimpleDataSource;

/**
 * Where a journal is: a file journal's directory, or a PostgreSQL journal's JDBC URL (with
 * {@code --user} and {@code --table}; the password from {@value #PASSWORD_VARIABLE}, never from the
 * command line, where every user of the machine could read it).
 */
final class JournalLocation {

    static final String PASSWORD_VARIABLE = "IDEM_JOURNAL_PASSWORD";
    /** The options a PostgreSQL journal takes, beside each command's own. */
    static final Set<String> OPTIONS = Set.of("--user", "--table");

    private static final String POSTGRES = "jdbc:postgresql:";

    private JournalLocation() {}

    /**
     * Opens the journal at {@code where}: a file journal is locked for as long as the command runs
     * (it fails when a running process holds it), a PostgreSQL journal is shared with the replicas.
     *
     * @throws UsageException        when {@code where} is neither, or a password is in the URL
     * @throws JournalUnavailable    when there is no journal there, or it cannot be opened
     */
    static CallJournal open(String where, Arguments arguments, Map<String, String> environment) {
        if (where.startsWith(POSTGRES)) {
            return postgres(where, arguments, environment);
        }
        if (where.startsWith("jdbc:")) {
            throw new UsageException("only PostgreSQL journals have a JDBC URL (jdbc:postgresql://...), not " + where);
        }
        if (arguments.value("--user") != null || arguments.value("--table") != null) {
            throw new UsageException("--user and --table are for a PostgreSQL journal; " + where + " is a directory");
        }
        Path directory = Path.of(where);
        if (!Files.isDirectory(directory)) {
            throw new JournalUnavailable("there is no journal in " + where + " (no such directory)");
        }
        try {
            return FileCallJournal.builder(directory).open();
        } catch (IllegalStateException e) {
            throw new JournalUnavailable(e.getMessage() + ".\nA running server holds its file journal: decide"
                    + " there (the MCP client's approval form, or Approvals in that process), or stop it and run"
                    + " this again; on a PostgreSQL journal this command decides while the servers run.");
        }
    }

    private static CallJournal postgres(String url, Arguments arguments, Map<String, String> environment) {
        if (url.toLowerCase(Locale.ROOT).contains("password=")) {
            throw new UsageException("the JDBC URL carries a password: remove it and set " + PASSWORD_VARIABLE
                    + " in the environment instead");
        }
        PGSimpleDataSource source = new PGSimpleDataSource();
        try {
            source.setURL(url);
        } catch (IllegalArgumentException e) {
            throw new UsageException("not a PostgreSQL JDBC URL: " + url + " (" + e.getMessage() + ")");
        }
        if (arguments.value("--user") != null) {
            source.setUser(arguments.value("--user"));
        }
        String password = environment.get(PASSWORD_VARIABLE);
        if (password != null) {
            source.setPassword(password);
        }
        PostgresCallJournal.Builder builder = PostgresCallJournal.builder(source);
        try {
            if (arguments.value("--table") != null) {
                builder.table(arguments.value("--table"));
            }
            return builder.build();
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
    }

    /** The journal is not there or cannot be opened: exit status 1. */
    static final class JournalUnavailable extends RuntimeException {

        private static final long serialVersionUID = 1L;

        JournalUnavailable(String message) {
            super(message);
        }
    }
}
