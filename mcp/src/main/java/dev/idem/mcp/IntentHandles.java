package dev.idem.mcp;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/**
 * The intent handles a 2026-07-28 server mints when a client sends no {@code dev.idem/intentId}.
 * A handle is {@code idem-ih1.<nonce>.<call>.<seal>}: a random nonce, the hash of the call it was
 * minted for (the tool's name and its canonical arguments) and an HMAC over both with the server's
 * key. So a handle is checked without any shared store (every replica with the same key checks it
 * alike), a handle nobody minted is refused, and a handle sent again with another tool or other
 * arguments is recognised as such: a conflict, never a retry.
 *
 * <p>Canonical arguments here are the JSON value: object members in any order, numbers by value
 * ({@code 500}, {@code 500.0} and {@code 5e2} are one), members whose value is {@code null} left
 * out, as Idem's idempotency key reads them.
 */
final class IntentHandles {

    /** What a handle sent with a call is. */
    enum Check {
        /** Minted by a server with this key for this very call: the call's intent. */
        THIS_CALL,
        /** Minted by a server with this key, for another tool or other canonical arguments. */
        OTHER_CALL,
        /** Not a handle a server with this key minted (invented, altered, or another server's). */
        NOT_MINTED
    }

    static final String PREFIX = "idem-ih1.";

    private static final Base64.Encoder B64 = Base64.getUrlEncoder().withoutPadding();
    private static final int PART_BYTES = 16;

    private final byte[] key;
    private final SecureRandom random = new SecureRandom();

    IntentHandles(byte[] key) {
        this.key = key.clone();
    }

    /** A fresh handle for a call of {@code tool} with these arguments. */
    String mint(String tool, String argumentsText) {
        byte[] nonce = new byte[PART_BYTES];
        random.nextBytes(nonce);
        String nonceText = B64.encodeToString(nonce);
        String call = callHash(tool, argumentsText);
        return PREFIX + nonceText + "." + call + "." + seal(nonceText, call);
    }

    /** Whether {@code handle} was minted here, and for this call. */
    Check check(String handle, String tool, String argumentsText) {
        if (handle == null || !handle.startsWith(PREFIX)) {
            return Check.NOT_MINTED;
        }
        String[] parts = handle.substring(PREFIX.length()).split("\\.", -1);
        if (parts.length != 3 || !MessageDigest.isEqual(seal(parts[0], parts[1]).getBytes(StandardCharsets.US_ASCII),
                parts[2].getBytes(StandardCharsets.US_ASCII))) {
            return Check.NOT_MINTED;
        }
        return parts[1].equals(callHash(tool, argumentsText)) ? Check.THIS_CALL : Check.OTHER_CALL;
    }

    /** The hash of a call: its tool and canonical arguments (the text itself when it is not JSON). */
    static String callHash(String tool, String argumentsText) {
        String canonical;
        try {
            String text = argumentsText == null || argumentsText.isBlank() ? "{}" : argumentsText;
            canonical = canonical(McpJson.MAPPER.readValue(text, JsonNode.class));
        } catch (RuntimeException | java.io.IOException e) {
            canonical = "text:" + argumentsText;
        }
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            sha.update(tool.getBytes(StandardCharsets.UTF_8));
            sha.update((byte) 0);
            sha.update(canonical.getBytes(StandardCharsets.UTF_8));
            return B64.encodeToString(Arrays.copyOf(sha.digest(), PART_BYTES));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("every Java platform has SHA-256", e);
        }
    }

    /** The JSON value as one text: sorted members, numbers by value, null members left out. */
    static String canonical(JsonNode node) {
        StringBuilder out = new StringBuilder();
        write(node, out);
        return out.toString();
    }

    private static void write(JsonNode node, StringBuilder out) {
        if (node == null || node.isNull() || node.isMissingNode()) {
            out.append("null");
        } else if (node.isObject()) {
            List<Map.Entry<String, JsonNode>> members = new ArrayList<>(node.properties());
            members.removeIf(member -> member.getValue().isNull());
            members.sort(Map.Entry.comparingByKey());
            out.append('{');
            for (int i = 0; i < members.size(); i++) {
                if (i > 0) {
                    out.append(',');
                }
                quote(members.get(i).getKey(), out);
                out.append(':');
                write(members.get(i).getValue(), out);
            }
            out.append('}');
        } else if (node.isArray()) {
            out.append('[');
            for (int i = 0; i < node.size(); i++) {
                if (i > 0) {
                    out.append(',');
                }
                write(node.get(i), out);
            }
            out.append(']');
        } else if (node.isNumber()) {
            BigDecimal value = node.decimalValue();
            out.append(value.signum() == 0 ? "0" : value.stripTrailingZeros().toString());
        } else if (node.isString()) {
            quote(node.asString(), out);
        } else {
            out.append(node.toString());
        }
    }

    private static void quote(String text, StringBuilder out) {
        try {
            out.append(McpJson.MAPPER.writeValueAsString(text));
        } catch (JacksonException | java.io.IOException e) {
            throw new IllegalStateException("a string always encodes", e);
        }
    }

    private String seal(String nonce, String call) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(key, "HmacSHA256"));
            byte[] sealed = mac.doFinal(("idem-intent-handle|" + nonce + "|" + call).getBytes(StandardCharsets.US_ASCII));
            return B64.encodeToString(Arrays.copyOf(sealed, PART_BYTES));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("every Java platform has HmacSHA256", e);
        }
    }
}
