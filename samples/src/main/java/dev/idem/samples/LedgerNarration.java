package dev.idem.samples;

import dev.idem.ErrorType;
import dev.idem.agent.TraceEvent;
import dev.idem.samples.bank.BankRequest;
import dev.idem.samples.bank.Fault;
import dev.idem.tool.ToolDescriptor;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * Tells one ledger line as a story: for each request the bank received under that key, what the
 * bank did, and what the executor did next and why. Built from the bank's request log and the
 * agent's trace, never from a script, so it stays true when the faults change.
 */
final class LedgerNarration {

    private LedgerNarration() {}

    /** One line per request, numbered, each saying what happened and why the next one came. */
    static List<String> lines(KeyStory story, Function<String, ToolDescriptor> tools) {
        List<String> lines = new ArrayList<>();
        int number = 0;
        for (int c = 0; c < story.calls().size(); c++) {
            KeyStory.Call call = story.calls().get(c);
            ToolDescriptor tool = tools.apply(call.result().toolName());
            if (call.result().replayed()) {
                // Answered from the executor's journal: no request reached the bank.
                lines.add(++number + ". " + (c > 0 ? "the user pressed retry (same intent id, so the same key): " : "")
                        + "Idem's journal had the recorded result and answered with it, nothing was sent to the bank");
                continue;
            }
            for (int attempt = 1; attempt <= call.requests().size(); attempt++) {
                BankRequest request = call.requests().get(attempt - 1);
                StringBuilder line = new StringBuilder(++number + ". ");
                if (attempt == 1 && c > 0) {
                    line.append("the user pressed retry (same intent id, so the same key): ");
                }
                line.append(bankSide(request));
                if (attempt <= call.retries().size()) {
                    line.append(" -> ").append(whyAgain(call.retries().get(attempt - 1), tool));
                } else if (attempt == call.requests().size()) {
                    line.append(afterLast(call));
                }
                lines.add(line.toString());
            }
        }
        return lines;
    }

    static String bankSide(BankRequest request) {
        switch (request.handling()) {
            case REFUSED:
                switch (request.fault()) {
                    case SERVICE_UNAVAILABLE_503: return "503, the bank did nothing";
                    case RATE_LIMITED_429: return "429 with Retry-After, the bank did nothing";
                    case IN_FLIGHT_409: return "409 (in flight), the bank did nothing";
                    default: return "connection reset before the bank did anything";
                }
            case EXECUTED:
                if (request.fault() == Fault.RESPONSE_LOST_AFTER_COMMIT) {
                    return "money moved, but the bank's answer was lost";
                }
                return request.fault() == Fault.SLOW_RESPONSE ? "money moved, the answer came late" : "money moved";
            case DECLINED: return "declined (insufficient funds), nothing moved";
            case REPLAYED: return "the bank replayed its stored answer for the key, nothing moved";
            case IN_FLIGHT: return "409, the first request with this key was still running, nothing moved";
            case KEY_REUSED: return "422, the key came with other parameters, nothing moved";
            default: return "400, invalid request, nothing moved";
        }
    }

    /** Why the executor sent the request again: the rule of the decision table that allowed it. */
    private static String whyAgain(TraceEvent.ToolRetried retry, ToolDescriptor tool) {
        String after = " after " + retry.delayMs() + " ms";
        if (retry.errorType() == ErrorType.TIMEOUT && tool.idempotent()) {
            return "TIMEOUT: outcome unknown, and " + tool.name() + " is idempotent, so Idem drove it again with the"
                    + " same key" + after;
        }
        return retry.errorType() + " is transient and " + tool.name() + " restart-safe, so Idem sent it again with"
                + " the same key" + after;
    }

    private static String afterLast(KeyStory.Call call) {
        if (call.result().success() && call.runEndedUnknown()) {
            return " -> then the model's next answer was lost after the request was sent ("
                    + call.run().error().kind() + ", " + call.run().error().phase() + "): not replayed, the run"
                    + " ended OUTCOME_UNKNOWN";
        }
        if (!call.result().success()) {
            return " -> the call ended " + call.result().errorType()
                    + (call.result().outcomeUnknown() ? " with the outcome unknown, and the model was told so" : "");
        }
        return "";
    }
}
