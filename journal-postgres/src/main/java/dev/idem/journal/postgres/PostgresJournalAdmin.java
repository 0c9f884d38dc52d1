package dev.idem.journal.postgres;

import dev.idem.approvals.JournalAdmin;
import java.io.PrintWriter;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.util.ArrayList;
import java.util.List;
import java.util.logging.Logger;
import javax.sql.DataSource;

/**
 * {@link JournalAdmin}'s commands on a PostgreSQL journal: lists the calls whose outcome is unknown
 * and resolves one by hand, while the replicas keep running (every statement is atomic). The
 * password is read from {@code IDEM_JOURNAL_PASSWORD}, never from the command line.
 *
 * <pre>
 * IDEM_JOURNAL_PASSWORD=... java -cp idem-journal-postgres.jar:idem-runtime.jar:postgresql.jar:... \
 *     dev.idem.journal.postgres.PostgresJournalAdmin list jdbc:postgresql://db/app --user app --table idem_call_journal
 * </pre>
 *
 * Exit status: 0 done, 1 refused, 2 wrong usage.
 */
public final class PostgresJournalAdmin {

    private PostgresJournalAdmin() {}

    /**
     * {@code PostgresJournalAdmin list|resolve JDBC-URL [--user U] [--table T] ...}: see {@link JournalAdmin}.
     *
     * @param args the command, the JDBC URL, then the command's arguments
     */
    public static void main(String[] args) {
        System.exit(run(args, System.getenv("IDEM_JOURNAL_PASSWORD")));
    }

    /**
     * Runs one command: what {@link #main} does, without exiting.
     *
     * @param args     the command, the JDBC URL, then the command's arguments
     * @param password the database password, or {@code null}
     * @return the exit status
     */
    static int run(String[] args, String password) {
        if (args.length < 2) {
            System.err.println("usage: PostgresJournalAdmin <command> <jdbc url> [--user USER] [--table TABLE] ...\n  "
                    + JournalAdmin.COMMANDS);
            return 2;
        }
        List<String> rest = new ArrayList<>(List.of(args));
        String url = rest.remove(1);
        String user = take(rest, "--user");
        String table = take(rest, "--table");
        PostgresCallJournal.Builder builder = PostgresCallJournal.builder(new UrlDataSource(url, user, password));
        if (table != null) {
            builder.table(table);
        }
        return JournalAdmin.run(builder.build(), rest, System.out, System.err);
    }

    private static String take(List<String> args, String name) {
        int at = args.indexOf(name);
        if (at < 0 || at + 1 >= args.size()) {
            return null;
        }
        args.remove(at);
        return args.remove(at);
    }

    /** One new connection per call, through the driver on the class path: enough for one command. */
    private record UrlDataSource(String url, String user, String password) implements DataSource {
        @Override
        public Connection getConnection() throws SQLException {
            return DriverManager.getConnection(url, user, password);
        }

        @Override
        public Connection getConnection(String otherUser, String otherPassword) throws SQLException {
            return DriverManager.getConnection(url, otherUser, otherPassword);
        }

        @Override
        public PrintWriter getLogWriter() {
            return null;
        }

        @Override
        public void setLogWriter(PrintWriter out) {}

        @Override
        public void setLoginTimeout(int seconds) {}

        @Override
        public int getLoginTimeout() {
            return 0;
        }

        @Override
        public Logger getParentLogger() throws SQLFeatureNotSupportedException {
            throw new SQLFeatureNotSupportedException();
        }

        @Override
        public <T> T unwrap(Class<T> type) throws SQLException {
            throw new SQLException("not a wrapper");
        }

        @Override
        public boolean isWrapperFor(Class<?> type) {
            return false;
        }
    }
}
