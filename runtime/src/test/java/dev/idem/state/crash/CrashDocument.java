package dev.idem.state.crash;

import java.nio.charset.StandardCharsets;
import java.util.Random;
import java.util.zip.CRC32;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * One version of the state the crash test writes: self-describing, so a reader can tell a
 * complete version from a torn one without knowing what the writer was doing.
 * {@code {"version":n,"payload":"<4 KB derived from n>","checksum":crc32(n:payload)}}.
 */
final class CrashDocument {
    static final String NAME = "state";
    private static final int PAYLOAD_CHARS = 4096;
    private static final String ALPHABET = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 ";

    private CrashDocument() {
    }

    static ObjectNode of(long version) {
        String payload = payloadOf(version);
        ObjectNode document = JsonNodeFactory.instance.objectNode();
        document.put("version", version);
        document.put("payload", payload);
        document.put("checksum", checksum(version, payload));
        return document;
    }

    /** Whether {@code document} is exactly the version it claims to be. */
    static boolean isIntact(JsonNode document) {
        JsonNode version = document.get("version");
        JsonNode payload = document.get("payload");
        JsonNode checksum = document.get("checksum");
        if (document.size() != 3 || version == null || payload == null || checksum == null
                || !version.isIntegralNumber() || !payload.isString() || !checksum.isIntegralNumber()) {
            return false;
        }
        // Numbers compared as values: a parsed 5 is an int node, a built 5L a long node.
        return checksum.asLong() == checksum(version.asLong(), payload.asString())
                && payload.asString().equals(payloadOf(version.asLong()));
    }

    private static String payloadOf(long version) {
        Random random = new Random(version);
        StringBuilder payload = new StringBuilder(PAYLOAD_CHARS);
        for (int i = 0; i < PAYLOAD_CHARS; i++) {
            payload.append(ALPHABET.charAt(random.nextInt(ALPHABET.length())));
        }
        return payload.toString();
    }

    private static long checksum(long version, String payload) {
        CRC32 crc = new CRC32();
        crc.update((version + ":" + payload).getBytes(StandardCharsets.UTF_8));
        return crc.getValue();
    }
}
