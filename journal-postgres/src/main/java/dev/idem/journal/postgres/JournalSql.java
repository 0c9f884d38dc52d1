package dev.idem.journal.postgres;

import java.util.regex.Pattern;

/** The journal's statements for one table, written once. Every time in them is the database's {@code now()}. */
final class JournalSql {

    static final String DEFAULT_TABLE = "idem_call_journal";
    private static final Pattern TABLE = Pattern.compile("([a-z_][a-z0-9_]{0,62}\\.)?[a-z_][a-z0-9_]{0,40}");
    static final String COLUMNS = "idem_key, intent_id, tool, arguments_hash, status, epoch, owner, attempts,"
            + " result_json, error_type, error_message, error_retryable, error_may_still_run, created_at, updated_at,"
            + " lease_until, expires_at, resolved_verdict, resolved_by, resolved_reason";
    private static final String MILLIS = " * interval '1 millisecond'";
    /** A completed row past its expiry is forgotten: a claim starts afresh. */
    private static final String EXPIRED = "(j.status <> 'STARTED' AND j.expires_at <= now())";

    final String table;
    final String claim;
    final String claimOrRead;
    final String select;
    final String markLost;
    final String renew;
    final String complete;
    final String sweep;
    final String purge;
    final String unresolved;
    final String succeeded;
    final String resolve;

