package dev.idem.samples.bank;

import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import tools.jackson.databind.JsonNode;

/** The parameters of a transfer; two requests are "the same" when these are equal. */
record TransferRequest(String pixKey, long cents, LocalDate date) {

    /** Reads {@code {"pixKey":"...","cents":1234,"date":"2026-12-01"}}; unknown fields are ignored. */
    static TransferRequest parse(JsonNode body) {
        if (body == null || !body.isObject()) {
            throw new IllegalArgumentException("body must be a JSON object");
        }
        JsonNode pixKey = body.get("pixKey");
        if (pixKey == null || !pixKey.isString() || pixKey.asString().isBlank()) {
            throw new IllegalArgumentException("pixKey must be a non-empty string");
        }
        JsonNode cents = body.get("cents");
        if (cents == null || !cents.isIntegralNumber() || !cents.canConvertToLong() || cents.asLong() < 1) {
            throw new IllegalArgumentException("cents must be a whole number of at least 1");
        }
        JsonNode date = body.get("date");
        if (date == null || !date.isString()) {
            throw new IllegalArgumentException("date must be a string like 2026-12-01");
        }
        try {
            return new TransferRequest(pixKey.asString(), cents.asLong(), LocalDate.parse(date.asString()));
        } catch (DateTimeParseException e) {
            throw new IllegalArgumentException("date must be a string like 2026-12-01");
        }
    }
}
