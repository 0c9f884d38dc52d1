package dev.idem.journal;

import java.sql.Connection;
import java.util.Optional;

/**
 * One open transaction of a {@link TransactionalJournal}: the claim of a key, the body's writes
 * on {@link #connection()}, then {@link #commit} or {@link #abort}. Used by one thread at a time,
 * except {@link #abort}, which any thread may call while the body runs (a timeout).
 */
public interface JournalTransaction extends AutoCloseable {

    /**
     * What the claim answered. Only {@link Claim.Owned} leaves the transaction open.
     *
     * @return the claim
     */
    Claim claim();

    /**
     * The transaction's connection, autocommit off: the body writes through it.
     *
     * @return the connection
     * @throws IllegalStateException when the claim is not owned
     */
    Connection connection();

    /**
     * Records {@code outcome} under the claim and commits: the body's writes, the claim and the
     * outcome in one commit. When the commit's answer is lost (the connection dropped during
     * COMMIT), the row is read by key once the transaction has ended ({@link TransactionalJournal#settled}).
     *
     * @param outcome the outcome to record (SUCCEEDED)
     * @return the committed record, or empty when the transaction rolled back (nothing took effect)
     * @throws JournalOutcomeUnknownException when neither the commit nor the read by key answered
     */
    Optional<CallRecord> commit(CallOutcome outcome);

    /**
     * Ends the transaction without committing: the statement running is cancelled and the
     * connection closed, so the server rolls the body's writes and the claim back. Never throws;
     * does nothing once the transaction ended.
     */
    void abort();

    /** Rolls back unless committed, and returns the connection. Never throws. */
    @Override
    void close();
}
