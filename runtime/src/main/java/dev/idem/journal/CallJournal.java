package dev.idem.journal;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;

/**
 * Remembers tool calls across crashes, restarts and replicas, so that no call does harm twice.
 * The executor claims a call intent (its idempotency key) <em>before</em> the body runs, renews the
 * claim's lease while attempts and backoff run, and completes it with the outcome. A later claim
 * of the same key, in this process or another, learns whether the call never started, is running
 * elsewhere, has an outcome to replay, or was started by an owner that died without recording one.
 *
 * <p>Implementations: {@link #inMemory()} for tests, {@link #file(Path)} (the embedded default:
 * one process owns the directory), and {@code PostgresCallJournal} in {@code idem-journal-postgres}
 * for many processes and replicas on one database. Every method is atomic per key and
 * thread-safe.
 *
 * <pre>{@code
 * CallJournal journal = CallJournal.file(Path.of("journal"));
 * ToolExecutor executor = ToolExecutor.builder(registry).journal(journal).build();
 * }</pre>
 */
public interface CallJournal extends AutoCloseable {

    /** How long completed records are kept by default: Stripe keeps idempotency keys at least 24 hours. */
    Duration DEFAULT_RETENTION = Duration.ofHours(24);

    /** How many records the journal of an executor built without one keeps. */
    int IN_PROCESS_CAPACITY = 10_000;

    /**
     * Records {@code intent} as STARTED by {@code owner} with a lease of {@code lease}, atomically,
     * or says why not. The rules, applied to the key's current record:
     * <ul>
     *   <li>none, or a completed record past its expiry: a new STARTED record, {@link Claim.Owned};
     *   <li>recorded for another tool, other arguments or another intent id: {@link Claim.Conflict};
     *   <li>STARTED with a live lease: {@link Claim.InFlight};
     *   <li>STARTED with an expired lease (its owner died or stalled), or OUTCOME_UNKNOWN: when
     *       {@code reDrivable}, taken over under a higher epoch ({@link Claim.Owned} with
     *       {@code takenOver}); otherwise a lost owner's record becomes OUTCOME_UNKNOWN, and the
     *       answer is {@link Claim.Recorded};
     *   <li>FAILED with a retryable error (nothing took effect): claimed again, {@link Claim.Owned};
     *   <li>SUCCEEDED, terminal FAILED: {@link Claim.Recorded}.
     * </ul>
     *
     * @param reDrivable whether the caller may run the body again after an earlier owner may have
     *                   run it: the tool is idempotent, and the same key deduplicates downstream
     * @param intent the call intent to record
     * @param owner  who claims it, as the journal's records name it
     * @param lease  how long the claim holds without renewal
     * @return the claim, or why the caller may not run the body
     */
    Claim claim(CallIntent intent, String owner, Duration lease, boolean reDrivable);

    /**
     * Extends the lease of the claim {@code epoch} on {@code key} to {@code lease} from now;
     * {@code false} when that claim is no longer the record's (it was taken over or completed).
     *
     * @param key   the intent's key
     * @param epoch the claim's fencing token
     * @param lease the new lease, from now
     * @return whether the claim is still the record's
     */
    boolean renew(String key, long epoch, Duration lease);

    /**
     * Records the outcome of the claim {@code epoch} on {@code key}. Fenced: {@code false}, and
     * nothing changes, unless the record still carries that epoch and has no outcome yet (or is
     * OUTCOME_UNKNOWN because this claim's owner was presumed lost: then the late outcome is the
     * truth and resolves it).
     *
     * @param key     the intent's key
     * @param epoch   the claim's fencing token
     * @param outcome what the call came to
     * @return whether the outcome was recorded
     */
    boolean complete(String key, long epoch, CallOutcome outcome);

    /**
     * The record of {@code key}, if any.
     *
     * @param key the intent's key
     * @return the record, or empty
     */
    Optional<CallRecord> find(String key);

    /**
     * Removes completed records past their expiry; returns how many. STARTED records stay.
     *
     * @return how many records were removed
     */
    int purge();

    /** Releases what the journal holds (files, locks); the default holds nothing. */
    @Override
    default void close() {}

    /**
     * A journal in this process's memory: for tests and single-process runs that need no durability.
     *
     * @return an empty journal in memory
     */
    static CallJournal inMemory() {
        return inMemory(Clock.systemUTC(), DEFAULT_RETENTION);
    }

    /**
     * The embedded durable journal in {@code directory}, owned by this process until closed (see
     * {@link FileCallJournal}; {@link FileCallJournal#builder} for retention and compaction).
     *
     * @param directory the journal's directory, created when missing
     * @return the journal, open
     */
    static CallJournal file(Path directory) {
        return FileCallJournal.builder(directory).open();
    }

    /**
     * A journal in memory reading {@code clock}, keeping completed records for {@code retention}.
     *
     * @param clock     the clock leases and expiry are read from, to the millisecond
     * @param retention how long completed records are kept
     * @return an empty journal in memory
     */
    static CallJournal inMemory(Clock clock, Duration retention) {
        return new InMemoryCallJournal(clock, retention, Integer.MAX_VALUE);
    }

    /**
     * A journal in memory that keeps at most {@code capacity} records: past it, the records
     * completed longest ago are forgotten first; a call still running is never forgotten. What an
     * executor built without a journal uses ({@link #IN_PROCESS_CAPACITY} records, kept for
     * {@link #DEFAULT_RETENTION}).
     *
     * @param clock     the clock leases and expiry are read from, to the millisecond
     * @param retention how long completed records are kept
     * @param capacity  the most records kept, at least 1
     * @return an empty journal in memory
     */
    static CallJournal inMemory(Clock clock, Duration retention, int capacity) {
        return new InMemoryCallJournal(clock, retention, capacity);
    }
}
