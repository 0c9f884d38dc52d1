package dev.idem.spring.boot;

import dev.idem.journal.CallJournal;
import dev.idem.journal.JournalSettings;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import org.springframework.boot.convert.DurationStyle;
import org.springframework.core.env.Environment;

/**
 * The {@code idem.journal.*} keys (docs/spring-boot.md): which journal and its settings. Defaults
 * are the runtime's (docs/journal.md).
 *
 * @param type          {@code auto} (PostgreSQL when the application has a {@code DataSource} and
 *                      {@code idem-journal-postgres} is on the class path, else a file),
 *                      {@code postgres}, {@code file} or {@code memory}
 * @param directory     the file journal's directory
 * @param table         the PostgreSQL journal's table
 * @param createSchema  whether the PostgreSQL journal creates its table at start-up (if not there)
 * @param retention     how long completed records are kept
 * @param owner         who this executor is in the records; {@code null}: the runtime's default
 * @param lease         how long a claim holds without renewal
 * @param inFlightWait  how long a call waits for the same intent running elsewhere
 * @param readOnlyTools whether read-only tools are journaled too
 */
record JournalProperties(String type, Path directory, String table, boolean createSchema, Duration retention,
        String owner, Duration lease, Duration inFlightWait, boolean readOnlyTools) {

    /** The keys under {@code idem.journal.}, as written in {@code application.yml}. */
    static final List<String> KEYS = List.of("type", "directory", "table", "create-schema", "retention", "owner",
            "lease", "in-flight-wait", "read-only-tools");

    static final List<String> TYPES = List.of("auto", "postgres", "file", "memory");

    /** Reads the keys from {@code environment}; a value that does not parse fails with the key. */
    static JournalProperties from(Environment environment) {
        String type = environment.getProperty("idem.journal.type", "auto").strip().toLowerCase(Locale.ROOT);
        if (!TYPES.contains(type)) {
            throw new IllegalStateException("idem.journal.type=" + type + " is not a journal type: use one of " + TYPES);
        }
        return new JournalProperties(type,
                Path.of(environment.getProperty("idem.journal.directory", "journal")),
                environment.getProperty("idem.journal.table", "idem_call_journal"),
                environment.getProperty("idem.journal.create-schema", Boolean.class, true),
                duration(environment, "retention", CallJournal.DEFAULT_RETENTION),
                environment.getProperty("idem.journal.owner"),
                duration(environment, "lease", JournalSettings.DEFAULT_LEASE),
                duration(environment, "in-flight-wait", JournalSettings.DEFAULT_LEASE),
                environment.getProperty("idem.journal.read-only-tools", Boolean.class, false));
    }

    /** The executor's journal settings for {@code journal}. */
    JournalSettings settings(CallJournal journal) {
        JournalSettings settings = JournalSettings.of(journal).withLease(lease).withInFlightWait(inFlightWait)
                .withReadOnlyTools(readOnlyTools);
        return owner == null ? settings : settings.withOwner(owner);
    }

    private static Duration duration(Environment environment, String key, Duration fallback) {
        String value = environment.getProperty("idem.journal." + key);
        if (value == null) {
            return fallback;
        }
        try {
            return DurationStyle.detectAndParse(value.strip());
        } catch (IllegalArgumentException e) {
            throw new IllegalStateException("idem.journal." + key + "=" + value + " is not a duration (30s, 5m, PT30S)", e);
        }
    }
}
