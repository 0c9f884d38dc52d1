package dev.idem.spring.boot;

import dev.idem.approvals.ApprovalConflictException;
import dev.idem.approvals.ApprovalDecision;
import dev.idem.approvals.ApprovalRequest;
import dev.idem.approvals.Approvals;
import dev.idem.journal.CallJournal;
import dev.idem.journal.JournalInspection;
import dev.idem.tool.LogRedaction;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.springframework.boot.actuate.endpoint.InvalidEndpointRequestException;

/**
 * The endpoint's view of the calls awaiting a person's approval, and their decision: the same
 * records as {@link Approvals#pending} and {@link Approvals#decide}, so a decision made here
 * is the decision of record for every replica and for the run that resumes. A request shows what a
 * person needs to decide it: tool, intent, call, the arguments masked as the log masks secrets,
 * who may decide and until when.
 */
final class AwaitingApprovals {

    private final CallJournal journal;
    private final Approvals approvals;
    private final Clock clock;

    AwaitingApprovals(CallJournal journal, Clock clock) {
        this.journal = journal;
        this.approvals = Approvals.over(journal, "idem-endpoint", clock);
        this.clock = clock;
    }

    /**
     * The pending requests the filters select, oldest first; {@code null} filters select all.
     *
     * @throws InvalidEndpointRequestException on an unreadable age or a limit out of range (HTTP 400)
     */
    Map<String, Object> list(String tool, String intent, String olderThan, Integer limit) {
        int most = UnresolvedRecords.limit(limit);
        Duration age = UnresolvedRecords.age(olderThan);
        Map<String, Object> body = new LinkedHashMap<>();
        if (!(journal instanceof JournalInspection)) {
            body.put("records", List.of());
            body.put("note", "not listed: the journal " + journal.getClass().getSimpleName()
                    + " offers no inspection of its records");
            return body;
        }
        Instant now = clock.instant();
        List<Map<String, Object>> records = new ArrayList<>();
        boolean truncated = false;
        for (ApprovalRequest request : approvals.pending(Integer.MAX_VALUE)) {
            if ((tool != null && !tool.isBlank() && !tool.equals(request.tool()))
                    || (intent != null && !intent.isBlank() && !intent.equals(request.intentId()))
                    || request.requestedAt().plus(age).isAfter(now)) {
                continue;
            }
            if (records.size() == most) {
                truncated = true;
                break;
            }
            records.add(describe(request, now));
        }
        body.put("records", records);
        body.put("truncated", truncated);
        return body;
    }

    /**
     * Records the decision on {@code key}: the decision of record, or why it was refused.
     *
     * @throws InvalidEndpointRequestException when the verdict or who do not fit, a result is given, or
     *                                         {@code by} is not among the request's approvers (HTTP 400)
     */
    Map<String, Object> decide(String key, String verdict, Object result, String by, String reason) {
        if (result != null) {
            throw new InvalidEndpointRequestException("result: a decision on an approval has none", "result given");
        }
        ApprovalDecision decision;
        try {
            decision = new ApprovalDecision(key, verdict(verdict), by, reason, null);
        } catch (IllegalArgumentException | NullPointerException e) {
            throw new InvalidEndpointRequestException(e.getMessage(), e.getMessage());
        }
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("key", key);
        if (approvals.request(key).isEmpty()) {
            body.put("decided", false);
            body.put("refused", "no call awaits approval under key " + key);
            return body;
        }
        try {
            ApprovalDecision recorded = approvals.decide(decision);
            body.put("decided", true);
            describe(recorded, body);
        } catch (ApprovalConflictException e) {
            body.put("decided", false);
            body.put("refused", "already " + e.recorded().verdict() + " by " + e.recorded().by());
            describe(e.recorded(), body);
        } catch (IllegalArgumentException e) {
            throw new InvalidEndpointRequestException(e.getMessage(), "not an approver");
        }
        return body;
    }

    private static void describe(ApprovalDecision decision, Map<String, Object> body) {
        body.put("verdict", decision.verdict().name());
        body.put("by", decision.by());
        body.put("reason", decision.reason());
        body.put("decidedAt", decision.decidedAt() == null ? null : decision.decidedAt().toString());
    }

    private static Map<String, Object> describe(ApprovalRequest request, Instant now) {
        Map<String, Object> view = new LinkedHashMap<>();
        view.put("key", request.idempotencyKey());
        view.put("tool", request.tool());
        view.put("intent", request.intentId());
        view.put("callId", request.callId());
        view.put("arguments", LogRedaction.redact(request.argumentsJson()));
        view.put("approvers", request.approvers());
        view.put("age", Duration.between(request.requestedAt(), now).toString());
        view.put("requestedAt", request.requestedAt().toString());
        view.put("expiresAt", request.expiresAt().toString());
        return view;
    }

    private static ApprovalDecision.Verdict verdict(String text) {
        if (text == null) {
            throw new IllegalArgumentException("verdict: APPROVED or DECLINED");
        }
        return switch (text.trim().toUpperCase(Locale.ROOT)) {
            case "APPROVED", "APPROVE" -> ApprovalDecision.Verdict.APPROVED;
            case "DECLINED", "DECLINE" -> ApprovalDecision.Verdict.DECLINED;
            default -> throw new IllegalArgumentException("verdict: APPROVED or DECLINED, not '" + text + "'");
        };
    }
}
