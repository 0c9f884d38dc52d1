package dev.idem.samples.chaos;

import dev.idem.llm.ChatMessage;
import dev.idem.llm.ChatRequest;
import dev.idem.tool.ToolCall;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The model of the chaos scenarios, deciding from the conversation alone, as a real model does:
 * works through the lookup and the transfers in order; after a result whose outcome is unknown or
 * whose failure is transient it asks for the identical call again (same arguments, so the same
 * idempotency key), at most twice; after a spoiled call of its own it asks for the right one;
 * after any other failure it gives up on that transfer. Then it answers.
 */
final class ChaosBrain implements Function<ChatRequest, ChatMessage> {
    static final int MAX_REISSUES = 2;

    private final List<ToolCall> items;
    private final boolean batched;

    ChaosBrain(ChaosSchedule schedule) {
        List<ToolCall> all = new ArrayList<>();
        if (schedule.lookup() != null) {
            all.add(schedule.lookup());
        }
        all.addAll(schedule.transfers());
        this.items = List.copyOf(all);
        this.batched = schedule.batched();
    }

    @Override
    public ChatMessage apply(ChatRequest request) {
        List<ChatMessage> messages = request.messages();
        int start = 0;
        for (int i = 0; i < messages.size(); i++) {
            if (messages.get(i).role() == ChatMessage.Role.USER) {
                start = i + 1;
            }
        }
        // This run's calls and results only: a re-run starts from the request again.
        List<ToolCall> calls = new ArrayList<>();
        Map<String, ChatMessage> results = new HashMap<>();
        for (ChatMessage message : messages.subList(start, messages.size())) {
            calls.addAll(message.toolCalls());
            if (message.role() == ChatMessage.Role.TOOL) {
                results.put(message.toolCallId(), message);
            }
        }
        List<ToolCall> next = new ArrayList<>();
        List<String> done = new ArrayList<>();
        for (ToolCall item : items) {
            ToolCall call = nextCall(item, calls, results, done);
            if (call != null) {
                next.add(call);
                if (!batched) {
                    break;
                }
            }
        }
        if (next.isEmpty()) {
            return ChatMessage.assistant("Summary: " + String.join("; ", done) + ".");
        }
        return ChatMessage.assistant("", next);
    }

    /** The call to make for {@code item} now, or {@code null} when it is settled (noted in {@code done}). */
    private static ToolCall nextCall(ToolCall item, List<ToolCall> calls, Map<String, ChatMessage> results,
            List<String> done) {
        List<ToolCall> mine = calls.stream().filter(call -> call.id().startsWith(item.id() + "-")).toList();
        ToolCall again = new ToolCall(item.id() + "-" + (mine.size() + 1), item.name(), item.argumentsJson());
        if (mine.isEmpty()) {
            return again;
        }
        ToolCall last = mine.get(mine.size() - 1);
        ChatMessage result = results.get(last.id());
        if (result == null) {
            return again;
        }
        if (!result.error()) {
            done.add(item.id() + " done");
            return null;
        }
        if (!last.name().equals(item.name()) || !last.argumentsJson().equals(item.argumentsJson())) {
            // Its own mistake: the executor said what was wrong, ask for the right call.
            return again;
        }
        long reissues = mine.stream().filter(call -> call.argumentsJson().equals(item.argumentsJson())
                && call.name().equals(item.name())).count() - 1;
        if (mayBeRetried(result.content()) && reissues < MAX_REISSUES) {
            return again;
        }
        done.add(item.id() + " failed: " + result.content());
        return null;
    }

    /** Whether the result says the outcome is unknown or the failure was transient. */
    static boolean mayBeRetried(String resultText) {
        return resultText.contains("failed (TIMEOUT)") || resultText.contains("failed (CONNECTION_ERROR)")
                || resultText.contains("failed (RATE_LIMIT)") || resultText.contains("may still complete");
    }
}
