package dev.idem.journal;

import java.time.Duration;
import java.util.Objects;
import java.util.UUID;

/**
 * How an executor uses its {@link CallJournal}.
 *
 * <pre>{@code
 * ToolExecutor executor = ToolExecutor.builder(registry)
 *         .journal(JournalSettings.of(journal).withLease(Duration.ofSeconds(10)).withOwner("replica-a"))
 *         .build();
 * }</pre>
 *
 * @param journal       where calls are recorded
 * @param owner         who this executor is in the journal's records (default: pid, host and a
 *                      random suffix, so two executors of one process are two owners)
 * @param lease         how long a claim holds without renewal; renewed every third of it while
 *                      attempts and backoff run (default 30 s). Another owner takes over only
 *                      after it ended
 * @param inFlightWait  how long a call waits for the same intent running elsewhere when the tool
 *                      has no timeout of its own (default 30 s); with a timeout, it waits that long
 * @param readOnlyTools whether read-only tools are journaled too (default false: they have no
 *                      effect to protect, and skipping them saves the journal's writes)
 */
public record JournalSettings(CallJournal journal, String owner, Duration lease, Duration inFlightWait,
        boolean readOnlyTools) {

    /** The default lease. */
    public static final Duration DEFAULT_LEASE = Duration.ofSeconds(30);

    /**
     * Checks that the journal is present, the owner is not blank, the lease is positive and the
     * in-flight wait is not negative.
     *
     * @param journal       where calls are recorded
     * @param owner         who this executor is in the journal's records (default: pid, host and a
     *     random suffix, so two executors of one process are two owners)
     * @param lease         how long a claim holds without renewal; renewed every third of it while
     *     attempts and backoff run (default 30 s). Another owner takes over only
     *     after it ended
     * @param inFlightWait  how long a call waits for the same intent running elsewhere when the tool
     *     has no timeout of its own (default 30 s); with a timeout, it waits that long
     * @param readOnlyTools whether read-only tools are journaled too (default false: they have no
     *     effect to protect, and skipping them saves the journal's writes)
     * @throws IllegalArgumentException when a value is out of range
     */
    public JournalSettings {
        Objects.requireNonNull(journal, "journal");
        if (owner == null || owner.isBlank()) {
            throw new IllegalArgumentException("owner must not be blank");
        }
        Journals.requirePositive(lease, "lease");
        Objects.requireNonNull(inFlightWait, "inFlightWait");
        if (inFlightWait.isNegative()) {
            throw new IllegalArgumentException("inFlightWait must not be negative, was " + inFlightWait);
        }
    }

    /**
     * The defaults for {@code journal}.
     *
     * @param journal where calls are recorded
     * @return the default settings for {@code journal}
     */
    public static JournalSettings of(CallJournal journal) {
        return new JournalSettings(journal, defaultOwner(), DEFAULT_LEASE, DEFAULT_LEASE, false);
    }

    /**
     * These settings under another owner name.
     *
     * @param value the owner's name, not blank
     * @return new settings
     */
    public JournalSettings withOwner(String value) {
        return new JournalSettings(journal, value, lease, inFlightWait, readOnlyTools);
    }

    /**
     * These settings with another lease.
     *
     * @param value how long a claim holds without renewal
     * @return new settings
     */
    public JournalSettings withLease(Duration value) {
        return new JournalSettings(journal, owner, value, inFlightWait, readOnlyTools);
    }

    /**
     * These settings with another wait for calls in flight elsewhere.
     *
     * @param value how long a call waits for the same intent running elsewhere
     * @return new settings
     */
    public JournalSettings withInFlightWait(Duration value) {
        return new JournalSettings(journal, owner, lease, value, readOnlyTools);
    }

    /**
     * These settings, journaling read-only tools too or not.
     *
     * @param value whether read-only tools are journaled
     * @return new settings
     */
    public JournalSettings withReadOnlyTools(boolean value) {
        return new JournalSettings(journal, owner, lease, inFlightWait, value);
    }

    private static String defaultOwner() {
        String host = System.getenv("HOSTNAME");
        return "pid-" + ProcessHandle.current().pid() + "@" + (host == null || host.isBlank() ? "localhost" : host)
                + "-" + UUID.randomUUID().toString().substring(0, 8);
    }
}
