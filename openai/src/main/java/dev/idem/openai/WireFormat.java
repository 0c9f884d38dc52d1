package dev.idem.openai;

import dev.idem.llm.ChatMessage;
import dev.idem.llm.ChatRequest;
import dev.idem.llm.ChatResponse;
import dev.idem.retry.DispatchPhase;
import dev.idem.llm.ErrorKind;
import dev.idem.llm.ProviderHttpException;
import dev.idem.llm.ProviderResponseException;
import dev.idem.llm.Usage;
import dev.idem.tool.ToolCall;
import dev.idem.tool.ToolDescriptor;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;
import tools.jackson.core.JacksonException;
import tools.jackson.core.StreamReadConstraints;
import tools.jackson.core.exc.StreamConstraintsException;
import tools.jackson.core.json.JsonFactory;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The client's side of the Chat Completions wire format, in one place: {@link OpenAiChatModel}
 * writes requests and reads responses with it, {@link StreamAssembler} reads stream chunks with
 * it. The server's side (reading requests, writing responses) lives with the loopback server in
 * {@code idem-testkit}; tests there send one side through the other.
 */
final class WireFormat {

    static final JsonMapper JSON = JsonMapper.builder().build();

    /**
     * The most JSON tokens one answer or stream chunk may have. A tree costs far more than its
     * text (an empty object, three bytes on the wire, is about a hundred on the heap), so a body
     * within the byte bound could still fill the heap with small values; no real answer comes near.
     */
    static final long MAX_TOKENS = 1_000_000;

    /** Reads what providers send: as {@link #JSON}, but refusing documents of more than {@link #MAX_TOKENS} tokens. */
    static final JsonMapper RESPONSES = JsonMapper.builder(JsonFactory.builder()
            .streamReadConstraints(StreamReadConstraints.builder().maxTokenCount(MAX_TOKENS).build())
            .build()).build();

    private WireFormat() {
    }

    // ---------------------------------------------------------------- requests

    /** The JSON body of a Chat Completions request; strict when the request or {@code strictAlways} asks. */
    static ObjectNode requestBody(ChatRequest request, String model, boolean strictAlways, boolean stream) {
        ObjectNode body = JSON.createObjectNode();
        body.put("model", model);
        ArrayNode messages = body.putArray("messages");
        for (ChatMessage message : request.messages()) {
            messages.add(messageNode(message));
        }
        if (request.exposesTools()) {
            boolean strict = strictAlways || request.strictTools();
            ArrayNode tools = body.putArray("tools");
            for (ToolDescriptor tool : request.tools()) {
                tools.add(toolNode(tool, strict));
            }
        }
        if (request.temperature() != null) {
            body.put("temperature", request.temperature());
        }
        if (request.maxTokens() != null) {
            // max_tokens rather than max_completion_tokens: Ollama, vLLM and LM Studio all read it.
            body.put("max_tokens", request.maxTokens());
        }
        if (stream) {
            body.put("stream", true);
            body.putObject("stream_options").put("include_usage", true);
        }
        return body;
    }

    private static ObjectNode messageNode(ChatMessage message) {
        ObjectNode node = JSON.createObjectNode();
        switch (message.role()) {
            case SYSTEM -> node.put("role", "system").put("content", message.content());
            case USER -> node.put("role", "user").put("content", message.content());
            case ASSISTANT -> {
                node.put("role", "assistant");
                if (message.content().isEmpty() && message.hasToolCalls()) {
                    node.putNull("content");
                } else {
                    node.put("content", message.content());
                }
                if (message.hasToolCalls()) {
                    ArrayNode calls = node.putArray("tool_calls");
                    for (ToolCall call : message.toolCalls()) {
                        ObjectNode callNode = calls.addObject();
                        callNode.put("id", call.id()).put("type", "function");
                        callNode.putObject("function").put("name", call.name()).put("arguments", call.argumentsJson());
                    }
                }
            }
            // The tool name is not part of OpenAI's tool message; the call id links it to its call.
            case TOOL -> node.put("role", "tool").put("tool_call_id", message.toolCallId()).put("content", message.content());
        }
        return node;
    }

