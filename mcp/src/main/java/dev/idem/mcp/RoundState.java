package dev.idem.mcp;

import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * What Idem keeps in a 2026-07-28 input round's request state: the intent handle minted for the
 * call and, in an approval round, what the answer may approve: the intent, the idempotency key,
 * the call's hash (tool and canonical arguments, {@link IntentHandles#callHash}) and when the
 * request expires. The SDK's codec seals it (HMAC with the server's key, the method, the tool and
 * a time to live), so a client can neither read meaning into it nor alter it: a state that does
 * not open is refused before Idem sees it.
 *
 * @param handle    the intent handle, or {@code null} when the client named its intent
 * @param intentId  the intent the approval is for; {@code null} outside an approval round
 * @param key       the idempotency key the approval is for; {@code null} outside an approval round
 * @param callHash  the hash of the call the approval is for; {@code null} outside an approval round
 * @param expiresAt when the approval request expires, epoch milliseconds; 0 outside an approval round
 */
record RoundState(String handle, String intentId, String key, String callHash, long expiresAt) {

    /** No state: the first round of a call. */
    static final RoundState NONE = new RoundState(null, null, null, null, 0);

    /** The state of a round that only hands out the intent handle. */
    static RoundState handleOnly(String handle) {
        return new RoundState(handle, null, null, null, 0);
    }

    /** Whether this is an approval round's state. */
    boolean asksApproval() {
        return key != null;
    }

    /** The state as the text the SDK seals. */
    String write() {
        Map<String, Object> state = new LinkedHashMap<>();
        state.put("v", 1);
        if (handle != null) {
            state.put("h", handle);
        }
        if (key != null) {
            state.put("i", intentId);
            state.put("k", key);
            state.put("c", callHash);
            state.put("x", expiresAt);
        }
        try {
            return McpJson.MAPPER.writeValueAsString(state);
        } catch (IOException e) {
            throw new IllegalStateException("a map of strings always encodes", e);
        }
    }

    /** The state the SDK opened from a re-sent call ({@link #NONE} when there is none). */
    static RoundState read(String opened) {
        if (opened == null || opened.isBlank()) {
            return NONE;
        }
        JsonNode state;
        try {
            state = McpJson.MAPPER.readValue(opened, JsonNode.class);
        } catch (IOException | RuntimeException e) {
            return NONE; // sealed by this server: only another version of Idem could write another shape
        }
        return new RoundState(text(state, "h"), text(state, "i"), text(state, "k"), text(state, "c"),
                state.path("x").asLong(0));
    }

    private static String text(JsonNode state, String field) {
        return state.path(field).isString() ? state.path(field).asString() : null;
    }
}
