package dev.idem.testkit;

import dev.idem.llm.ChatMessage;
import dev.idem.llm.ChatRequest;
import dev.idem.llm.ChatResponse;
import dev.idem.llm.Usage;
import dev.idem.tool.ToolCall;
import dev.idem.tool.ToolDescriptor;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The server's side of the Chat Completions wire format: reads requests, writes responses, plain
 * and streamed, the way OpenAI does. Written against the format, not against the client's code,
 * so that sending the client's requests through it (and its responses through the client) tests
 * both sides.
 */
final class ServerWireFormat {

    static final JsonMapper JSON = JsonMapper.builder().build();

    private static final int STREAM_TEXT_PIECE = 8;

    private ServerWireFormat() {
    }

    /** A request as the server received it. */
    record WireRequest(String model, boolean stream, ChatRequest request) {
    }

    // ---------------------------------------------------------------- requests

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
        ObjectNode message = assistantNode(response.message());
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

    private static List<ToolCall> parseToolCalls(JsonNode calls) {
        List<ToolCall> result = new ArrayList<>();
        int position = 0;
        for (JsonNode call : calls) {
            JsonNode function = call.path("function");
            String name = text(function.get("name"));
            if (name == null) {
                throw new IllegalArgumentException("tool call " + position + " has no function.name");
            }
            String id = text(call.get("id"));
            result.add(new ToolCall(id == null ? "call_" + position : id, name, arguments(function.get("arguments"))));
            position++;
        }
        return result;
    }

    /** An assistant message as a response carries it: {@code content} null when there are only tool calls. */
    private static ObjectNode assistantNode(ChatMessage message) {
        ObjectNode node = JSON.createObjectNode().put("role", "assistant");
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
        return node;
    }

    /** Arguments are JSON text on the wire; some clients send the object itself. */
    private static String arguments(JsonNode node) {
        if (node == null || node.isNull() || node.isMissingNode()) {
            return "";
        }
        return node.isString() ? node.stringValue() : node.toString();
    }

    /** Message content: a string, or an array of parts whose text parts are joined. */
    private static String content(JsonNode node) {
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
    private static String text(JsonNode node) {
        return node != null && node.isString() ? node.stringValue() : null;
    }
}
