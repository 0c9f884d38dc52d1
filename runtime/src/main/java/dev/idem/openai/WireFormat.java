package dev.idem.openai;

import dev.idem.llm.ChatMessage;
import dev.idem.llm.ChatRequest;
import dev.idem.llm.ChatResponse;
import dev.idem.llm.failover.DispatchPhase;
import dev.idem.llm.failover.ErrorKind;
import dev.idem.llm.ProviderHttpException;
import dev.idem.llm.ProviderResponseException;
import dev.idem.llm.Usage;
import dev.idem.tool.ToolCall;
import dev.idem.tool.ToolDescriptor;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The Chat Completions wire format, both directions, in one place: the client writes requests
 * and reads responses with it, the loopback server reads requests and writes responses.
 */
final class WireFormat {

    static final JsonMapper JSON = JsonMapper.builder().build();

    private static final int STREAM_TEXT_PIECE = 8;

    private WireFormat() {
    }

    /** A request as the server received it. */
    record WireRequest(String model, boolean stream, ChatRequest request) {
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

    /** Reads a request body as a server sees it; tools come back as descriptors built from their specs. */
    static WireRequest parseRequest(String body) {
        JsonNode root = JSON.readTree(body);
        if (!root.isObject()) {
            throw new IllegalArgumentException("the request body must be a JSON object");
        }
        List<ChatMessage> messages = new ArrayList<>();
        Map<String, String> toolNamesByCallId = new HashMap<>();
        for (JsonNode node : root.path("messages")) {
            ChatMessage message = parseMessage(node, toolNamesByCallId);
            message.toolCalls().forEach(call -> toolNamesByCallId.put(call.id(), call.name()));
            messages.add(message);
        }
        List<ToolDescriptor> tools = new ArrayList<>();
        boolean strict = false;
        for (JsonNode node : root.path("tools")) {
            JsonNode function = node.path("function");
            String name = text(function.get("name"));
            if (name == null) {
                throw new IllegalArgumentException("a tool has no function.name");
            }
            JsonNode parameters = function.get("parameters");
            String schema = parameters == null ? "{\"type\":\"object\",\"properties\":{}}" : parameters.toString();
            boolean toolStrict = function.path("strict").asBoolean(false);
            strict |= toolStrict;
            String description = text(function.get("description"));
            tools.add(ToolDescriptor.builder(name)
                    .description(description == null ? "" : description)
                    .inputSchema(schema)
                    .strictSchema(toolStrict ? schema : null)
                    .build());
        }
        JsonNode temperature = root.get("temperature");
        JsonNode maxTokens = root.has("max_completion_tokens") ? root.get("max_completion_tokens") : root.get("max_tokens");
        ChatRequest request = new ChatRequest(messages, tools, strict,
                temperature != null && temperature.isNumber() ? temperature.asDouble() : null,
                maxTokens != null && maxTokens.isNumber() ? maxTokens.asInt() : null);
        String model = text(root.get("model"));
        return new WireRequest(model == null ? "" : model, root.path("stream").asBoolean(false), request);
    }

    private static ChatMessage parseMessage(JsonNode node, Map<String, String> toolNamesByCallId) {
        String role = text(node.get("role"));
        String content = content(node.get("content"));
        if (role == null) {
            throw new IllegalArgumentException("a message has no role");
        }
        switch (role) {
            case "system", "developer":
                return ChatMessage.system(content);
            case "user":
                return ChatMessage.user(content);
            case "assistant":
                return ChatMessage.assistant(content, parseToolCalls(node.path("tool_calls")));
            case "tool":
                String callId = text(node.get("tool_call_id"));
                if (callId == null) {
                    throw new IllegalArgumentException("a tool message has no tool_call_id");
                }
                return ChatMessage.toolResult(callId, toolNamesByCallId.get(callId), content);
            default:
                throw new IllegalArgumentException("unknown message role '" + role + "'");
        }
    }

    // ---------------------------------------------------------------- responses

    /** The JSON body of a non-streamed Chat Completions response. */
    static ObjectNode responseBody(ChatResponse response, String id, long created) {
        ObjectNode body = JSON.createObjectNode();
        body.put("id", id).put("object", "chat.completion").put("created", created).put("model", response.model());
        ObjectNode choice = body.putArray("choices").addObject();
        choice.put("index", 0);
        ObjectNode message = messageNode(response.message());
        if (response.refused()) {
            message.put("refusal", response.refusal());
        }
        choice.set("message", message);
        choice.put("finish_reason", response.finishReason());
        body.set("usage", usageNode(response.usage()));
        return body;
    }

