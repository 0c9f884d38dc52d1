package dev.idem.spring.boot;

import dev.idem.journal.CallJournal;
import dev.idem.journal.CallRecord;
import dev.idem.journal.JournalInspection;
import dev.idem.journal.Resolution;
import dev.idem.journal.Resolved;
import dev.idem.journal.UnresolvedQuery;
import dev.idem.tool.LogRedaction;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.springframework.boot.actuate.endpoint.InvalidEndpointRequestException;
import org.springframework.boot.convert.DurationStyle;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.json.JsonMapper;

/**
 * The endpoint's view of the journal's unresolved records (outcome unknown, or started and past
 * their lease) through {@link JournalInspection}, and their resolution by hand. What it shows of a
 * record is what Idem's INFO log shows of a call: key, tool, intent, status, owner, age and the
 * error's message masked as the log masks it; never the arguments (the log prints them only at
 * DEBUG) nor a result.
 */
final class UnresolvedRecords {

    /** How many records a listing shows unless the request says otherwise. */
    static final int DEFAULT_LIMIT = 100;

    /** The most records one listing shows: page with {@code olderThan}, {@code tool} or {@code intent} beyond it. */
    static final int MAX_LIMIT = UnresolvedQuery.DEFAULT_LIMIT;

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final CallJournal journal;
    private final Clock clock;

    UnresolvedRecords(CallJournal journal, Clock clock) {
        this.journal = journal;
        this.clock = clock;
    }

    /**
     * The unresolved records the filters select, oldest first; {@code null} filters select all.
     *
     * @throws InvalidEndpointRequestException on an unreadable age or a limit out of range (HTTP 400)
     */
    Map<String, Object> list(String tool, String intent, String olderThan, Integer limit) {
        Map<String, Object> body = new LinkedHashMap<>();
        UnresolvedQuery query = query(tool, intent, olderThan, limit);
        if (!(journal instanceof JournalInspection inspection)) {
            body.put("records", List.of());
            body.put("note", "not listed: the journal " + journal.getClass().getSimpleName()
                    + " offers no inspection of unknown outcomes");
            return body;
        }
        // One more than asked for tells whether the listing was cut.
        List<CallRecord> found = inspection.unresolved(query.limit(query.limit() + 1));
        List<Map<String, Object>> records = new ArrayList<>();
        for (CallRecord record : found.subList(0, Math.min(found.size(), query.limit()))) {
            records.add(describe(record));
        }
        body.put("records", records);
        body.put("truncated", found.size() > query.limit());
        return body;
    }

    /**
     * Resolves {@code key} as the operator says.
     *
     * @throws InvalidEndpointRequestException when the verdict, result, who or why do not fit (HTTP 400)
     */
    Map<String, Object> resolve(String key, String verdict, Object result, String by, String reason) {
        if (!(journal instanceof JournalInspection inspection)) {
            throw new InvalidEndpointRequestException("the journal " + journal.getClass().getSimpleName()
                    + " offers no resolution of unknown outcomes", "no inspection");
        }
        Resolution resolution;
        try {
            resolution = new Resolution(verdict(verdict), result == null ? null : json(result), by, reason);
        } catch (IllegalArgumentException | NullPointerException e) {
            throw new InvalidEndpointRequestException(e.getMessage(), e.getMessage());
        }
        Resolved resolved = inspection.resolve(key, resolution);
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("key", key);
        if (resolved instanceof Resolved.Refused refused) {
            body.put("resolved", false);
            body.put("refused", refused.reason());
            body.put("status", refused.current() == null ? null : refused.current().status().name());
        } else {
            CallRecord record = ((Resolved.Done) resolved).record();
            body.put("resolved", true);
            body.put("verdict", resolution.verdict().name());
            body.put("status", record.status().name());
            body.put("by", resolution.by());
            body.put("reason", resolution.reason());
        }
        return body;
    }

    private static UnresolvedQuery query(String tool, String intent, String olderThan, Integer limit) {
        return UnresolvedQuery.all().tool(blankToNull(tool)).intentId(blankToNull(intent)).olderThan(age(olderThan))
                .limit(limit(limit));
    }

    /** A listing's {@code limit}: 1 to {@value #MAX_LIMIT}, {@value #DEFAULT_LIMIT} when not given; else HTTP 400. */
    static int limit(Integer limit) {
        int most = limit == null ? DEFAULT_LIMIT : limit;
        if (most < 1 || most > MAX_LIMIT) {
            throw new InvalidEndpointRequestException("limit must be between 1 and " + MAX_LIMIT + ", was " + most, "limit out of range");
        }
        return most;
    }

    /** A listing's {@code olderThan} ({@code 5m}, {@code PT5M}), zero when not given; else HTTP 400. */
    static Duration age(String olderThan) {
        if (olderThan == null || olderThan.isBlank()) {
            return Duration.ZERO;
        }
        Duration age;
        try {
            age = DurationStyle.detectAndParse(olderThan.trim());
        } catch (IllegalArgumentException e) {
            throw new InvalidEndpointRequestException("olderThan is not a duration (5m, PT5M): '" + olderThan
                    + "'", "unreadable olderThan");
        }
        if (age.isNegative()) {
            throw new InvalidEndpointRequestException("olderThan must not be negative", "negative olderThan");
        }
        return age;
    }

    private Map<String, Object> describe(CallRecord record) {
        Map<String, Object> view = new LinkedHashMap<>();
        view.put("key", record.key());
        view.put("tool", record.tool());
        view.put("intent", record.intentId());
        view.put("status", record.status().name());
        view.put("age", Duration.between(record.createdAt(), clock.instant()).toString());
        view.put("createdAt", record.createdAt().toString());
        view.put("updatedAt", record.updatedAt().toString());
        view.put("owner", record.owner());
        view.put("attempts", record.attempts());
        if (record.error() != null) {
            view.put("errorType", record.error().type().name());
            view.put("why", LogRedaction.redact(record.error().message()));
        } else {
            view.put("why", "its owner's lease ended " + record.leaseUntil());
        }
        return view;
    }

    private static Resolution.Verdict verdict(String text) {
        if (text == null) {
            throw new IllegalArgumentException("verdict: APPLIED or NOT_APPLIED");
        }
        try {
            return Resolution.Verdict.valueOf(text.trim().toUpperCase(Locale.ROOT).replace('-', '_'));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("verdict: APPLIED or NOT_APPLIED, not '" + text + "'");
        }
    }

    /** The result as JSON text: the request body's JSON value, written back as JSON. */
    private static String json(Object result) {
        try {
            return JSON.writeValueAsString(result);
        } catch (JacksonException e) {
            throw new IllegalArgumentException("result: not a JSON value: " + e.getOriginalMessage());
        }
    }

    private static String blankToNull(String text) {
        return text == null || text.isBlank() ? null : text;
    }
}
