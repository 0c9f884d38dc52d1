package dev.idem.agent;

import dev.idem.state.StateStore;
import dev.idem.llm.ChatMessage;
import dev.idem.tool.ToolCall;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * A conversation as a JSON document, for {@link StateStore}:
 * {@code {"version":1,"agent":"...","messages":[{"role":"tool","content":"...","toolCallId":"c1",...}]}}.
 */
final class ConversationJson {

    static final int VERSION = 1;
    private static final JsonMapper JSON = JsonMapper.builder().build();

    private ConversationJson() {}

    static ObjectNode write(String agentName, List<ChatMessage> messages) {
        ObjectNode document = JSON.createObjectNode();
        document.put("version", VERSION);
        document.put("agent", agentName);
        ArrayNode array = document.putArray("messages");
        for (ChatMessage message : messages) {
            ObjectNode node = array.addObject();
            node.put("role", message.role().name().toLowerCase(Locale.ROOT));
            node.put("content", message.content());
            if (message.hasToolCalls()) {
                ArrayNode calls = node.putArray("toolCalls");
                for (ToolCall call : message.toolCalls()) {
                    calls.addObject().put("id", call.id()).put("name", call.name()).put("arguments", call.argumentsJson());
                }
            }
            if (message.role() == ChatMessage.Role.TOOL) {
                node.put("toolCallId", message.toolCallId());
                if (message.toolName() != null) {
                    node.put("toolName", message.toolName());
                }
                node.put("error", message.error());
            }
        }
        return document;
    }

    static List<ChatMessage> read(JsonNode document) {
        int version = document.path("version").asInt(-1);
        if (version != VERSION) {
            throw new IllegalArgumentException("not a conversation document of version " + VERSION + ": version was "
                    + document.path("version"));
        }
        List<ChatMessage> messages = new ArrayList<>();
        for (JsonNode node : document.path("messages")) {
            ChatMessage.Role role = ChatMessage.Role.valueOf(node.path("role").asString("").toUpperCase(Locale.ROOT));
            List<ToolCall> calls = new ArrayList<>();
            for (JsonNode call : node.path("toolCalls")) {
                calls.add(new ToolCall(call.path("id").asString(), call.path("name").asString(),
                        call.path("arguments").asString("")));
            }
            boolean tool = role == ChatMessage.Role.TOOL;
            messages.add(new ChatMessage(role, node.path("content").asString(""), calls,
                    tool ? node.path("toolCallId").asString() : null,
                    tool && node.hasNonNull("toolName") ? node.path("toolName").asString() : null,
                    tool && node.path("error").asBoolean(false)));
        }
        return messages;
    }
}
