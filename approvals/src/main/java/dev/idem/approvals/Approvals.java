package dev.idem.approvals;

import dev.idem.ErrorType;
import dev.idem.journal.CallError;
import dev.idem.journal.CallIntent;
import dev.idem.journal.CallJournal;
import dev.idem.journal.CallOutcome;
import dev.idem.journal.CallRecord;
import dev.idem.journal.CallStatus;
import dev.idem.journal.Claim;
import dev.idem.journal.JournalInspection;
import dev.idem.journal.Resolution;
import dev.idem.journal.Resolved;
import dev.idem.journal.UnresolvedQuery;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * Calls awaiting a person's approval, and the decisions on them, kept in a {@link CallJournal} (in
 * memory, file or PostgreSQL alike): each is a record of its own kind beside the calls, claimed
 * and completed under the journal's rules, so a decision is recorded once even when two replicas
 * decide at the same moment. A request's key is {@code idem-approval-<call key>}, its decision's
 * {@code idem-decision-<call key>}, claimed alike by every verdict: the first decision completed is
 * the decision of record. The other verdict is then a conflict, refused
 * ({@link ApprovalConflictException}, naming the decision of record, even when the two raced: a
 * decision still being written is waited for); the same verdict again answers with the decision of
 * record (who and why of the first). A decision whose journal write fails is withdrawn: nothing of
 * it is recorded ({@link ApprovalNotRecordedException}) and the call stays decidable, by anyone, at
 * once. Records last as long as the journal keeps
 * completed records (its retention): keep it longer than approvals may wait. Calls whose outcome
 * is unknown are offered through the same channel ({@link #unknownOutcomes},
 * {@link #decideOutcome}), decided by {@link JournalInspection#resolve}.
 *
 * <pre>{@code
 * Approvals approvals = Approvals.over(journal);
 * approvals.request(key).ifPresent(request -> show(request.tool(), request.argumentsJson()));
 * approvals.decide(ApprovalDecision.approve(key, "ana", "invoice 311 checked"));
 * }</pre>
 */
public final class Approvals {

    /** Who declined a request nobody decided before it expired. */
    public static final String EXPIRY = "expiry";

    static final String REQUEST_TOOL = "idem-approval-request";
    static final String DECISION_TOOL = "idem-approval-decision";
    private static final Logger LOG = LoggerFactory.getLogger("dev.idem.tool.ToolExecutor");
    private static final JsonMapper JSON = JsonMapper.builder().build();
    // A record's claim covers one write: a writer that dies or stalls in between holds the others back
    // this long at most, then they take the record over (fenced by epochs, so never two writers win).
    static final Duration LEASE = Duration.ofSeconds(5);
    // Longer than the lease: a writer that waits outlives a dead writer's claim, and takes it over.
    private static final long IN_FLIGHT_WAIT_MS = 10_000;
    // Every decision on a call claims one intent whatever its verdict: the first one completed is the
    // decision, and a record a decider left unfinished (or withdrew) is claimed again by any other.
    private static final String DECISION = "decision";
    private static final CallError WITHDRAWN = new CallError(ErrorType.CANCELLED,
            "its write failed and was withdrawn: nothing of it is recorded", true, false);

    private final CallJournal journal;
    private final String owner;
    private final Clock clock;

    private Approvals(CallJournal journal, String owner, Clock clock) {
        this.journal = Objects.requireNonNull(journal, "journal");
        this.owner = Objects.requireNonNull(owner, "owner");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /**
     * The approvals kept in {@code journal}, judged by the system clock.
     *
     * @param journal the journal of the runs whose calls wait
     * @return the approvals
     */
    public static Approvals over(CallJournal journal) {
        return over(journal, "approvals", Clock.systemUTC());
    }

    /**
     * The approvals kept in {@code journal}, recorded as {@code owner}, expiry judged by {@code clock}.
     *
     * @param journal the journal of the runs whose calls wait
     * @param owner   who records, as the journal's records name it
     * @param clock   the clock expiry is judged by
     * @return the approvals
     */
    public static Approvals over(CallJournal journal, String owner, Clock clock) {
        return new Approvals(journal, owner, clock);
    }

    /**
     * Records {@code request} as awaiting approval, once: the request of record is returned, the
     * first one when the call waited before (its time and expiry stand).
     *
     * @param request the call awaiting approval
     * @return the request of record
     */
    public ApprovalRequest record(ApprovalRequest request) {
        ObjectNode json = JSON.createObjectNode();
        json.put("intentId", request.intentId());
        json.put("callId", request.callId());
        json.put("tool", request.tool());
        json.put("key", request.idempotencyKey());
        json.put("arguments", request.argumentsJson());
        request.approvers().forEach(json.withArray("approvers")::add);
        json.put("requestedAt", request.requestedAt().toString());
        json.put("expiresAt", request.expiresAt().toString());
        CallIntent intent = new CallIntent(requestKey(request.idempotencyKey()), request.intentId(), REQUEST_TOOL,
                sha256(request.tool() + "\n" + request.argumentsJson()));
        CallRecord recorded = once(intent, JSON.writeValueAsString(json),
                "the request of tool '" + request.tool() + "' call " + request.callId() + " (key "
                        + request.idempotencyKey() + ") for approval");
        if (recorded == null) {
            LOG.info("tool '{}' call {} (key {}) awaits approval{} until {}", request.tool(), request.callId(),
                    request.idempotencyKey(), request.approvers().isEmpty() ? "" : " by " + request.approvers(),
                    request.expiresAt());
            return request;
        }
        return readRequest(recorded);
    }

    /**
     * The request of the call with {@code idempotencyKey}, if one was recorded.
     *
     * @param idempotencyKey the call's key
     * @return the request, or empty
     */
    public Optional<ApprovalRequest> request(String idempotencyKey) {
        return journal.find(requestKey(idempotencyKey))
                .filter(record -> record.status() == CallStatus.SUCCEEDED)
                .map(Approvals::readRequest);
    }

    /**
     * The decision of record on the call with {@code idempotencyKey}, if one was recorded.
     *
     * @param idempotencyKey the call's key
     * @return the decision, or empty
     */
    public Optional<ApprovalDecision> decision(String idempotencyKey) {
        return journal.find(decisionKey(idempotencyKey))
                .filter(record -> record.status() == CallStatus.SUCCEEDED)
                .map(record -> readDecision(idempotencyKey, record));
    }

    /**
     * The calls awaiting approval now, oldest first: each request recorded, not decided, and not
     * past its expiry (an expired request counts as declined, and is declined by {@value #EXPIRY}
     * when it is next decided). What an operator's console and the command line list, to
     * {@link #decide} one.
     *
     * <pre>{@code
     * for (ApprovalRequest waiting : approvals.pending(50)) {
     *     show(waiting.tool(), waiting.argumentsJson(), waiting.expiresAt());
     * }
     * }</pre>
     *
     * @param limit at most this many
     * @return the pending requests
     * @throws IllegalArgumentException      when the journal offers no inspection ({@link JournalInspection})
     *                                       or the limit is below 1
     * @throws UnsupportedOperationException when the journal cannot list completed records
     */
    public List<ApprovalRequest> pending(int limit) {
        if (limit < 1) {
            throw new IllegalArgumentException("limit must be at least 1, was " + limit);
        }
        Instant now = clock.instant();
        JournalInspection inspection = JournalInspection.of(journal);
        // Two listings, not a lookup per request: on PostgreSQL each lookup is a round trip.
        Set<String> decided = new HashSet<>();
        inspection.succeeded(DECISION_TOOL, Integer.MAX_VALUE).forEach(record -> decided.add(record.key()));
        return inspection.succeeded(REQUEST_TOOL, Integer.MAX_VALUE).stream().map(Approvals::readRequest)
                .filter(request -> now.isBefore(request.expiresAt())
                        && !decided.contains(decisionKey(request.idempotencyKey())))
                .limit(limit).toList();
    }

    /**
     * Records {@code decision} on a call awaiting approval, once. A request past its expiry is
     * declined by {@value #EXPIRY} first, so a late approval is refused.
     *
     * @param decision approve or decline, who and why
     * @return the decision of record: this one, or the same verdict recorded before
     * @throws ApprovalConflictException    when the other verdict is recorded (also when it won a race
     *                                      with this one)
     * @throws ApprovalNotRecordedException when the journal's write failed: this decision is not
     *                                      recorded, and the call is as decidable as before
     * @throws IllegalStateException        when the write failed and the journal could not be asked
     *                                      afterwards whether it landed, or another decider's write
     *                                      held the call for longer than the wait (10 s)
     * @throws IllegalArgumentException     when no call awaits approval under the key, or
     *                                      {@code decision.by()} is not among its approvers
     */
    public ApprovalDecision decide(ApprovalDecision decision) {
        ApprovalRequest request = request(decision.idempotencyKey()).orElseThrow(() -> new IllegalArgumentException(
                "no call awaits approval under key " + decision.idempotencyKey()));
        if (!decision.by().equals(EXPIRY) && !request.mayBeDecidedBy(decision.by())) {
            throw new IllegalArgumentException("'" + decision.by() + "' may not decide tool '" + request.tool()
                    + "' (key " + request.idempotencyKey() + "); its approvers are " + request.approvers());
        }
        if (decision.approved()) {
            expireIfDue(request);
        }
        return write(request, decision);
    }

    /**
     * The calls whose outcome is unknown, offered to a person through the same channel as the
     * calls awaiting approval: each waits for a decision APPLIED or NOT_APPLIED
     * ({@link #decideOutcome}). The selection is {@link JournalInspection#unresolved}'s; approval
     * records are not among them.
     *
     * @param query which records
     * @return the calls, oldest first
     * @throws IllegalArgumentException when the journal offers no inspection
     */
    public List<CallRecord> unknownOutcomes(UnresolvedQuery query) {
        return JournalInspection.of(journal).unresolved(query).stream()
                .filter(record -> !record.tool().equals(REQUEST_TOOL) && !record.tool().equals(DECISION_TOOL))
                .toList();
    }

    /**
     * A person's decision on a call whose outcome is unknown, recorded by
     * {@link JournalInspection#resolve}, which alone decides whether it applies: APPLIED makes the
     * record SUCCEEDED with the given result, so the intent's next call replays it; NOT_APPLIED makes
     * it a failure that left no effect, so the intent's next call runs the body, once. A record
     * that is not unknown (anymore) is refused and left as it is.
     *
     * <pre>{@code
     * approvals.decideOutcome(key, Resolution.notApplied("ana", "no such transfer in the statement"));
     * agent.run(prompt, intentId); // the recorded turns replay; the call runs once under its key
     * }</pre>
     *
     * @param key        the call's idempotency key
     * @param resolution APPLIED (with the result) or NOT_APPLIED, who and why
     * @return the resolved record, or why it was refused
     * @throws IllegalArgumentException when the journal offers no inspection
     */
    public Resolved decideOutcome(String key, Resolution resolution) {
        Resolved resolved = JournalInspection.of(journal).resolve(key, resolution);
        if (resolved instanceof Resolved.Done done) {
            LOG.info("tool '{}' (key {}): outcome unknown, decided {} by {}: {}", done.record().tool(), key,
                    resolution.verdict(), resolution.by(), resolution.reason());
        } else if (resolved instanceof Resolved.Refused refused) {
            LOG.info("tool call (key {}): outcome decision {} by {} refused: {}", key, resolution.verdict(),
                    resolution.by(), refused.reason());
        }
        return resolved;
    }

    /**
     * Declines {@code request} by {@value #EXPIRY} when it is past its expiry and undecided.
     *
     * @param request a call awaiting approval
     * @return the decision of record when there is one now, else empty
     */
    public Optional<ApprovalDecision> expireIfDue(ApprovalRequest request) {
        Optional<ApprovalDecision> recorded = decision(request.idempotencyKey());
        if (recorded.isPresent() || clock.instant().isBefore(request.expiresAt())) {
            return recorded;
        }
        ApprovalDecision expiry = ApprovalDecision.decline(request.idempotencyKey(), EXPIRY,
                "no decision by " + request.expiresAt());
        try {
            return Optional.of(write(request, expiry));
        } catch (ApprovalConflictException decidedMeanwhile) {
            return Optional.of(decidedMeanwhile.recorded());
        }
    }

    private ApprovalDecision write(ApprovalRequest request, ApprovalDecision decision) {
        Instant now = clock.instant();
        ObjectNode json = JSON.createObjectNode();
        json.put("verdict", decision.verdict().name());
        json.put("by", decision.by());
        json.put("reason", decision.reason());
        json.put("decidedAt", now.toString());
        CallIntent intent = new CallIntent(decisionKey(decision.idempotencyKey()), request.intentId(), DECISION_TOOL,
                DECISION);
        CallRecord earlier = once(intent, JSON.writeValueAsString(json), "the decision " + decision.verdict() + " by "
                + decision.by() + " on the call with key " + decision.idempotencyKey());
        if (earlier == null) {
            LOG.info("tool '{}' call {} (key {}): {} by {}: {}", request.tool(), request.callId(),
                    request.idempotencyKey(), decision.verdict(), decision.by(), decision.reason());
            return new ApprovalDecision(decision.idempotencyKey(), decision.verdict(), decision.by(), decision.reason(),
                    now);
        }
        ApprovalDecision recorded = readDecision(decision.idempotencyKey(), earlier);
        if (recorded.verdict() != decision.verdict()) {
            LOG.info("tool '{}' call {} (key {}): {} by {} refused, already {} by {}", request.tool(), request.callId(),
                    request.idempotencyKey(), decision.verdict(), decision.by(), recorded.verdict(), recorded.by());
            throw new ApprovalConflictException(decision, recorded);
        }
        return recorded;
    }

    /**
     * Writes {@code resultJson} under {@code intent} unless the key holds a record: null when
     * written, else the completed record of the key (the same intent's, or a conflicting one). A
     * record another writer has claimed but not completed yet is waited for, never read.
     */
    private CallRecord once(CallIntent intent, String resultJson, String what) {
        long waitedMs = 0;
        while (true) {
            Claim claim = journal.claim(intent, owner, LEASE, true); // writing a record has no effect to repeat
            if (claim instanceof Claim.Owned owned) {
                if (completed(intent.key(), owned.epoch(), resultJson, what)) {
                    return null;
                }
                continue; // taken over by another writer while this one stalled: read what it wrote
            }
            CallRecord existing = claim instanceof Claim.Recorded recorded ? recorded.record()
                    : claim instanceof Claim.Conflict conflict ? conflict.existing() : null;
            if (existing != null && existing.status() == CallStatus.SUCCEEDED) {
                return existing;
            }
            // In flight, or a conflicting record still being written: another writer, between claim and complete.
            if (waitedMs >= IN_FLIGHT_WAIT_MS) {
                throw new IllegalStateException("the record " + intent.key() + " is being written elsewhere; try again");
            }
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(20));
            waitedMs += 20;
        }
    }

    /**
     * Completes the claim {@code epoch} with {@code resultJson}: whether the record is this writer's
     * now ({@code false}: another writer took the claim over). A completing write that fails is
     * withdrawn, so the key holds either nothing of it, claimable again at once, or all of it.
     */
    private boolean completed(String key, long epoch, String resultJson, String what) {
        RuntimeException failure;
        try {
            return journal.complete(key, epoch, CallOutcome.succeeded(resultJson, 1));
        } catch (RuntimeException e) {
            failure = e;
        }
        boolean withdrawn;
        Optional<CallRecord> now;
        try {
            withdrawn = journal.complete(key, epoch, CallOutcome.failed(WITHDRAWN, 0));
            now = withdrawn ? Optional.empty() : journal.find(key);
        } catch (RuntimeException unanswered) {
            failure.addSuppressed(unanswered);
            throw new IllegalStateException(what + " may or may not be recorded: the journal's write failed (" + failure
                    + ") and so did its withdrawal (" + unanswered + "). Nobody else can write it for "
                    + LEASE.toSeconds() + " s, then anyone may; ask the journal which it holds, or give it again: a"
                    + " record is written once, the same again answers with the one of record", failure);
        }
        if (withdrawn) {
            throw new ApprovalNotRecordedException(what + " was NOT recorded: the journal's write failed (" + failure
                    + "); nothing of it is in the journal, and it may be given again", failure);
        }
        // Not withdrawn: the failed write did land (its answer was lost), or another writer took the claim over.
        return now.filter(record -> record.epoch() == epoch && record.status() == CallStatus.SUCCEEDED).isPresent();
    }

    private static ApprovalRequest readRequest(CallRecord record) {
        JsonNode json = JSON.readTree(record.resultJson());
        List<String> approvers = new ArrayList<>();
        json.path("approvers").forEach(name -> approvers.add(name.asString()));
        return new ApprovalRequest(json.get("intentId").asString(), json.get("callId").asString(),
                json.get("tool").asString(), json.get("key").asString(), json.get("arguments").asString(), approvers,
                Instant.parse(json.get("requestedAt").asString()), Instant.parse(json.get("expiresAt").asString()));
    }

    private static ApprovalDecision readDecision(String key, CallRecord record) {
        JsonNode json = JSON.readTree(record.resultJson());
        return new ApprovalDecision(key, ApprovalDecision.Verdict.valueOf(json.get("verdict").asString()),
                json.get("by").asString(), json.get("reason").asString(), Instant.parse(json.get("decidedAt").asString()));
    }

    private static String requestKey(String callKey) {
        return "idem-approval-" + callKey;
    }

    private static String decisionKey(String callKey) {
        return "idem-decision-" + callKey;
    }

    private static String sha256(String text) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform must support SHA-256", e);
        }
    }
}
