package dev.idem.openai;

import dev.idem.llm.ChatMessage;
import dev.idem.llm.ChatResponse;
import dev.idem.retry.DispatchPhase;
import dev.idem.llm.ErrorKind;
import dev.idem.llm.ProviderHttpException;
import dev.idem.llm.ProviderResponseException;
import dev.idem.llm.StreamListener;
import dev.idem.llm.Usage;
import dev.idem.tool.ToolCall;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/**
 * Assembles a streamed Chat Completions answer from its server-sent event lines: content and
 * refusal deltas are concatenated, tool-call deltas are grouped into calls, the usage chunk is
 * kept ({@code usage}, or Groq's {@code x_groq.usage}). Only a stream that said both a finish
 * reason and {@code [DONE]} is complete. One instance per stream, one thread.
 *
 * <p>Tool-call deltas belong to the call open at their {@code index}, except that a delta with a
 * new id at an index already in use starts a new call (some servers send every parallel call at
 * {@code index: 0}); without an index, a new id starts a new call and anything else continues
 * the last one.
 *
 * <p>An error the provider reports inside the 200 stream ({@code data: {"error":{...}}}, or any
 * data of an {@code event: error}) ends it with a {@link ProviderHttpException} carrying the
 * status the error states ({@code status_code}, or a numeric {@code code} / {@code status};
 * else 200) and the error body, so the one classifier reads it like any error answer; it is
 * marked a partial answer when data chunks came before it.
 *
 * <p>The answer is bounded: once the text, refusal, tool names, ids and arguments kept pass
 * {@code maxAnswerChars} (each call also counts a little for itself), the stream fails as too
 * large ({@code RESPONSE_TOO_LARGE}, {@code MAYBE_PROCESSED}), before the delta reaches the listener.
 */
final class StreamAssembler {

    /** What one more tool call costs against the answer's bound beyond its text: its bookkeeping. */
    private static final int CALL_COST = 64;

    private final String requestedModel;
    private final StreamListener listener;
    private final long maxAnswerChars;
    private final StringBuilder content = new StringBuilder();
    private final StringBuilder refusal = new StringBuilder();
    private final List<PartialCall> calls = new ArrayList<>();
    private final Map<Integer, PartialCall> openByIndex = new HashMap<>();
    private PartialCall lastCall;
    private String model;
    private String id;
    private String finishReason;
    private Usage usage = Usage.ZERO;
    private String event = "";
    private int chunks;
    private boolean done;
    private long kept;

    /** @param maxAnswerChars the most characters of text, refusal, tool names and arguments the answer may keep */
    StreamAssembler(String requestedModel, StreamListener listener, long maxAnswerChars) {
        this.requestedModel = requestedModel;
        this.listener = listener;
        this.maxAnswerChars = maxAnswerChars;
    }