    private static ObjectNode toolNode(ToolDescriptor tool, boolean strict) {
        ObjectNode node = JSON.createObjectNode().put("type", "function");
        ObjectNode function = node.putObject("function");
        function.put("name", tool.name());
        if (!tool.description().isEmpty()) {
            function.put("description", tool.description());
        }
        boolean sendStrict = strict && tool.strictSchema() != null;
        function.set("parameters", schema(tool, sendStrict ? tool.strictSchema() : tool.inputSchema()));
        if (sendStrict) {
            function.put("strict", true);
        }
        return node;
    }

    private static JsonNode schema(ToolDescriptor tool, String text) {
        try {
            return JSON.readTree(text);
        } catch (JacksonException e) {
            throw new IllegalArgumentException("the schema of tool '" + tool.name() + "' is not JSON: " + e.getOriginalMessage(), e);
        }
    }

    // ---------------------------------------------------------------- responses

    /**
     * Reads a non-streamed response body. Nothing to read is an empty response; a body that is
     * not the expected JSON is a format error the provider did process (MAYBE_PROCESSED); an
     * {@code error} object instead of choices is an error answer ({@link ProviderHttpException}
     * with the status it states). A message with only a refusal is an answer: the refusal is
     * kept, never taken for emptiness.
     */
    static ChatResponse parseResponse(ResponseBytes body, String requestedModel) {
        if (body.isBlank()) {
            throw new ProviderResponseException(ErrorKind.EMPTY_RESPONSE, DispatchPhase.UNKNOWN,
                    "the provider answered with an empty body", null);
        }
        JsonNode root;
        try {
            root = readProvided(body.inputStream(), "the response body");
        } catch (JacksonException e) {
            throw formatError("the response body is not JSON: " + e.getOriginalMessage(), e);
        }
        if (!root.isObject()) {
            throw formatError("the response body is not a JSON object", null);
        }
        JsonNode choices = root.path("choices");
        if (!choices.isArray() || choices.isEmpty()) {
            JsonNode error = root.get("error");
            if (error != null && !error.isNull()) {
                // An error answer sent with status 200: classified by the status and code it states.
                throw new ProviderHttpException(embeddedStatus(root), body.text(), Map.of(), false);
            }
            throw new ProviderResponseException(ErrorKind.EMPTY_RESPONSE, DispatchPhase.UNKNOWN,
                    "the response has no choices", null);
        }
        JsonNode choice = choices.get(0);
        JsonNode message = choice.path("message");
        if (!message.isObject()) {
            throw formatError("choices[0] has no message object", null);
        }
        ChatMessage assistant = ChatMessage.assistant(content(message.get("content")), parseToolCalls(message.path("tool_calls")));
        String refusal = text(message.get("refusal"));
        if (assistant.content().isEmpty() && !assistant.hasToolCalls() && (refusal == null || refusal.isEmpty())) {
            throw new ProviderResponseException(ErrorKind.EMPTY_RESPONSE, DispatchPhase.UNKNOWN,
                    "the response has neither content nor tool calls (finish_reason "
                            + text(choice.get("finish_reason")) + ")", null);
        }
        String model = text(root.get("model"));
        return new ChatResponse(assistant, parseUsage(reportedUsage(root)), text(choice.get("finish_reason")),
                model == null ? requestedModel : model, refusal, text(root.get("id")));
    }

    private static List<ToolCall> parseToolCalls(JsonNode calls) {
        List<String> names = new ArrayList<>();
        List<String> ids = new ArrayList<>();
        List<String> arguments = new ArrayList<>();
        for (JsonNode call : calls) {
            JsonNode function = call.path("function");
            String name = text(function.get("name"));
            if (name == null) {
                throw formatError("tool call " + names.size() + " has no function.name", null);
            }
            names.add(name);
            ids.add(text(call.get("id")));
            arguments.add(arguments(function.get("arguments")));
        }
        List<String> usableIds = usableCallIds(ids);
        List<ToolCall> result = new ArrayList<>();
        for (int i = 0; i < names.size(); i++) {
            result.add(new ToolCall(usableIds.get(i), names.get(i), arguments.get(i)));
        }
        return result;
    }

    /**
     * The ids of one message's tool calls, in order: each id as the provider sent it, except a
     * missing or blank one (Gemini sends {@code "id": ""}), which becomes {@code call_<position>},
     * suffixed until no other call of the message has it. Results are paired with their calls by
     * id, so every call needs one, unique in its message; the streamed and non-streamed paths
     * both take them from here and so agree.
     */
    static List<String> usableCallIds(List<String> sent) {
        Set<String> taken = new HashSet<>();
        for (String id : sent) {
            if (id != null && !id.isBlank()) {
                taken.add(id);
            }
        }
        List<String> ids = new ArrayList<>(sent.size());
        for (int position = 0; position < sent.size(); position++) {
            String id = sent.get(position);
            if (id == null || id.isBlank()) {
                String base = "call_" + position;
                id = base;
                for (int n = 2; taken.contains(id); n++) {
                    id = base + "_" + n;
                }
                taken.add(id);
            }
            ids.add(id);
        }
        return ids;
    }

