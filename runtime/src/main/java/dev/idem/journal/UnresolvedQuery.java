package dev.idem.journal;

import java.time.Duration;
import java.util.Objects;

/**
 * Which unresolved records {@link JournalInspection#unresolved} lists: all by default, or those of
 * one tool, one intent, or older than an age (since their intent was first claimed), at most
 * {@code limit}, oldest first.
 *
 * <pre>{@code
 * inspection.unresolved(UnresolvedQuery.all().tool("sendPix").olderThan(Duration.ofMinutes(5)));
 * }</pre>
 *
 * @param tool      only records of this tool; {@code null} for any
 * @param intentId  only records of this intent; {@code null} for any
 * @param olderThan only records first claimed at least this long ago; {@link Duration#ZERO} for any
 * @param limit     the most records listed, at least 1
 */
public record UnresolvedQuery(String tool, String intentId, Duration olderThan, int limit) {

    /** How many records a query lists unless told otherwise. */
    public static final int DEFAULT_LIMIT = 1_000;

    /**
     * Checks the values.
     *
     * @param tool      only records of this tool; {@code null} for any
     * @param intentId  only records of this intent; {@code null} for any
     * @param olderThan only records first claimed at least this long ago
     * @param limit     the most records listed, at least 1
     * @throws IllegalArgumentException when the age is negative or the limit below 1
     */
    public UnresolvedQuery {
        Objects.requireNonNull(olderThan, "olderThan");
        if (olderThan.isNegative()) {
            throw new IllegalArgumentException("olderThan must not be negative, was " + olderThan);
        }
        if (limit < 1) {
            throw new IllegalArgumentException("limit must be at least 1, was " + limit);
        }
    }

    /**
     * Every unresolved record, up to {@link #DEFAULT_LIMIT}.
     *
     * @return the query
     */
    public static UnresolvedQuery all() {
        return new UnresolvedQuery(null, null, Duration.ZERO, DEFAULT_LIMIT);
    }

    /**
     * The same query, of one tool.
     *
     * @param value the tool name
     * @return the narrowed query
     */
    public UnresolvedQuery tool(String value) {
        return new UnresolvedQuery(value, intentId, olderThan, limit);
    }

    /**
     * The same query, of one intent.
     *
     * @param value the intent id
     * @return the narrowed query
     */
    public UnresolvedQuery intentId(String value) {
        return new UnresolvedQuery(tool, value, olderThan, limit);
    }

    /**
     * The same query, of records first claimed at least {@code value} ago.
     *
     * @param value the age
     * @return the narrowed query
     */
    public UnresolvedQuery olderThan(Duration value) {
        return new UnresolvedQuery(tool, intentId, value, limit);
    }

    /**
     * The same query, listing at most {@code value} records.
     *
     * @param value the most records listed
     * @return the query
     */
    public UnresolvedQuery limit(int value) {
        return new UnresolvedQuery(tool, intentId, olderThan, value);
    }
}