    JournalSql(String table) {
        if (!TABLE.matcher(table).matches()) {
            throw new IllegalArgumentException("table must be a lower-case SQL name, optionally schema-qualified"
                    + " (schema.table), was '" + table + "'");
        }
        this.table = table;
        // One statement claims a new key, takes over a lost or unknown one (re-drivable claims only),
        // re-claims a failure that left no effect, and forgets an expired record. It returns no row
        // when the key is held, recorded or in conflict; the caller then reads the row to say which.
        this.claim = "INSERT INTO " + table + " AS j (idem_key, intent_id, tool, arguments_hash, status, epoch, owner,"
                + " attempts, taken_over, created_at, updated_at, lease_until, expires_at)"
                + " VALUES (?, ?, ?, ?, 'STARTED', 1, ?, 0, false, now(), now(), now() + ?" + MILLIS + ", now() + ?"
                + MILLIS + ")"
                + " ON CONFLICT (idem_key) DO UPDATE SET status = 'STARTED', epoch = j.epoch + 1, owner = excluded.owner,"
                + " taken_over = NOT " + EXPIRED + " AND j.status IN ('STARTED', 'OUTCOME_UNKNOWN'),"
                + " attempts = CASE WHEN " + EXPIRED + " THEN 0 ELSE j.attempts END,"
                + " created_at = CASE WHEN " + EXPIRED + " THEN now() ELSE j.created_at END,"
                + " intent_id = excluded.intent_id, tool = excluded.tool, arguments_hash = excluded.arguments_hash,"
                + " result_json = NULL, error_type = NULL, error_message = NULL, error_retryable = NULL,"
                + " error_may_still_run = NULL, updated_at = now(), lease_until = excluded.lease_until,"
                + " resolved_verdict = NULL, resolved_by = NULL, resolved_reason = NULL,"
                + " expires_at = excluded.expires_at"
                + " WHERE " + EXPIRED
                + " OR (j.intent_id = excluded.intent_id AND j.tool = excluded.tool"
                + " AND j.arguments_hash = excluded.arguments_hash AND ("
                + " (j.status = 'STARTED' AND j.lease_until <= now() AND ?)"
                + " OR (j.status = 'OUTCOME_UNKNOWN' AND ?)"
                + " OR (j.status = 'FAILED' AND j.error_retryable)))"
                + " RETURNING j.epoch, j.taken_over";
        String row = "SELECT " + COLUMNS + ", lease_until > now() AS lease_held,"
                + " (status <> 'STARTED' AND expires_at <= now()) AS expired FROM " + table + " WHERE idem_key = ?";
        this.select = row;
        // The first try of every claim: a new key is inserted, a key already there is only read (no
        // lock, no write, so no flush to wait for when the answer is a replay or "in flight"). The
        // read sees the table as the statement began: a row another claim committed meanwhile is not
        // in it, and the caller goes on to the upsert above, which sees it.
        this.claimOrRead = "WITH inserted AS (INSERT INTO " + table + " AS j (idem_key, intent_id, tool, arguments_hash,"
                + " status, epoch, owner, attempts, taken_over, created_at, updated_at, lease_until, expires_at)"
                + " VALUES (?, ?, ?, ?, 'STARTED', 1, ?, 0, false, now(), now(), now() + ?" + MILLIS + ", now() + ?"
                + MILLIS + ") ON CONFLICT (idem_key) DO NOTHING RETURNING j.epoch)"
                + " SELECT (SELECT epoch FROM inserted) AS claimed_epoch, r.* FROM (SELECT 1) AS one"
                + " LEFT JOIN (" + row + ") AS r ON true";
        this.markLost = "UPDATE " + table + " SET status = 'OUTCOME_UNKNOWN', error_type = 'OUTCOME_UNKNOWN',"
                + " error_message = ?, error_retryable = false, error_may_still_run = false, lease_until = NULL,"
                + " updated_at = now(), expires_at = now() + ?" + MILLIS
                + " WHERE idem_key = ? AND epoch = ? AND status = 'STARTED' AND lease_until <= now()"
                + " RETURNING " + COLUMNS;
        this.renew = "UPDATE " + table + " SET lease_until = now() + ?" + MILLIS + ", updated_at = now()"
                + " WHERE idem_key = ? AND epoch = ? AND (status = 'STARTED'"
                + " OR (status = 'OUTCOME_UNKNOWN' AND lease_until IS NOT NULL))";
        this.complete = "UPDATE " + table + " SET status = ?, result_json = ?, error_type = ?, error_message = ?,"
                + " error_retryable = ?, error_may_still_run = ?, attempts = attempts + ?, updated_at = now(),"
                // an unknown outcome whose body may still be running keeps the lease its owner renews
                + " lease_until = CASE WHEN ? THEN lease_until END,"
                + " expires_at = now() + ?" + MILLIS
                + " WHERE idem_key = ? AND epoch = ? AND status IN ('STARTED', 'OUTCOME_UNKNOWN')";
        this.sweep = "UPDATE " + table + " AS j SET status = 'OUTCOME_UNKNOWN', error_type = 'OUTCOME_UNKNOWN',"
                + " error_message = 'its owner ''' || j.owner || ''' stopped (lease ended ' || j.lease_until"
                + " || ') before recording an outcome', error_retryable = false, error_may_still_run = false,"
                + " lease_until = NULL, updated_at = now(), expires_at = now() + ?" + MILLIS
                + " WHERE j.idem_key IN (SELECT idem_key FROM " + table + " WHERE status = 'STARTED'"
                + " AND lease_until <= now() ORDER BY lease_until LIMIT ? FOR UPDATE SKIP LOCKED)";
        // Replicas purging at once each take rows the others have not locked, instead of queueing.
        this.purge = "DELETE FROM " + table + " WHERE idem_key IN (SELECT idem_key FROM " + table
                + " WHERE status <> 'STARTED' AND expires_at <= now() ORDER BY expires_at LIMIT ?"
                + " FOR UPDATE SKIP LOCKED)";
        String unknown = "(status = 'OUTCOME_UNKNOWN' OR (status = 'STARTED' AND lease_until <= now()))";
        this.unresolved = "SELECT " + COLUMNS + " FROM " + table + " WHERE " + unknown
                + " AND (CAST(? AS text) IS NULL OR tool = ?) AND (CAST(? AS text) IS NULL OR intent_id = ?)"
                + " AND created_at <= now() - ?" + MILLIS + " ORDER BY created_at LIMIT ?";
        // An operator's listing (approval requests, say): no index on tool, a scan of one day's rows.
        this.succeeded = "SELECT " + COLUMNS + " FROM " + table + " WHERE status = 'SUCCEEDED' AND tool = ?"
                + " ORDER BY created_at LIMIT ?";
        // APPLIED: SUCCEEDED with the given result; NOT_APPLIED: FAILED, retryable, nothing took effect.
        this.resolve = "UPDATE " + table + " SET status = ?, result_json = ?,"
                + " error_type = CASE WHEN ? THEN NULL ELSE COALESCE(error_type, 'OUTCOME_UNKNOWN') END,"
                + " error_message = ?, error_retryable = CASE WHEN ? THEN NULL ELSE true END,"
                + " error_may_still_run = CASE WHEN ? THEN NULL ELSE false END, lease_until = NULL,"
                + " updated_at = now(), expires_at = now() + ?" + MILLIS + ","
                + " resolved_verdict = ?, resolved_by = ?, resolved_reason = ?"
                + " WHERE idem_key = ? AND " + unknown + " RETURNING " + COLUMNS;
    }
}