    /**
     * The HTTP status an error sent inside a 200 answer states: Groq's {@code status_code},
     * OpenRouter's numeric {@code code}, a numeric {@code status}; else 200.
     */
    static int embeddedStatus(JsonNode errorAnswer) {
        JsonNode error = errorAnswer.path("error").isObject() ? errorAnswer.get("error") : errorAnswer;
        for (String field : List.of("status_code", "code", "status")) {
            JsonNode value = error.get(field);
            if (value != null && value.isIntegralNumber() && value.asInt() >= 400 && value.asInt() <= 599) {
                return value.asInt();
            }
        }
        return 200;
    }

    /** The usage a body or chunk reports: {@code usage}, or Groq's {@code x_groq.usage}; null when neither. */
    static JsonNode reportedUsage(JsonNode bodyOrChunk) {
        JsonNode usage = bodyOrChunk.get("usage");
        if (usage != null && usage.isObject()) {
            return usage;
        }
        JsonNode groq = bodyOrChunk.path("x_groq").get("usage");
        return groq != null && groq.isObject() ? groq : null;
    }

    /** Arguments are JSON text on the wire; some compatible servers send the object itself. */
    static String arguments(JsonNode node) {
        if (node == null || node.isNull() || node.isMissingNode()) {
            return "";
        }
        return node.isString() ? node.stringValue() : node.toString();
    }

    static Usage parseUsage(JsonNode node) {
        if (node == null || !node.isObject()) {
            return Usage.ZERO;
        }
        long prompt = Math.max(0, node.path("prompt_tokens").asLong(0));
        long completion = Math.max(0, node.path("completion_tokens").asLong(0));
        long total = Math.max(0, node.path("total_tokens").asLong(prompt + completion));
        return new Usage(prompt, completion, total);
    }

    /**
     * Parses what a provider sent under the token bound: more than {@link #MAX_TOKENS} tokens is
     * {@link #tooLarge} (naming {@code what}); any other problem is left to the caller as the
     * parser's exception.
     */
    static JsonNode readProvided(InputStream json, String what) {
        return bounded(() -> RESPONSES.readTree(json), what);
    }

    /** As {@link #readProvided(InputStream, String)}, for one line of text. */
    static JsonNode readProvided(String json, String what) {
        return bounded(() -> RESPONSES.readTree(json), what);
    }

    private static JsonNode bounded(Supplier<JsonNode> parse, String what) {
        try {
            return parse.get();
        } catch (StreamConstraintsException e) {
            throw tooLarge(what + " has more than " + MAX_TOKENS + " JSON tokens; stopped reading");
        }
    }

    /**
     * An answer larger than the client accepts: sending the request again would bring the same, so
     * it has a kind of its own that is never re-requested (not even without streaming), and the
     * provider did process the request.
     */
    static ProviderResponseException tooLarge(String message) {
        return new ProviderResponseException(ErrorKind.RESPONSE_TOO_LARGE, DispatchPhase.MAYBE_PROCESSED, message, null);
    }

    static ProviderResponseException formatError(String message, Throwable cause) {
        return new ProviderResponseException(ErrorKind.FORMAT_ERROR, DispatchPhase.MAYBE_PROCESSED, message, cause);
    }

    /** Message content: a string, or an array of parts whose text parts are joined. */
    static String content(JsonNode node) {
        if (node == null || node.isNull() || node.isMissingNode()) {
            return "";
        }
        if (node.isString()) {
            return node.stringValue();
        }
        if (node.isArray()) {
            StringBuilder text = new StringBuilder();
            for (JsonNode part : node) {
                String piece = text(part.get("text"));
                if (piece != null) {
                    text.append(piece);
                }
            }
            return text.toString();
        }
        return node.toString();
    }

    /** The node's string value, or {@code null} when it is absent, null or not a string. */
    static String text(JsonNode node) {
        return node != null && node.isString() ? node.stringValue() : null;
    }
}
