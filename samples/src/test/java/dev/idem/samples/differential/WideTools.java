package dev.idem.samples.differential;

import dev.idem.Param;
import dev.idem.Tool;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.OffsetTime;
import java.time.Period;
import java.time.ZonedDateTime;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import tools.jackson.databind.JsonNode;

/**
 * A tool class as wide as the processor allows: every supported parameter type, records nested
 * and recursive, optional and nullable parameters, and every constraint, for the differential
 * test. The bodies only count their runs: whether a body ran is the verdict compared with the
 * validators'.
 */
public class WideTools {
    /** Body runs so far. */
    public final AtomicInteger runs = new AtomicInteger();

    /** A country. */
    public enum Country { BR, PT, US }

    /** Marks a parameter that may be null (any annotation of this simple name). */
    @Retention(RetentionPolicy.CLASS)
    @Target({ElementType.PARAMETER, ElementType.RECORD_COMPONENT, ElementType.TYPE_USE})
    public @interface Nullable {}

    /**
     * A postal address.
     *
     * @param street  the street
     * @param zip     five digits, optionally a dash and four more
     * @param country the country
     */
    public record Address(@Param(minLength = 1, maxLength = 40) String street,
            @Param(pattern = "^\\d{5}(-\\d{4})?$") String zip, Country country) {}

    /**
     * An order line.
     *
     * @param sku      the article, 1 to 12 characters
     * @param quantity 1 to 99
     * @param price    unit price, if known
     */
    public record Line(@Param(minLength = 1, maxLength = 12) String sku, @Param(min = 1, max = 99) int quantity,
            @Param(min = 0, max = 99999.99) Optional<BigDecimal> price) {}

    /**
     * An order.
     *
     * @param id      its id
     * @param lines   1 to 4 lines
     * @param billing where the bill goes
     * @param extras  extra lines by name
     */
    public record Order(@Param(pattern = "^[A-Z]{2}-\\d{4}$") String id, @Param(minItems = 1, maxItems = 4) List<Line> lines,
            Address billing, Map<String, Line> extras) {}

    /**
     * A category tree.
     *
     * @param name     its name
     * @param children sub-categories
     */
    public record Category(String name, @Param(maxItems = 3) List<Category> children) {}

    /**
     * Numbers of every kind.
     *
     * @param b       a byte
     * @param s       a short
     * @param i       an int
     * @param l       a long
     * @param f       a float
     * @param d       a double
     * @param big     a big integer
     * @param dec     a big decimal
     * @param bounded a double between -99.5 and 99.5
     * @param cents   a long from 1 to 1,000,000
     * @param rate    a decimal from 0.1 to 0.3
     * @param boxed   an optional int
     */
    @Tool
    public String numbers(byte b, short s, int i, long l, float f, double d, BigInteger big, BigDecimal dec,
            @Param(min = -99.5, max = 99.5) double bounded, @Param(min = 1, max = 1_000_000) long cents,
            @Param(min = 0.1, max = 0.3) BigDecimal rate, @Param(required = false) Integer boxed) {
        runs.incrementAndGet();
        return "ok";
    }

    /**
     * Text of every kind.
     *
     * @param plain    any string
     * @param letter   one character
     * @param currency three capital letters
     * @param code     2 to 8 characters
     * @param email    an email address
     * @param day      a date as text
     * @param at       a date-time as text
     * @param clock    a time as text
     * @param span     a duration as text
     * @param ref      a UUID as text
     * @param pairs    pairs of ab or cd
     * @param handle   a handle
     */
    @Tool
    public String texts(String plain, char letter, @Param(pattern = "^[A-Z]{3}$") String currency,
            @Param(minLength = 2, maxLength = 8) String code, @Param(format = "email") String email,
            @Param(format = "date") String day, @Param(format = "date-time") String at, @Param(format = "time") String clock,
            @Param(format = "duration") String span, @Param(format = "uuid") String ref,
            @Param(pattern = "^(ab|cd)*$", maxLength = 64) String pairs,
            @Param(pattern = "^[a-z][a-z0-9_]{2,15}$") String handle) {
        runs.incrementAndGet();
        return "ok";
    }

    /**
     * Time of every kind.
     *
     * @param date      a date
     * @param local     a local date-time
     * @param time      a local time
     * @param offsetTime a time with offset
     * @param instant   an instant
     * @param offset    a date-time with offset
     * @param zoned     a zoned date-time
     * @param duration  a duration
     * @param period    a period
     * @param id        a UUID
     */
    @Tool
    public String times(LocalDate date, LocalDateTime local, LocalTime time, OffsetTime offsetTime, Instant instant,
            OffsetDateTime offset, ZonedDateTime zoned, Duration duration, Period period, UUID id) {
        runs.incrementAndGet();
        return "ok";
    }

    /**
     * Containers of every kind.
     *
     * @param list    integers
     * @param amounts distinct amounts
     * @param tags    distinct tags, 0 to 5
     * @param ints    an int array
     * @param names   a string array
     * @param weights weights by name
     * @param longs   a collection of longs
     * @param days    distinct days
     * @param flags   a boolean array
     * @param letters a char array
     * @param any     any JSON value
     */
    @Tool
    public String collections(List<Integer> list, Set<BigDecimal> amounts, @Param(maxItems = 5) Set<String> tags, int[] ints,
            String[] names, Map<String, Double> weights, Collection<Long> longs, Set<LocalDate> days, boolean[] flags,
            char[] letters, JsonNode any) {
        runs.incrementAndGet();
        return "ok";
    }

    /**
     * Records, nested and recursive, some optional.
     *
     * @param order    the order
     * @param shipping where to ship, if not to the billing address
     * @param note     a note, may be null
     * @param count    how many, when given
     * @param zero     a number, zero when absent
     * @param tree     a category tree
     */
    @Tool
    public String nested(Order order, Optional<Address> shipping, @Nullable String note, @Param(required = false) Integer count,
            @Param(required = false) int zero, Category tree) {
        runs.incrementAndGet();
        return "ok";
    }
}
