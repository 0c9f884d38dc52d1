package dev.idem.openai;

import dev.idem.llm.ChatMessage;
import dev.idem.llm.ChatResponse;
import dev.idem.llm.DispatchPhase;
import dev.idem.llm.ErrorKind;
import dev.idem.llm.ProviderResponseException;
import dev.idem.llm.StreamListener;
import dev.idem.llm.Usage;
import dev.idem.tool.ToolCall;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/**
 * Assembles a streamed Chat Completions answer from its server-sent event lines: content deltas
 * are concatenated, tool-call deltas are grouped by their {@code index} (id and name arrive in
 * the first delta, arguments in pieces), the usage chunk is kept. Only a stream that said both a
 * finish reason and {@code [DONE]} is complete. One instance per stream, one thread.
 */
final class StreamAssembler {

    private final String requestedModel;
    private final StreamListener listener;
    private final StringBuilder content = new StringBuilder();
    private final TreeMap<Integer, PartialCall> calls = new TreeMap<>();
    private String model;
    private String finishReason;
    private Usage usage = Usage.ZERO;
    private int chunks;
    private boolean done;
    private int lastIndex = -1;

    StreamAssembler(String requestedModel, StreamListener listener) {
        this.requestedModel = requestedModel;
        this.listener = listener;
    }

    /** Reads one line of the event stream; returns true once {@code data: [DONE]} was read. */
    boolean accept(String line) {
        // Blank lines end events; ':' lines are keep-alive comments; event:/id:/retry: carry nothing we use.
        if (!line.startsWith("data:")) {
            return done;
        }
        String data = line.substring("data:".length()).strip();
        if (data.equals("[DONE]")) {
            done = true;
            return true;
        }
        JsonNode chunk;
        try {
            chunk = WireFormat.JSON.readTree(data);
        } catch (JacksonException e) {
            throw WireFormat.formatError("stream chunk " + (chunks + 1) + " is not JSON: " + e.getOriginalMessage(), e);
        }
        chunks++;
        if (chunk.has("error")) {
            throw new ProviderResponseException(ErrorKind.UNKNOWN, DispatchPhase.MAYBE_PROCESSED,
                    "the provider reported an error in the middle of the stream: " + chunk.get("error"), null);
        }
        String chunkModel = WireFormat.text(chunk.get("model"));
        if (chunkModel != null && !chunkModel.isEmpty()) {
            model = chunkModel;
        }
        if (chunk.get("usage") != null && chunk.get("usage").isObject()) {
            usage = WireFormat.parseUsage(chunk.get("usage"));
        }
        for (JsonNode choice : chunk.path("choices")) {
            if (choice.path("index").asInt(0) != 0) {
                continue; // only one choice is ever asked for
            }
            acceptDelta(choice.path("delta"));
            String reason = WireFormat.text(choice.get("finish_reason"));
            if (reason != null) {
                finishReason = reason;
            }
        }
        return false;
    }

    private void acceptDelta(JsonNode delta) {
        String text = WireFormat.text(delta.get("content"));
        if (text != null && !text.isEmpty()) {
            content.append(text);
            listener.onText(text);
        }
        for (JsonNode callDelta : delta.path("tool_calls")) {
            String id = WireFormat.text(callDelta.get("id"));
            JsonNode function = callDelta.path("function");
            String name = WireFormat.text(function.get("name"));
            int index = indexOf(callDelta, id);
            PartialCall call = calls.computeIfAbsent(index, i -> new PartialCall());
            if (id != null && !id.isEmpty()) {
                call.id = id;
            }
            if (name != null && !name.isEmpty()) {
                call.name = name;
            }
            if (!call.announced && call.name != null) {
                call.announced = true;
                listener.onToolCallStart(index, call.id, call.name);
            }
            String fragment = WireFormat.arguments(function.get("arguments"));
            if (!fragment.isEmpty()) {
                call.arguments.append(fragment);
                listener.onToolCallArguments(index, fragment);
            }
            lastIndex = index;
        }
    }

    /** The delta's index; servers that omit it start a new call with each id and continue the last one otherwise. */
    private int indexOf(JsonNode callDelta, String id) {
        JsonNode index = callDelta.get("index");
        if (index != null && index.isNumber()) {
            return index.asInt();
        }
        if (id != null || lastIndex < 0) {
            return calls.isEmpty() ? 0 : calls.lastKey() + 1;
        }
        return lastIndex;
    }

    /** The assembled answer; the stream must have ended properly. */
    ChatResponse finish() {
        if (!done || finishReason == null) {
            String missing = !done ? "[DONE]" : "a finish_reason";
            throw new ProviderResponseException(ErrorKind.UNKNOWN, DispatchPhase.MAYBE_PROCESSED,
                    "the stream ended without " + missing + " after " + chunks + " chunks" + progress(), null);
        }
        List<ToolCall> toolCalls = new ArrayList<>();
        int position = 0;
        for (PartialCall call : calls.values()) {
            if (call.name == null) {
                throw WireFormat.formatError("streamed tool call " + position + " never named its function", null);
            }
            String id = call.id == null ? WireFormat.syntheticCallId(position) : call.id;
            toolCalls.add(new ToolCall(id, call.name, call.arguments.toString()));
            position++;
        }
        if (content.length() == 0 && toolCalls.isEmpty()) {
            throw new ProviderResponseException(ErrorKind.EMPTY_RESPONSE, DispatchPhase.UNKNOWN,
                    "the stream carried neither content nor tool calls (finish_reason " + finishReason + ")", null);
        }
        return new ChatResponse(ChatMessage.assistant(content.toString(), toolCalls), usage, finishReason,
                model == null ? requestedModel : model);
    }

    /** How many data chunks were read so far. */
    int chunks() {
        return chunks;
    }

    /** Says what had arrived before a cut, e.g. "(in the middle of tool call book_flight)". */
    String progress() {
        for (PartialCall call : calls.values()) {
            if (call.name != null && finishReason == null) {
                return " (tool call '" + call.name + "' may be incomplete)";
            }
        }
        return content.length() > 0 ? " (" + content.length() + " characters of text)" : "";
    }

    private static final class PartialCall {
        private String id;
        private String name;
        private boolean announced;
        private final StringBuilder arguments = new StringBuilder();
    }
}
