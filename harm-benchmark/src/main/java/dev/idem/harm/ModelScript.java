package dev.idem.harm;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The scripted model's behaviour for one intent, the same for every stack: each framework's
 * scripted chat model asks this what to answer, from what its own conversation holds.
 *
 * <ul>
 *   <li>First turn: the payment call (twice in one response for {@link Scenario#DOUBLE_CALL};
 *       with truncated JSON or a negative amount for {@link Scenario#BAD_ARGUMENTS}).</li>
 *   <li>Second turn: after an error that does not say the payment may have happened, the right
 *       call once more (what models do); for {@link Scenario#MODEL_REISSUES}, the same call again
 *       after a success; for {@link Scenario#MODEL_FAILS_AFTER_TOOL}, a failed model call, once per
 *       intent.</li>
 *   <li>Then the answer: {@code DONE <paymentId>} when a result holds a receipt, {@code UNKNOWN}
 *       when the last result says the payment may have happened, else {@code FAILED}.</li>
 * </ul>
 */
public final class ModelScript {
    /** The payment tool's name in every stack. */
    public static final String TOOL = "pay";

    /**
     * A tool call the model emits.
     *
     * @param id        the call id
     * @param name      the tool name
     * @param arguments the argument text
     */
    public record Call(String id, String name, String arguments) {}

    /**
     * The model's next answer: calls, or a text, or a failure of the model call itself.
     *
     * @param calls the tool calls, empty for a text answer
     * @param text  the text, empty for calls
     * @param fail  true when the model call fails (its answer cut after the request was sent)
     */
    public record Action(List<Call> calls, String text, boolean fail) {
        static Action calls(Call... calls) {
            return new Action(List.of(calls), "", false);
        }

        static Action answer(String text) {
            return new Action(List.of(), text, false);
        }
    }

    private final Scenario scenario;
    private final PaymentRequest request;
    private final AtomicBoolean failed = new AtomicBoolean();

    /**
     * The script of one intent.
     *
     * @param scenario the fault played
     * @param request  the user's request
     */
    public ModelScript(Scenario scenario, PaymentRequest request) {
        this.scenario = scenario;
        this.request = request;
    }

    /**
     * The next answer.
     *
     * @param assistantTurns how many answers the conversation already holds
     * @param toolResults    the tool results it holds, in order
     * @return what the model answers
     */
    public Action next(int assistantTurns, List<String> toolResults) {
        String id = "call_" + request.index() + "_" + (assistantTurns + 1);
        if (assistantTurns == 0) {
            if (scenario == Scenario.DOUBLE_CALL) {
                return Action.calls(new Call(id + "a", TOOL, request.arguments()), new Call(id + "b", TOOL, request.arguments()));
            }
            if (scenario == Scenario.BAD_ARGUMENTS) {
                String bad = request.index() % 2 == 0
                        ? request.arguments().substring(0, request.arguments().length() - 9)
                        : request.arguments().replace("\"cents\":" + request.cents(), "\"cents\":-" + request.cents());
                return Action.calls(new Call(id, TOOL, bad));
            }
            return Action.calls(new Call(id, TOOL, request.arguments()));
        }
        if (scenario == Scenario.MODEL_FAILS_AFTER_TOOL && !failed.getAndSet(true)) {
            return new Action(List.of(), "", true);
        }
        List<String> results = new ArrayList<>(toolResults);
        if (assistantTurns == 1 && !results.isEmpty()) {
            ResultText last = ResultText.of(results.get(results.size() - 1));
            if (last == ResultText.FAILED || (scenario == Scenario.MODEL_REISSUES && last == ResultText.PAID)) {
                return Action.calls(new Call(id, TOOL, request.arguments()));
            }
        }
        return Action.answer(switch (ResultText.report(results)) {
            case DONE -> "DONE " + paymentId(results);
            case UNKNOWN -> "UNKNOWN: the payment may have been made; check before paying again.";
            default -> "FAILED: the payment could not be made.";
        });
    }

    private static String paymentId(List<String> results) {
        for (String text : results) {
            int at = text.indexOf("pay_");
            if (ResultText.of(text) == ResultText.PAID && at >= 0) {
                int end = at;
                while (end < text.length() && (Character.isLetterOrDigit(text.charAt(end)) || text.charAt(end) == '_')) {
                    end++;
                }
                return text.substring(at, end);
            }
        }
        return "";
    }
}
