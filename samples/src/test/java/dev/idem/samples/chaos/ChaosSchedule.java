package dev.idem.samples.chaos;

import dev.idem.llm.ChatMessage;
import dev.idem.llm.scripted.ScriptedChatModel;
import dev.idem.samples.bank.Fault;
import dev.idem.tool.ToolCall;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;

/**
 * Everything one seed decides: what the user asks for (1 to 3 distinct transfers, maybe a
 * forecast lookup first), which model calls fail and how, which bank requests fail and how, and
 * whether the user presses "retry" after an unknown outcome. The same seed always draws the same
 * schedule.
 *
 * @param seed             the seed
 * @param transfers        the transfers asked for, as the tool calls that make them
 * @param lookup           the read-only lookup asked for first, or {@code null}
 * @param batched          whether the model asks for all pending calls of a turn at once
 * @param modelFaults      by model call index (0-based, counted over all runs of the seed)
 * @param bankQueue        faults played on the first transfer requests, in order
 * @param bankProbability  the chance of a random bank fault on every other request
 * @param bankKinds        the kinds random bank faults are drawn from
 * @param userRetries      how often the user re-runs the request after OUTCOME_UNKNOWN
 */
record ChaosSchedule(long seed, List<ToolCall> transfers, ToolCall lookup, boolean batched,
        Map<Integer, ModelFault> modelFaults, List<Fault> bankQueue, double bankProbability, List<Fault> bankKinds,
        int userRetries) {

    /** Model calls that may be scheduled to fail; later calls always answer. */
    static final int FAULTY_CALLS = 24;
    // Enough answers for every turn, attempt and re-run a seed can take.
    private static final int SCRIPT_LENGTH = 400;
    private static final double[] MODEL_FAULT_RATES = {0.0, 0.1, 0.2, 0.35};
    // Weights: permanent failures end a run at once, so they are drawn rarely.
    private static final ModelFault[] MODEL_FAULT_DRAW = {
        ModelFault.RATE_LIMITED_429, ModelFault.RATE_LIMITED_429, ModelFault.RATE_LIMITED_429,
        ModelFault.SERVICE_UNAVAILABLE_503, ModelFault.SERVICE_UNAVAILABLE_503, ModelFault.OVERLOADED_529,
        ModelFault.READ_TIMEOUT, ModelFault.READ_TIMEOUT, ModelFault.CONNECTION_REFUSED, ModelFault.CONNECTION_REFUSED,
        ModelFault.MALFORMED_ARGUMENTS, ModelFault.MALFORMED_ARGUMENTS, ModelFault.UNKNOWN_TOOL,
        ModelFault.UNKNOWN_TOOL, ModelFault.INVALID_API_KEY_401,
    };

    static ChaosSchedule draw(long seed) {
        Random random = new Random(seed);
        List<ToolCall> transfers = new ArrayList<>();
        int count = 1 + random.nextInt(3);
        for (int i = 1; i <= count; i++) {
            // Distinct intents: another payee and another amount each.
            long cents = i * 10_000L + 1 + random.nextInt(9_000);
            transfers.add(new ToolCall("t" + i, "schedulePix", "{\"key\":\"payee" + i + "@example.com\",\"cents\":"
                    + cents + ",\"date\":\"2026-12-01\"}"));
        }
        ToolCall lookup = random.nextInt(3) == 0
                ? new ToolCall("w", "forecast", "{\"city\":\"Recife\",\"start\":\"2026-12-01\",\"days\":2}")
                : null;
        boolean batched = random.nextInt(4) == 0;
        double modelRate = MODEL_FAULT_RATES[random.nextInt(MODEL_FAULT_RATES.length)];
        Map<Integer, ModelFault> modelFaults = new TreeMap<>();
        for (int call = 0; call < FAULTY_CALLS; call++) {
            if (random.nextDouble() < modelRate) {
                modelFaults.put(call, MODEL_FAULT_DRAW[random.nextInt(MODEL_FAULT_DRAW.length)]);
            }
        }
        Fault[] all = Fault.values();
        List<Fault> queue = new ArrayList<>();
        int queued = random.nextInt(4);
        for (int i = 0; i < queued; i++) {
            queue.add(all[random.nextInt(all.length)]);
        }
        double probability = random.nextInt(3) == 0 ? 0.0 : 0.3 * random.nextDouble();
        List<Fault> kinds = new ArrayList<>();
        if (random.nextBoolean()) {
            kinds.addAll(Arrays.asList(all));
        } else {
            for (Fault fault : all) {
                if (random.nextInt(3) == 0) {
                    kinds.add(fault);
                }
            }
            if (kinds.isEmpty()) {
                kinds.add(all[random.nextInt(all.length)]);
            }
        }
        int userRetries = random.nextInt(4) == 0 ? 0 : 1 + random.nextInt(2);
        return new ChaosSchedule(seed, List.copyOf(transfers), lookup, batched, modelFaults, List.copyOf(queue),
                probability, List.copyOf(kinds), userRetries);
    }

    /** The intent id the user's request runs under, every time it is run. */
    String intentId() {
        return "chaos-" + seed;
    }

    /** The user's request, in words. */
    String prompt() {
        return "Please " + (lookup == null ? "" : "check the weather in Recife, then ") + "schedule "
                + transfers.size() + " Pix transfer(s) on 2026-12-01.";
    }

    /** The scripted model: the brain's answer on every call, except the scheduled faults. */
    ScriptedChatModel model(Timeline timeline) {
        ChaosBrain brain = new ChaosBrain(this);
        ScriptedChatModel.Builder script = ScriptedChatModel.builder();
        for (int call = 0; call < SCRIPT_LENGTH; call++) {
            int index = call;
            ModelFault fault = modelFaults.get(call);
            if (fault == null) {
                script.replyWith(brain).expecting(request -> timeline.modelAttempt(index, "", 0));
            } else if (fault.isMistake()) {
                script.replyWith(request -> mistaken(brain.apply(request), fault, index, timeline))
                        .expecting(request -> timeline.modelAttempt(index, "", 0));
            } else {
                script.fail(fault.exception())
                        .expecting(request -> timeline.modelAttempt(index, fault.name(), fault.hintMs()));
            }
        }
        return script.build();
    }

    /** The same brain with no fault: the model of a second replica, whose provider is healthy. */
    ScriptedChatModel faultFreeModel(Timeline timeline) {
        ChaosBrain brain = new ChaosBrain(this);
        ScriptedChatModel.Builder script = ScriptedChatModel.builder();
        for (int call = 0; call < SCRIPT_LENGTH; call++) {
            int index = call;
            script.replyWith(brain).expecting(request -> timeline.modelAttempt(index, "", 0));
        }
        return script.build();
    }

    /** The answer with its first tool call spoiled; a final answer stays as it is. */
    private static ChatMessage mistaken(ChatMessage answer, ModelFault mistake, int index, Timeline timeline) {
        if (!answer.hasToolCalls()) {
            return answer;
        }
        List<ToolCall> calls = new ArrayList<>(answer.toolCalls());
        ToolCall first = calls.get(0);
        calls.set(0, mistake == ModelFault.UNKNOWN_TOOL
                ? new ToolCall(first.id(), first.name() + "Now", first.argumentsJson())
                : new ToolCall(first.id(), first.name(), first.argumentsJson().substring(0, first.argumentsJson().length() / 2)));
        timeline.modelMistake(index, mistake.name());
        return ChatMessage.assistant(answer.content(), calls);
    }

    @Override
    public String toString() {
        StringBuilder text = new StringBuilder("seed ").append(seed).append(": intent ").append(intentId())
                .append(", transfers ").append(transfers.stream().map(ToolCall::argumentsJson).toList())
                .append(lookup == null ? "" : ", lookup " + lookup.argumentsJson())
                .append(batched ? ", batched turns" : ", one call per turn")
                .append("\n  model faults by call index: ").append(modelFaults)
                .append("\n  bank: queued ").append(bankQueue).append(", random p=")
                .append(String.format("%.3f", bankProbability)).append(" of ").append(bankKinds)
                .append("\n  user re-runs after OUTCOME_UNKNOWN: ").append(userRetries);
        return text.toString();
    }
}