    /** Reads one line of the event stream; returns true once {@code data: [DONE]} was read. */
    boolean accept(String line) {
        if (line.isEmpty()) {
            event = ""; // a blank line ends the event
            return done;
        }
        if (line.startsWith("event:")) {
            event = line.substring("event:".length()).strip();
            return done;
        }
        // ':' lines are keep-alive comments; id: and retry: carry nothing we use.
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
            chunk = WireFormat.readProvided(data, "stream chunk " + (chunks + 1));
        } catch (JacksonException e) {
            if (event.equals("error")) {
                throw streamError(200, data);
            }
            throw WireFormat.formatError("stream chunk " + (chunks + 1) + " is not JSON: " + e.getOriginalMessage(), e);
        }
        JsonNode error = chunk.get("error");
        if (event.equals("error") || (error != null && !error.isNull())) {
            throw streamError(WireFormat.embeddedStatus(chunk), data);
        }
        chunks++;
        String chunkModel = WireFormat.text(chunk.get("model"));
        if (chunkModel != null && !chunkModel.isEmpty()) {
            model = chunkModel;
        }
        String chunkId = WireFormat.text(chunk.get("id"));
        if (id == null && chunkId != null && !chunkId.isEmpty()) {
            id = chunkId; // every chunk of one answer carries the answer's id
        }
        JsonNode reported = WireFormat.reportedUsage(chunk);
        if (reported != null) {
            usage = WireFormat.parseUsage(reported);
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
            keep(text.length());
            content.append(text);
            listener.onText(text);
        }
        String refused = WireFormat.text(delta.get("refusal"));
        if (refused != null && !refused.isEmpty()) {
            keep(refused.length());
            refusal.append(refused);
            listener.onRefusal(refused);
        }
        for (JsonNode callDelta : delta.path("tool_calls")) {
            String id = WireFormat.text(callDelta.get("id"));
            JsonNode function = callDelta.path("function");
            String name = WireFormat.text(function.get("name"));
            PartialCall call = callFor(callDelta.get("index"), id);
            if (id != null && !id.isEmpty()) {
                keep(id.length());
                call.id = id;
            }
            if (name != null && !name.isEmpty()) {
                keep(name.length());
                call.name = name;
            }
            if (!call.announced && call.name != null) {
                call.announced = true;
                listener.onToolCallStart(call.position, call.id, call.name);
            }
            String fragment = WireFormat.arguments(function.get("arguments"));
            if (!fragment.isEmpty()) {
                keep(fragment.length());
                call.arguments.append(fragment);
                listener.onToolCallArguments(call.position, fragment);
            }
            lastCall = call;
        }
    }

    /** The call a delta belongs to (see the class comment), opened when it is a new one. */
    private PartialCall callFor(JsonNode index, String id) {
        boolean hasId = id != null && !id.isEmpty();
        if (index != null && index.isNumber()) {
            PartialCall open = openByIndex.get(index.asInt());
            if (open != null && !(hasId && open.id != null && !open.id.equals(id))) {
                return open;
            }
            PartialCall fresh = open();
            openByIndex.put(index.asInt(), fresh);
            return fresh;
        }
        if (lastCall != null && (id == null || (!id.isEmpty() && id.equals(lastCall.wireId)))) {
            return lastCall;
        }
        PartialCall fresh = open();
        fresh.wireId = id;
        return fresh;
    }

    private PartialCall open() {
        keep(CALL_COST);
        PartialCall call = new PartialCall(calls.size());
        calls.add(call);
        return call;
    }

    /**
     * Counts {@code chars} more characters the answer keeps; past the bound the stream fails as too
     * large before they are kept or handed to the listener.
     */
    private void keep(long chars) {
        kept += chars;
        if (kept > maxAnswerChars) {
            throw WireFormat.tooLarge("the streamed answer grew past " + maxAnswerChars
                    + " characters (maxResponseBytes) after " + chunks + " chunks; stopped reading");
        }
    }

    /** The assembled answer; the stream must have ended properly. */
    ChatResponse finish() {
        if (!done || finishReason == null) {
            String missing = !done ? "[DONE]" : "a finish_reason";
            throw new ProviderResponseException(ErrorKind.UNKNOWN, DispatchPhase.MAYBE_PROCESSED,
                    "the stream ended without " + missing + " after " + chunks + " chunks" + progress(), null);
        }
        List<String> ids = new ArrayList<>();
        for (PartialCall call : calls) {
            if (call.name == null) {
                throw WireFormat.formatError("streamed tool call " + call.position + " never named its function", null);
            }
            ids.add(call.id);
        }
        List<String> usableIds = WireFormat.usableCallIds(ids);
        List<ToolCall> toolCalls = new ArrayList<>();
        for (PartialCall call : calls) {
            toolCalls.add(new ToolCall(usableIds.get(call.position), call.name, call.arguments.toString()));
        }
        if (content.length() == 0 && toolCalls.isEmpty() && refusal.length() == 0) {
            throw new ProviderResponseException(ErrorKind.EMPTY_RESPONSE, DispatchPhase.UNKNOWN,
                    "the stream carried neither content nor tool calls (finish_reason " + finishReason + ")", null);
        }
        return new ChatResponse(ChatMessage.assistant(content.toString(), toolCalls), usage, finishReason,
                model == null ? requestedModel : model, refusal.toString(), id);
    }

    /** How many data chunks were read so far. */
    int chunks() {
        return chunks;
    }

    /** Says what had arrived before a cut, e.g. "(in the middle of tool call book_flight)". */
    String progress() {
        for (PartialCall call : calls) {
            if (call.name != null && finishReason == null) {
                return " (tool call '" + call.name + "' may be incomplete)";
            }
        }
        return content.length() > 0 ? " (" + content.length() + " characters of text)" : "";
    }

    /** The provider's error inside the stream, for the classifier; after data chunks the answer was cut short. */
    private ProviderHttpException streamError(int status, String body) {
        return new ProviderHttpException(status, body, Map.of(), chunks > 0);
    }

    private static final class PartialCall {
        private final int position;
        private String wireId;
        private String id;
        private String name;
        private boolean announced;
        private final StringBuilder arguments = new StringBuilder();

        private PartialCall(int position) {
            this.position = position;
        }
    }
}
