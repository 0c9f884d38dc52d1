package dev.idem.tool.content;

import java.util.Base64;
import java.util.Objects;

/** The checks and the encoding the content items share. */
final class Base64Text {

    private Base64Text() {}

    static String encode(byte[] bytes) {
        return Base64.getEncoder().encodeToString(Objects.requireNonNull(bytes, "bytes"));
    }

    static void require(String value, String name) {
        Objects.requireNonNull(value, name);
    }

    /** Base64 as MCP sends it: checked here so a bad item fails in the tool, not in the client. */
    static void requireBase64(String value, String name) {
        require(value, name);
        try {
            Base64.getDecoder().decode(value);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(name + " is not base64: " + e.getMessage(), e);
        }
    }
}
