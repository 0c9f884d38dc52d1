package dev.idem.spring.boot;

import dev.idem.journal.CallJournal;
import dev.idem.tool.EffectivePolicy;
import dev.idem.tool.ExecutorPolicy;
import dev.idem.tool.PolicySetting;
import dev.idem.tool.ToolExecutor;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.actuate.endpoint.Access;
import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.actuate.endpoint.annotation.ReadOperation;
import org.springframework.boot.actuate.endpoint.annotation.Selector;
import org.springframework.boot.actuate.endpoint.annotation.WriteOperation;

/**
 * The {@code idem} Actuator endpoint ({@code GET /actuator/idem} once exposed): every tool's
 * effective policy, each setting with its value and where it came from ({@code @Tool},
 * {@code application.yml idem.tool.pay.retry.max-attempts}, a default), the executor's own, and the
 * journal in use, the first 100 records whose outcome is unknown and the first 100 calls awaiting a
 * person's approval. Each kind has its own path, with filters, where a record is resolved or a call
 * decided by hand when write access is granted ({@code management.endpoint.idem.access=unrestricted};
 * read-only by default):
 *
 * <pre>
 * GET  /actuator/idem/unresolved?tool=sendPix&amp;olderThan=5m&amp;limit=20
 * POST /actuator/idem/unresolved/{key}  {"verdict":"NOT_APPLIED","by":"ana@ops","reason":"no such transfer"}
 * POST /actuator/idem/unresolved/{key}  {"verdict":"APPLIED","result":{"id":"tx-81"},"by":"ana@ops","reason":"statement"}
 * GET  /actuator/idem/awaiting-approval?tool=sendPix
 * POST /actuator/idem/awaiting-approval/{key}  {"verdict":"APPROVED","by":"ana@ops","reason":"invoice 311 checked"}
 * </pre>
 *
 * A record shows what the log shows of a call (key, tool, intent, status, age, owner, attempts, the
 * error masked as the log masks it), never its arguments. The journal must implement
 * {@link dev.idem.journal.JournalInspection} (the in-memory, file and PostgreSQL journals do);
 * another journal's listing says it offers none. Calls awaiting approval are
 * {@link dev.idem.approvals.Approvals}' records: a decision here is the decision of record.
 */
@Endpoint(id = "idem", defaultAccess = Access.READ_ONLY)
public class IdemEndpoint {

    /** The path segment of unresolved records: {@code /actuator/idem/unresolved}. */
    public static final String UNRESOLVED = "unresolved";

    /** The path segment of calls awaiting approval: {@code /actuator/idem/awaiting-approval}. */
    public static final String AWAITING_APPROVAL = "awaiting-approval";

    private final ToolExecutor executor;
    private final CallJournal journal;
    private final UnresolvedRecords unresolved;
    private final AwaitingApprovals awaiting;

    /**
     * An endpoint for this executor.
     *
     * @param executor the application's executor
     * @param journal  its journal
     */
    public IdemEndpoint(ToolExecutor executor, CallJournal journal) {
        this.executor = executor;
        this.journal = journal;
        this.unresolved = new UnresolvedRecords(journal, Clock.systemUTC());
        this.awaiting = new AwaitingApprovals(journal, Clock.systemUTC());
    }

    /**
     * What the executor runs under.
     *
     * @return {@code tools} (name to set and settings), {@code executor} (settings), {@code journal},
     *     {@code unresolved} and {@code awaiting-approval} (each as {@link #records} answers without filters)
     */
    @ReadOperation
    public Map<String, Object> policies() {
        Map<String, Object> tools = new LinkedHashMap<>();
        for (EffectivePolicy tool : executor.effectivePolicies().tools()) {
            Map<String, Object> settings = new LinkedHashMap<>();
            for (PolicySetting setting : PolicySetting.values()) {
                if (setting.forTools()) {
                    settings.put(setting.key(), setting(tool.value(setting), tool.origins().get(setting)));
                }
            }
            tools.put(tool.toolName(), Map.of("toolSet", tool.toolSet(), "settings", settings));
        }
        ExecutorPolicy policy = executor.effectivePolicies().executor();
        Map<String, Object> executorSettings = new LinkedHashMap<>();
        for (PolicySetting setting : PolicySetting.values()) {
            if (setting.forExecutor()) {
                executorSettings.put(setting.key(), setting(policy.value(setting), policy.origins().get(setting)));
            }
        }
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("tools", tools);
        body.put("executor", executorSettings);
        body.put("journal", journal.getClass().getSimpleName());
        body.put(UNRESOLVED, unresolved.list(null, null, null, null));
        body.put(AWAITING_APPROVAL, awaiting.list(null, null, null, null));
        return body;
    }

    /**
     * The records in {@code state}, oldest first: {@code unresolved} ones (outcome unknown, or started
     * and past their lease), or the calls {@code awaiting-approval} (requested, not decided, not
     * expired). Every filter is optional.
     *
     * @param state     {@code unresolved} or {@code awaiting-approval}
     * @param tool      only this tool's records
     * @param intent    only this intent's records
     * @param olderThan only records first claimed (calls first requested) at least this long ago
     *                  ({@code 5m}, {@code PT5M})
     * @param limit     the most records shown, 1 to 1000; default
     *                  100
     * @return {@code records} and {@code truncated} (more matched than shown); {@code null} (HTTP 404)
     *     for an unknown state
     */
    @ReadOperation
    public @Nullable Map<String, Object> records(@Selector String state, @Nullable String tool,
            @Nullable String intent, @Nullable String olderThan, @Nullable Integer limit) {
        return switch (state) {
            case UNRESOLVED -> unresolved.list(tool, intent, olderThan, limit);
            case AWAITING_APPROVAL -> awaiting.list(tool, intent, olderThan, limit);
            default -> null;
        };
    }

    /**
     * Resolves the unknown outcome of {@code key} by hand, recording who and why in the record:
     * {@code APPLIED} replays {@code result} to later calls of the intent; {@code NOT_APPLIED} lets the
     * next call run the tool. Refused, changing nothing, when the record's outcome is no longer unknown.
     * Or decides the call {@code key} awaiting approval: {@code APPROVED} (it runs, once, when its run
     * resumes) or {@code DECLINED}, recorded once; the other verdict after it is refused with the
     * decision of record.
     *
     * @param state   {@code unresolved} or {@code awaiting-approval}
     * @param key     the record's (the call's) idempotency key
     * @param verdict {@code APPLIED} or {@code NOT_APPLIED}; {@code APPROVED} or {@code DECLINED}
     * @param result  with {@code APPLIED}, the result later calls replay, as a JSON value; none for an approval
     * @param by      who resolves or decides it (one of the request's approvers, when it names some)
     * @param reason  why
     * @return {@code resolved} (or {@code decided}) true with the record's new {@code status} (the
     *     decision of record), or false with why it was {@code refused}; {@code null} (HTTP 404) for an
     *     unknown state
     */
    @WriteOperation
    public @Nullable Map<String, Object> resolve(@Selector String state, @Selector String key, String verdict,
            @Nullable Object result, String by, String reason) {
        return switch (state) {
            case UNRESOLVED -> unresolved.resolve(key, verdict, result, by, reason);
            case AWAITING_APPROVAL -> awaiting.decide(key, verdict, result, by, reason);
            default -> null;
        };
    }

    private static Map<String, String> setting(String value, String origin) {
        Map<String, String> setting = new LinkedHashMap<>();
        setting.put("value", value);
        setting.put("origin", origin == null ? "" : origin);
        return setting;
    }
}