    /**
     * A response as the chunks of a stream, the way OpenAI sends them: a role chunk, the text in
     * small pieces, each tool call as a first delta with id and name and then its arguments in
     * three pieces (so a reader must join them mid-JSON), a finish chunk and a usage chunk.
     */
    static List<ObjectNode> streamChunks(ChatResponse response, String id, long created) {
        List<ObjectNode> chunks = new ArrayList<>();
        ObjectNode first = JSON.createObjectNode().put("role", "assistant").put("content", "");
        chunks.add(chunk(response, id, created, first, null));
        String text = response.text();
        for (int start = 0; start < text.length(); start += STREAM_TEXT_PIECE) {
            ObjectNode delta = JSON.createObjectNode().put("content", text.substring(start, Math.min(text.length(), start + STREAM_TEXT_PIECE)));
            chunks.add(chunk(response, id, created, delta, null));
        }
        String refusal = response.refusal();
        for (int start = 0; start < refusal.length(); start += STREAM_TEXT_PIECE) {
            ObjectNode delta = JSON.createObjectNode().put("refusal",
                    refusal.substring(start, Math.min(refusal.length(), start + STREAM_TEXT_PIECE)));
            chunks.add(chunk(response, id, created, delta, null));
        }
        List<ToolCall> calls = response.toolCalls();
        for (int index = 0; index < calls.size(); index++) {
            ToolCall call = calls.get(index);
            ObjectNode opening = JSON.createObjectNode();
            ObjectNode callNode = opening.putArray("tool_calls").addObject();
            callNode.put("index", index).put("id", call.id()).put("type", "function");
            callNode.putObject("function").put("name", call.name()).put("arguments", "");
            chunks.add(chunk(response, id, created, opening, null));
            String arguments = call.argumentsJson();
            int third = (arguments.length() + 2) / 3;
            for (int start = 0; start < arguments.length(); start += third) {
                ObjectNode delta = JSON.createObjectNode();
                ObjectNode piece = delta.putArray("tool_calls").addObject().put("index", index);
                piece.putObject("function").put("arguments", arguments.substring(start, Math.min(arguments.length(), start + third)));
                chunks.add(chunk(response, id, created, delta, null));
            }
        }
        String finish = response.finishReason() == null ? (calls.isEmpty() ? "stop" : "tool_calls") : response.finishReason();
        chunks.add(chunk(response, id, created, JSON.createObjectNode(), finish));
        ObjectNode usage = header(response, id, created);
        usage.putArray("choices");
        usage.set("usage", usageNode(response.usage()));
        chunks.add(usage);
        return chunks;
    }

    private static ObjectNode chunk(ChatResponse response, String id, long created, ObjectNode delta, String finishReason) {
        ObjectNode chunk = header(response, id, created);
        ObjectNode choice = chunk.putArray("choices").addObject().put("index", 0);
        choice.set("delta", delta);
        if (finishReason == null) {
            choice.putNull("finish_reason");
        } else {
            choice.put("finish_reason", finishReason);
        }
        return chunk;
    }

    private static ObjectNode header(ChatResponse response, String id, long created) {
        return JSON.createObjectNode().put("id", id).put("object", "chat.completion.chunk").put("created", created)
                .put("model", response.model());
    }

    static ObjectNode usageNode(Usage usage) {
        return JSON.createObjectNode()
                .put("prompt_tokens", usage.promptTokens())
                .put("completion_tokens", usage.completionTokens())
                .put("total_tokens", usage.totalTokens());
    }

    /** An OpenAI-shaped error body. */
    static ObjectNode errorBody(String message, String type) {
        ObjectNode body = JSON.createObjectNode();
        body.putObject("error").put("message", message).put("type", type).putNull("param").putNull("code");
        return body;
    }

    /**
     * Reads a non-streamed response body. Nothing to read is an empty response; a body that is
     * not the expected JSON is a format error the provider did process (MAYBE_PROCESSED); an
     * {@code error} object instead of choices is an error answer ({@link ProviderHttpException}
     * with the status it states). A message with only a refusal is an answer: the refusal is
     * kept, never taken for emptiness.
     */
    static ChatResponse parseResponse(String body, String requestedModel) {
        if (body == null || body.isBlank()) {
            throw new ProviderResponseException(ErrorKind.EMPTY_RESPONSE, DispatchPhase.UNKNOWN,
                    "the provider answered with an empty body", null);
        }
        JsonNode root;
        try {
            root = JSON.readTree(body);
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
                throw new ProviderHttpException(embeddedStatus(root), body, Map.of(), false);
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
                model == null ? requestedModel : model, refusal);
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
