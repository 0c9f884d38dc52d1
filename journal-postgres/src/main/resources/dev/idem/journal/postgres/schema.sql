-- The Idem call journal: one row per call intent (idempotency key).
-- PostgresCallJournal.createSchema() runs this file; you may run it yourself instead (psql -f),
-- or copy it into your migrations. Times are the database's (now()); leases and expiry are
-- compared with the database clock only.
CREATE TABLE IF NOT EXISTS idem_call_journal (
    idem_key            text        PRIMARY KEY,
    intent_id           text        NOT NULL,
    tool                text        NOT NULL,
    arguments_hash      text        NOT NULL,
    status              text        NOT NULL CHECK (status IN ('STARTED', 'SUCCEEDED', 'FAILED', 'OUTCOME_UNKNOWN')),
    epoch               bigint      NOT NULL,
    owner               text        NOT NULL,
    attempts            integer     NOT NULL DEFAULT 0,
    result_json         text,
    error_type          text,
    error_message       text,
    error_retryable     boolean,
    error_may_still_run boolean,
    taken_over          boolean     NOT NULL DEFAULT false,
    created_at          timestamptz NOT NULL,
    updated_at          timestamptz NOT NULL,
    lease_until         timestamptz,
    expires_at          timestamptz NOT NULL
);
-- who resolved an unknown outcome by hand, how and why (JournalInspection.resolve); added to older tables too
ALTER TABLE idem_call_journal ADD COLUMN IF NOT EXISTS resolved_verdict text;
ALTER TABLE idem_call_journal ADD COLUMN IF NOT EXISTS resolved_by text;
ALTER TABLE idem_call_journal ADD COLUMN IF NOT EXISTS resolved_reason text;
-- purge: completed rows in expiry order
CREATE INDEX IF NOT EXISTS idem_call_journal_expires_at ON idem_call_journal (expires_at) WHERE status <> 'STARTED';
-- sweep: started rows whose lease ended
CREATE INDEX IF NOT EXISTS idem_call_journal_lease_until ON idem_call_journal (lease_until) WHERE status = 'STARTED';
