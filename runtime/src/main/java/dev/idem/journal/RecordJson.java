package dev.idem.journal;

import dev.idem.ErrorType;
import java.time.Instant;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * A {@link CallRecord} as a JSON object, read and written field by field (no data binding). The
 * result JSON is kept as a string, so it comes back byte for byte.
 */
final class RecordJson {

    private RecordJson() {}

    static ObjectNode write(CallRecord record) {
        ObjectNode node = JsonNodeFactory.instance.objectNode();
        node.put("key", record.key());
        node.put("intentId", record.intentId());
        node.put("tool", record.tool());
        node.put("argumentsHash", record.argumentsHash());
        node.put("status", record.status().name());
        node.put("epoch", record.epoch());
        node.put("owner", record.owner());
        node.put("attempts", record.attempts());
        if (record.resultJson() != null) {
            node.put("result", record.resultJson());
        }
        CallError error = record.error();
        if (error != null) {
            ObjectNode e = node.putObject("error");
            e.put("type", error.type().name());
            e.put("message", error.message());
            e.put("retryable", error.retryable());
            e.put("mayStillBeRunning", error.mayStillBeRunning());
        }
        node.put("createdAt", record.createdAt().toString());
        node.put("updatedAt", record.updatedAt().toString());
        if (record.leaseUntil() != null) {
            node.put("leaseUntil", record.leaseUntil().toString());
        }
        node.put("expiresAt", record.expiresAt().toString());
        Resolution resolution = record.resolution();
        if (resolution != null) {
            ObjectNode r = node.putObject("resolution");
            r.put("verdict", resolution.verdict().name());
            if (resolution.resultJson() != null) {
                r.put("result", resolution.resultJson());
            }
            r.put("by", resolution.by());
            r.put("reason", resolution.reason());
        }
        return node;
    }

    /** The record in {@code node}; {@link IllegalArgumentException} naming the field when it is not one. */
    static CallRecord read(JsonNode node) {
        JsonNode error = node.get("error");
        return new CallRecord(text(node, "key"), text(node, "intentId"), text(node, "tool"),
                text(node, "argumentsHash"), CallStatus.valueOf(text(node, "status")), number(node, "epoch"),
                text(node, "owner"), (int) number(node, "attempts"), optionalText(node, "result"),
                error == null || error.isNull() ? null : new CallError(errorType(text(error, "type")),
                        text(error, "message"), flag(error, "retryable"), flag(error, "mayStillBeRunning")),
                Instant.parse(text(node, "createdAt")), Instant.parse(text(node, "updatedAt")),
                optionalInstant(node, "leaseUntil"), Instant.parse(text(node, "expiresAt")),
                resolution(node.get("resolution")));
    }

    private static Resolution resolution(JsonNode node) {
        if (node == null || node.isNull()) {
            return null;
        }
        return new Resolution(Resolution.Verdict.valueOf(text(node, "verdict")), optionalText(node, "result"),
                text(node, "by"), text(node, "reason"));
    }

    private static ErrorType errorType(String name) {
        try {
            return ErrorType.valueOf(name);
        } catch (IllegalArgumentException e) {
            // Written by a newer version: still an error, of a kind this version cannot name.
            return ErrorType.UNKNOWN;
        }
    }

    private static String text(JsonNode node, String field) {
        JsonNode value = node.get(field);
        if (value == null || !value.isString()) {
            throw new IllegalArgumentException("journal record field '" + field + "' is missing or not a string");
        }
        return value.stringValue();
    }

    private static String optionalText(JsonNode node, String field) {
        JsonNode value = node.get(field);
        return value == null || value.isNull() ? null : text(node, field);
    }

    private static Instant optionalInstant(JsonNode node, String field) {
        String text = optionalText(node, field);
        return text == null ? null : Instant.parse(text);
    }

    private static long number(JsonNode node, String field) {
        JsonNode value = node.get(field);
        if (value == null || !value.isIntegralNumber()) {
            throw new IllegalArgumentException("journal record field '" + field + "' is missing or not an integer");
        }
        return value.asLong();
    }

    private static boolean flag(JsonNode node, String field) {
        JsonNode value = node.get(field);
        if (value == null || !value.isBoolean()) {
            throw new IllegalArgumentException("journal record field '" + field + "' is missing or not a boolean");
        }
        return value.booleanValue();
    }
}
