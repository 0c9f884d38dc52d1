package dev.idem.samples.faults;

import dev.idem.Param;
import dev.idem.Tool;
import java.math.BigInteger;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.regex.Pattern;

/**
 * Tools covering many parameter types and constraints, compiled by the processor, for the
 * argument fuzzer. Each body checks its own arguments against what it declared and records any
 * breach: a body must never see arguments its schema forbids.
 */
public class FuzzTools {
    private static final Pattern CURRENCY = Pattern.compile("^[A-Z]{3}$");

    /** A level of urgency. */
    public enum Level { LOW, HIGH }

    /**
     * An order line.
     *
     * @param sku      the article
     * @param quantity how many, 1 to 99
     */
    public record Item(@Param(minLength = 1, maxLength = 12) String sku, @Param(min = 1, max = 99) int quantity) {}

    /** Body runs so far. */
    public int runs;
    /** Every breach a body saw, as "tool: what". */
    public final List<String> breaches = new ArrayList<>();

    /**
     * Moves money.
     *
     * @param cents    amount, 1 to 1,000,000
     * @param currency three capital letters
     * @param memo     1 to 40 characters
     * @param urgent   whether it is urgent
     */
    @Tool
    public String transfer(@Param(min = 1, max = 1_000_000) long cents, @Param(pattern = "^[A-Z]{3}$") String currency,
            @Param(minLength = 1, maxLength = 40) String memo, boolean urgent) {
        runs++;
        check("transfer", cents >= 1 && cents <= 1_000_000, "cents " + cents);
        check("transfer", currency != null && CURRENCY.matcher(currency).find(), "currency " + currency);
        check("transfer", memo != null && memo.codePointCount(0, memo.length()) >= 1
                && memo.codePointCount(0, memo.length()) <= 40, "memo " + memo);
        return "ok";
    }

    /**
     * Plans something.
     *
     * @param day     the day
     * @param id      its id
     * @param level   how urgent
     * @param retries how often to retry, when given
     */
    @Tool
    public String plan(LocalDate day, UUID id, Level level, Optional<Integer> retries) {
        runs++;
        check("plan", day != null && id != null && level != null && retries != null, "null argument");
        return "ok";
    }

    /**
     * Places an order.
     *
     * @param items 1 to 5 lines
     * @param tags  labels and weights
     * @param codes distinct codes
     */
    @Tool
    public String order(@Param(minItems = 1, maxItems = 5) List<Item> items, Map<String, Integer> tags, Set<String> codes) {
        runs++;
        check("order", items != null && items.size() >= 1 && items.size() <= 5, "items " + items);
        if (items != null) {
            for (Item item : items) {
                check("order", item != null && item.sku() != null && !item.sku().isEmpty() && item.sku().length() <= 12
                        && item.quantity() >= 1 && item.quantity() <= 99, "item " + item);
            }
        }
        check("order", tags != null && codes != null && !tags.containsValue(null), "tags " + tags + " codes " + codes);
        return "ok";
    }

    /**
     * Numbers of every size.
     *
     * @param small a byte
     * @param whole an int
     * @param ratio a double
     * @param big   a big integer
     * @param letter one character
     */
    @Tool
    public String numbers(byte small, int whole, double ratio, BigInteger big, char letter) {
        runs++;
        check("numbers", big != null && !Double.isNaN(ratio), "big " + big + " ratio " + ratio);
        return "ok";
    }

    private void check(String tool, boolean holds, String what) {
        if (!holds) {
            breaches.add(tool + ": " + what);
        }
    }
}
