package dev.idem.mcp.gateway;

import dev.idem.journal.CallJournal;
import dev.idem.journal.FileCallJournal;
import dev.idem.journal.postgres.PostgresCallJournal;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import org.postgresql.ds.PGSimpleDataSource;

/**
 * The gateway's journal: a file journal in a directory (made when missing; the gateway holds it
 * alone), or a PostgreSQL journal from a JDBC URL, which replicas of the gateway share (its table
 * and indexes are made at start where missing). The
 * password comes from {@value #PASSWORD_VARIABLE}, as for the journal command line, never from
 * the command line.
 */
final class GatewayJournal {

    static final String PASSWORD_VARIABLE = "IDEM_JOURNAL_PASSWORD";

    private GatewayJournal() {}

    static CallJournal open(GatewayOptions options, Map<String, String> environment) {
        String where = options.journal();
        if (where.startsWith("jdbc:postgresql:")) {
            return postgres(where, options, environment);
        }
        if (where.startsWith("jdbc:")) {
            throw GatewayException.usage("only PostgreSQL journals have a JDBC URL (jdbc:postgresql://...), not " + where);
        }
        if (options.user() != null || options.table() != null) {
            throw GatewayException.usage("--user and --table are for a PostgreSQL journal; " + where + " is a directory");
        }
        Path directory = Path.of(where);
        try {
            Files.createDirectories(directory);
            return FileCallJournal.builder(directory).open();
        } catch (IOException | IllegalStateException e) {
            throw GatewayException.unavailable("the file journal in " + directory.toAbsolutePath() + " cannot be opened: "
                    + e.getMessage() + " (another gateway may hold it: replicas share a PostgreSQL journal)");
        }
    }

    private static CallJournal postgres(String url, GatewayOptions options, Map<String, String> environment) {
        if (url.toLowerCase(Locale.ROOT).contains("password=")) {
            throw GatewayException.usage("the JDBC URL carries a password: remove it and set " + PASSWORD_VARIABLE
                    + " in the environment instead");
        }
        PGSimpleDataSource source = new PGSimpleDataSource();
        try {
            source.setURL(url);
        } catch (IllegalArgumentException e) {
            throw GatewayException.usage("not a PostgreSQL JDBC URL: " + url + " (" + e.getMessage() + ")");
        }
        if (options.user() != null) {
            source.setUser(options.user());
        }
        String password = environment.get(PASSWORD_VARIABLE);
        if (password != null) {
            source.setPassword(password);
        }
        PostgresCallJournal.Builder builder = PostgresCallJournal.builder(source);
        try {
            if (options.table() != null) {
                builder.table(options.table());
            }
            PostgresCallJournal journal = builder.build();
            journal.createSchema(); // makes only what is missing, without a lock when nothing is
            return journal;
        } catch (RuntimeException e) {
            throw GatewayException.unavailable("the PostgreSQL journal at " + url + " cannot be opened: " + e.getMessage());
        }
    }
}
