package dev.idem.cli;

import dev.idem.approvals.ApprovalConflictException;
import dev.idem.approvals.ApprovalDecision;
import dev.idem.approvals.ApprovalRequest;
import dev.idem.approvals.Approvals;
import dev.idem.journal.CallRecord;
import dev.idem.journal.CallStatus;
import dev.idem.journal.Resolution;
import dev.idem.journal.Resolved;
import dev.idem.journal.UnresolvedQuery;
import java.io.PrintStream;
import java.time.Clock;
import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Objects;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code journal list|resolve|approvals|decide}: the calls whose outcome is unknown and the calls
 * awaiting approval, listed and decided through {@link Approvals}, the one channel the Java API,
 * the agent and the MCP server record into. Each command returns its exit status.
 */
final class JournalCommands {

    /** Who the journal's records name as their writer. */
    static final String OWNER = "idem-cli";

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final Approvals approvals;
    private final Clock clock;
    private final PrintStream out;
    private final PrintStream err;

    JournalCommands(Approvals approvals, Clock clock, PrintStream out, PrintStream err) {
        this.approvals = Objects.requireNonNull(approvals, "approvals");
        this.clock = clock;
        this.out = out;
        this.err = err;
    }

    /** {@code list [--tool NAME] [--intent ID] [--older-than ISO-DURATION] [--limit N]} */
    int list(Arguments arguments) {
        none(arguments, "list");
        UnresolvedQuery query = UnresolvedQuery.all().tool(arguments.value("--tool"))
                .intentId(arguments.value("--intent"))
                .limit(arguments.number("--limit", UnresolvedQuery.DEFAULT_LIMIT));
        if (arguments.value("--older-than") != null) {
            try {
                query = query.olderThan(Duration.parse(arguments.value("--older-than")));
            } catch (DateTimeParseException | IllegalArgumentException e) {
                throw new UsageException("--older-than takes an ISO-8601 duration (PT5M, PT2H, P1D), not '"
                        + arguments.value("--older-than") + "'");
            }
        }
        List<CallRecord> records = approvals.unknownOutcomes(query);
        out.println("key\ttool\tintent\tstatus\tcreated\towner\tattempts\twhy");
        for (CallRecord record : records) {
            String why = record.error() != null ? record.error().message()
                    : "its owner's lease ended " + record.leaseUntil();
            out.println(String.join("\t", record.key(), record.tool(), record.intentId(), record.status().name(),
                    record.createdAt().toString(), record.owner(), Integer.toString(record.attempts()), why));
        }
        out.println(records.size() + " with an unknown outcome at " + clock.instant());
        return IdemCli.OK;
    }

    /** {@code resolve KEY applied --result JSON --by WHO --why TEXT}, or {@code not-applied} without a result */
    int resolve(Arguments arguments) {
        List<String> positional = arguments.positional();
        if (positional.size() != 2) {
            throw new UsageException("resolve takes KEY and applied|not-applied, got " + positional);
        }
        String key = positional.get(0);
        Resolution resolution = switch (positional.get(1)) {
            case "applied" -> Resolution.applied(json(arguments.required("--result")), arguments.required("--by"),
                    arguments.required("--why"));
            case "not-applied" -> {
                if (arguments.value("--result") != null) {
                    throw new UsageException("not-applied takes no --result: nothing took effect");
                }
                yield Resolution.notApplied(arguments.required("--by"), arguments.required("--why"));
            }
            default -> throw new UsageException("the verdict is applied or not-applied, not '" + positional.get(1) + "'");
        };
        Resolved resolved = approvals.decideOutcome(key, resolution);
        if (resolved instanceof Resolved.Refused refused) {
            err.println("refused: " + refused.reason());
            return IdemCli.FAILURE;
        }
        CallRecord record = ((Resolved.Done) resolved).record();
        out.println("resolved " + key + " as " + resolution.verdict() + ": the record is " + record.status()
                + (record.status() == CallStatus.SUCCEEDED ? "; later calls replay its result"
                        : "; the next call runs the tool, once"));
        return IdemCli.OK;
    }

    /** {@code approvals [--tool NAME] [--intent ID] [--limit N]} */
    int approvals(Arguments arguments) {
        none(arguments, "approvals");
        String tool = arguments.value("--tool");
        String intent = arguments.value("--intent");
        int limit = arguments.number("--limit", UnresolvedQuery.DEFAULT_LIMIT);
        List<ApprovalRequest> pending = approvals.pending(Integer.MAX_VALUE).stream()
                .filter(request -> tool == null || tool.equals(request.tool()))
                .filter(request -> intent == null || intent.equals(request.intentId()))
                .limit(limit).toList();
        out.println("key\ttool\tintent\tcall\tapprovers\trequested\texpires\targuments");
        for (ApprovalRequest request : pending) {
            String expires = request.expiresAt().toString()
                    + (clock.instant().isBefore(request.expiresAt()) ? "" : " (expired: declined when next looked at)");
            out.println(String.join("\t", request.idempotencyKey(), request.tool(), request.intentId(),
                    request.callId(), request.approvers().isEmpty() ? "anyone" : String.join(",", request.approvers()),
                    request.requestedAt().toString(), expires, request.argumentsJson()));
        }
        out.println(pending.size() + " awaiting approval at " + clock.instant());
        return IdemCli.OK;
    }

    /** {@code decide KEY approve|decline --by WHO --why TEXT} */
    int decide(Arguments arguments) {
        List<String> positional = arguments.positional();
        if (positional.size() != 2) {
            throw new UsageException("decide takes KEY and approve|decline, got " + positional);
        }
        String key = positional.get(0);
        String by = arguments.required("--by");
        String why = arguments.required("--why");
        ApprovalDecision decision = switch (positional.get(1)) {
            case "approve" -> ApprovalDecision.approve(key, by, why);
            case "decline" -> ApprovalDecision.decline(key, by, why);
            default -> throw new UsageException("the decision is approve or decline, not '" + positional.get(1) + "'");
        };
        ApprovalDecision recorded;
        try {
            recorded = approvals.decide(decision);
        } catch (ApprovalConflictException e) {
            ApprovalDecision first = e.recorded();
            err.println("refused: the call is already " + first.verdict() + " by " + first.by() + " (" + first.reason()
                    + "); a decision is recorded once");
            return IdemCli.FAILURE;
        } catch (IllegalArgumentException | IllegalStateException e) { // ApprovalNotRecordedException too
            err.println("refused: " + e.getMessage());
            return IdemCli.FAILURE;
        }
        out.println("decided " + key + ": " + recorded.verdict() + " by " + recorded.by() + " at " + recorded.decidedAt()
                + (recorded.approved()
                        ? "; the call runs once, under its key, when its run resumes or the call is made again"
                        : "; the call never runs, and its run is told who declined and why"));
        return IdemCli.OK;
    }

    private static void none(Arguments arguments, String command) {
        if (!arguments.positional().isEmpty()) {
            throw new UsageException(command + " takes no arguments but the journal, got " + arguments.positional());
        }
    }

    /** {@code text} when it is one JSON value: the result later calls replay. */
    private static String json(String text) {
        try {
            JSON.readTree(text);
            return text;
        } catch (JacksonException e) {
            throw new UsageException("--result is not JSON: " + e.getOriginalMessage());
        }
    }
}
