package dev.idem.mcp;

import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.spec.McpSchema;
import java.nio.charset.StandardCharsets;
import tools.jackson.core.JacksonException;
import tools.jackson.core.StreamReadConstraints;
import tools.jackson.core.json.JsonFactory;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * Judges one line a client wrote to a stdio server: a JSON-RPC 2.0 message for the session, or
 * the error answer JSON-RPC prescribes. Not JSON (truncated, invalid UTF-8, nested deeper than
 * {@value #MAX_NESTING_DEPTH} levels): {@code -32700 Parse error} with id null. JSON that is not
 * one valid message (a batch array, a scalar, another {@code jsonrpc} version, a request without
 * a method or with an id that is neither a string nor an integer, params that are not an
 * object): {@code -32600 Invalid Request}, with the message's id when it has a valid one.
 */
final class JsonRpcLine {

    /** How deep a message may nest objects and arrays, its arguments included. */
    static final int MAX_NESTING_DEPTH = 256;

    static final int PARSE_ERROR = McpSchema.ErrorCodes.PARSE_ERROR;
    static final int INVALID_REQUEST = McpSchema.ErrorCodes.INVALID_REQUEST;

    private static final JsonMapper STRICT = JsonMapper.builder(JsonFactory.builder()
                    .streamReadConstraints(StreamReadConstraints.builder().maxNestingDepth(MAX_NESTING_DEPTH).build())
                    .build())
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .build();
    private static final int MAX_DETAIL = 200;

    /** What to do with a line: hand a message to the session, or answer with an error. */
    sealed interface Verdict permits Message, Refusal {}

    /** A valid JSON-RPC message. */
    record Message(McpSchema.JSONRPCMessage message) implements Verdict {}

    /** The error answer, as one line of JSON text. */
    record Refusal(String answer) implements Verdict {}

    private JsonRpcLine() {}

    /** Judges a line of {@code bytes} (UTF-8, without its newline). */
    static Verdict judge(byte[] bytes, McpJsonMapper mapper) {
        JsonNode tree;
        try {
            tree = STRICT.readTree(bytes);
        } catch (JacksonException e) {
            return refusal(null, PARSE_ERROR, "Parse error: " + detail(e.getOriginalMessage()));
        }
        if (tree == null || tree.isMissingNode()) {
            return refusal(null, PARSE_ERROR, "Parse error: no JSON value");
        }
        if (tree.isArray()) {
            return refusal(null, INVALID_REQUEST, "Invalid Request: batches are not supported, send one message per line");
        }
        if (!tree.isObject()) {
            return refusal(null, INVALID_REQUEST, "Invalid Request: a message must be a JSON object");
        }
        JsonNode id = tree.get("id");
        JsonNode answerId = isValidId(id) ? id : null;
        String problem = problem(tree);
        if (problem != null) {
            return refusal(answerId, INVALID_REQUEST, "Invalid Request: " + problem);
        }
        try {
            return new Message(McpSchema.deserializeJsonRpcMessage(mapper, new String(bytes, StandardCharsets.UTF_8)));
        } catch (Exception e) {
            // The SDK could not map what passed the checks above (a field of a wrong type, say).
            return refusal(answerId, INVALID_REQUEST, "Invalid Request: " + detail(e.getMessage()));
        }
    }

    /** The answer to a line longer than {@code maxBytes}, which was not read. */
    static Refusal tooLong(int maxBytes) {
        return refusal(null, INVALID_REQUEST, "Invalid Request: a message must be at most " + maxBytes + " bytes");
    }

    /** What makes an object not a JSON-RPC 2.0 message, or null when it is one. */
    private static String problem(JsonNode message) {
        JsonNode version = message.get("jsonrpc");
        if (version == null || !version.isString() || !version.stringValue().equals("2.0")) {
            return "\"jsonrpc\" must be \"2.0\"";
        }
        JsonNode id = message.get("id");
        if (message.has("method")) {
            if (!message.get("method").isString()) {
                return "\"method\" must be a string";
            }
            if (id != null && !isValidId(id)) {
                return "\"id\" must be a string or an integer";
            }
            JsonNode params = message.get("params");
            if (params != null && !params.isObject()) {
                return "\"params\" must be an object";
            }
            return null;
        }
        if (id == null) {
            return "a request needs a \"method\"";
        }
        if (message.has("result") == message.has("error")) {
            return "a request needs a \"method\"; a response needs either \"result\" or \"error\"";
        }
        return isValidId(id) || id.isNull() && message.has("error") ? null : "\"id\" must be a string or an integer";
    }

    private static boolean isValidId(JsonNode id) {
        return id != null && (id.isString() || id.isIntegralNumber());
    }

    private static Refusal refusal(JsonNode id, int code, String message) {
        ObjectNode answer = JsonNodeFactory.instance.objectNode();
        answer.put("jsonrpc", "2.0");
        answer.set("id", id == null ? JsonNodeFactory.instance.nullNode() : id);
        answer.putObject("error").put("code", code).put("message", message);
        return new Refusal(STRICT.writeValueAsString(answer));
    }

    private static String detail(String message) {
        String line = message == null ? "unreadable" : message.strip().replaceAll("\\s+", " ");
        return line.length() <= MAX_DETAIL ? line : line.substring(0, MAX_DETAIL) + "...";
    }
}
