package dev.idem.journal;

import java.time.Duration;
import java.util.Optional;

/**
 * A journal that can claim a call, run its body and record its outcome in one database
 * transaction: what a transactional tool (one that takes a {@code java.sql.Connection}) needs. The
 * claim and the body's writes commit together with the outcome, or roll back together, so a
 * failure or a crash before the commit leaves nothing behind and the call may run again whatever
 * the tool's flags. {@code PostgresCallJournal} in {@code idem-journal-postgres} is one; an
 * executor whose registry holds a transactional tool refuses to build without one.
 *
 * <pre>{@code
 * try (JournalTransaction tx = journal.begin(intent, "pod-1", Duration.ofSeconds(30), 5_000)) {
 *     if (tx.claim() instanceof Claim.Owned) {
 *         write(tx.connection());                       // the tool's body
 *         tx.commit(CallOutcome.succeeded("{}", 1));    // outcome + COMMIT, one commit
 *     }
 * }
 * }</pre>
 */
public interface TransactionalJournal {

    /**
     * The owner a {@link Claim.InFlight} of {@link #begin} names when another open transaction
     * holds the key: its claim is not committed, so it has no owner or lease anyone can read (the
     * claim's {@code leaseUntil} is when the wait for it ended). It may still commit.
     */
    String OPEN_TRANSACTION = "another transaction";

    /**
     * Opens a transaction on the journal's database and claims {@code intent} in it, waiting up to
     * {@code waitMs} for another transaction that holds the same key to end. The claim is the
     * journal's {@link CallJournal#claim} rules with nothing re-drivable. A STARTED row commits alone
     * only when something ended the transaction outside Idem (SQL text such as {@code COMMIT});
     * once its lease ends it is a lost owner's: {@link Claim.Recorded} OUTCOME_UNKNOWN.
     *
     * @param intent the call intent
     * @param owner  who claims it
     * @param lease  the lease the uncommitted claim carries (read by nobody until it commits)
     * @param waitMs how long to wait for a transaction that holds the key; then {@link Claim.InFlight}
     *               of {@link #OPEN_TRANSACTION} (sooner when the database gives up first: a {@code
     *               lock_timeout})
     * @return the open transaction; when its claim is not {@link Claim.Owned} it has already ended
     */
    JournalTransaction begin(CallIntent intent, String owner, Duration lease, long waitMs);

    /**
     * The record of {@code key} once no transaction holds it any more: waits for a transaction
     * still deciding (a commit whose answer was lost, a connection closed at a timeout) to end,
     * on a connection of its own, then reads the row. Empty: nothing was committed under the key.
     *
     * @param key the intent's key
     * @return the committed record, or empty
     */
    Optional<CallRecord> settled(String key);
}
