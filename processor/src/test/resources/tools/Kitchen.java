package test;

import dev.idem.ErrorType;
import dev.idem.Param;
import dev.idem.Retry;
import dev.idem.Tool;
import dev.idem.tool.ToolContext;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import tools.jackson.databind.JsonNode;

/** Tools that use every supported type. */
public class Kitchen {
    /** Colours. */
    public enum Colour { RED, GREEN }

    /**
     * A postal address.
     *
     * @param street the street
     * @param zip    five digits
     */
    public record Address(String street, @Param(pattern = "^[0-9]{5}$") String zip) {}

    /**
     * A lead.
     *
     * @param name    who
     * @param address where
     */
    public record Lead(String name, Address address) {}

    /**
     * A tree node, recursive.
     *
     * @param label    its label
     * @param children its children
     */
    public record Node(String label, List<Node> children) {}

    /** A plain class with a canonical constructor. */
    public static final class Point {
        final int x;
        final int y;

        public Point(int x, int y) {
            this.x = x;
            this.y = y;
        }

        public int getX() {
            return x;
        }

        public int getY() {
            return y;
        }
    }

    /** Calls made, to prove a bad call never runs. */
    public static int calls;

    /**
     * Echoes every scalar.
     *
     * @param b a boolean
     */
    @Tool
    public Map<String, Object> scalars(boolean b, byte by, short s, int i, long l, float f, double d, char c,
            Integer boxed, String text, BigDecimal money, BigInteger big, UUID id, LocalDate day,
            LocalDateTime local, LocalTime time, Instant at, OffsetDateTime offset, Duration wait, Colour colour) {
        calls++;
        return Map.of("b", b, "by", by, "s", s, "i", i, "l", l, "c", c, "text", text, "money", money, "colour", colour, "day", day);
    }

    /** Echoes a lead. */
    @Tool
    public Lead lead(Lead lead) {
        calls++;
        return lead;
    }

    /** Containers. */
    @Tool
    public String containers(List<Integer> list, Set<String> set, Collection<Long> coll, int[] ints, String[] strings,
            Map<String, Double> map, List<List<Colour>> nested, JsonNode any) {
        calls++;
        return list + "|" + set + "|" + coll + "|" + java.util.Arrays.toString(ints) + "|" + java.util.Arrays.toString(strings)
                + "|" + map + "|" + nested + "|" + any;
    }

    /** Optional things. */
    @Tool
    public String optionals(Optional<String> maybe, @Nullable String nullable, @Param(required = false) int zero,
            @Param(required = false) Integer none) {
        calls++;
        return maybe + "|" + nullable + "|" + zero + "|" + none;
    }

    /** Constraints. */
    @Tool(restartSafe = false, idempotent = true, timeoutMs = 2000,
            retryPolicy = @Retry(maxAttempts = 2, initialDelayMs = 10, retryOn = ErrorType.TIMEOUT))
    public long constrained(@Param(min = 1, max = 10) long n, @Param(minLength = 2, maxLength = 3) String code,
            @Param(minItems = 1, maxItems = 2) List<String> tags, ToolContext context) {
        calls++;
        return n;
    }

    /** A tree and a point. */
    @Tool(name = "tree-size")
    public static int tree(Node root, Point point) {
        calls++;
        return root.children().size() + point.x + point.y;
    }

    /** Async. */
    @Tool(readOnly = true)
    public CompletionStage<List<Colour>> later() {
        return CompletableFuture.completedFuture(List.of(Colour.RED));
    }

    /** Nothing back. */
    @Tool
    public void nothing() {
        calls++;
    }

    /** Marks a value nullable, matched by simple name. */
    @java.lang.annotation.Target({java.lang.annotation.ElementType.PARAMETER, java.lang.annotation.ElementType.TYPE_USE})
    public @interface Nullable {}
}
