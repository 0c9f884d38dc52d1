package dev.idem.journal.postgres;

import dev.idem.ErrorType;
import dev.idem.journal.CallError;
import dev.idem.journal.CallRecord;
import dev.idem.journal.CallStatus;
import dev.idem.journal.Resolution;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;

/** A journal row as a {@link CallRecord}. */
final class RecordRows {

    private RecordRows() {}

    static CallRecord read(ResultSet row) throws SQLException {
        String errorType = row.getString("error_type");
        CallError error = errorType == null ? null : new CallError(errorType(errorType), row.getString("error_message"),
                row.getBoolean("error_retryable"), row.getBoolean("error_may_still_run"));
        return new CallRecord(row.getString("idem_key"), row.getString("intent_id"), row.getString("tool"),
                row.getString("arguments_hash"), CallStatus.valueOf(row.getString("status")), row.getLong("epoch"),
                row.getString("owner"), row.getInt("attempts"), row.getString("result_json"), error,
                instant(row, "created_at"), instant(row, "updated_at"), instant(row, "lease_until"),
                instant(row, "expires_at"), resolution(row));
    }

    private static Resolution resolution(ResultSet row) throws SQLException {
        String verdict = row.getString("resolved_verdict");
        if (verdict == null) {
            return null;
        }
        Resolution.Verdict value = Resolution.Verdict.valueOf(verdict);
        return new Resolution(value, value == Resolution.Verdict.APPLIED ? row.getString("result_json") : null,
                row.getString("resolved_by"), row.getString("resolved_reason"));
    }

    private static Instant instant(ResultSet row, String column) throws SQLException {
        OffsetDateTime value = row.getObject(column, OffsetDateTime.class);
        return value == null ? null : value.toInstant();
    }

    private static ErrorType errorType(String name) {
        try {
            return ErrorType.valueOf(name);
        } catch (IllegalArgumentException e) {
            return ErrorType.UNKNOWN; // written by a newer version
        }
    }
}
