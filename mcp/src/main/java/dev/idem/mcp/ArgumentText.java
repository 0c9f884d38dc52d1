package dev.idem.mcp;

import java.util.AbstractMap;
import java.util.Set;

/**
 * The {@code arguments} of a {@code tools/call} that were not a JSON object (a JSON string of
 * argument text, an array, a number), carried as text from {@link McpJson} to the call handler in
 * the request's arguments slot. An empty map to anything that reads it as a map; only the handler
 * knows to take its text, and no JSON a client sends can make one.
 */
final class ArgumentText extends AbstractMap<String, Object> {

    private final String text;

    ArgumentText(String text) {
        this.text = text;
    }

    /** The arguments as the client sent them, as JSON text. */
    String text() {
        return text;
    }

    @Override
    public Set<Entry<String, Object>> entrySet() {
        return Set.of();
    }

    @Override
    public String toString() {
        return text;
    }
}
