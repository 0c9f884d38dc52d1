package dev.idem.testing;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Supplier;

/**
 * Random values for one seeded trial, biased towards edges the way property-testing libraries
 * are: bounds, zero, empty and odd characters come up far more often than uniform drawing would
 * give them.
 */
public final class Gen {
    private static final String[] ODD_TEXT = {"", " ", "\u0000", "\n", "\r\n", "\u2028", "\u0085", "\uD800",
        "\uDC00x", "\uD83D\uDE00", "é", "\u202E", "\"", "\\", "{", "}", "null", "NaN", "-1", "1e400", "\t"};
    private final SplittableRandom random;
    private final long seed;

    public Gen(long seed) {
        this.seed = seed;
        this.random = new SplittableRandom(seed);
    }

    public long seed() {
        return seed;
    }

    public boolean bool() {
        return random.nextBoolean();
    }

    /** True with probability {@code 1 / n}. */
    public boolean oneIn(int n) {
        return random.nextInt(n) == 0;
    }

    /** Uniform in {@code [0, bound)}. */
    public int below(int bound) {
        return random.nextInt(bound);
    }

    /** In {@code [min, max]}, one time in five exactly a bound. */
    public int between(int min, int max) {
        if (oneIn(5)) {
            return bool() ? min : max;
        }
        return (int) between((long) min, (long) max);
    }

    /** In {@code [min, max]}, one time in five exactly a bound. */
    public long between(long min, long max) {
        if (oneIn(5)) {
            return bool() ? min : max;
        }
        if (max == Long.MAX_VALUE && min == Long.MIN_VALUE) {
            return random.nextLong();
        }
        return min + (long) (random.nextDouble() * ((double) max - min + 1));
    }

    /** In {@code [min, max)} (or exactly {@code min}, one time in five). */
    public double between(double min, double max) {
        if (oneIn(5)) {
            return min;
        }
        return min + random.nextDouble() * (max - min);
    }

    /** Any int, edges often. */
    public int anyInt() {
        return oneIn(4) ? pick(0, 1, -1, Integer.MIN_VALUE, Integer.MAX_VALUE) : random.nextInt();
    }

    /** Any double, edges (NaN, infinities, extremes) often. */
    public double anyDouble() {
        return oneIn(4) ? pick(0.0, -0.0, 1.0, Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY,
                Double.MAX_VALUE, Double.MIN_VALUE) : (random.nextDouble() - 0.5) * Math.pow(10, random.nextInt(40) - 20);
    }

    @SafeVarargs
    public final <T> T pick(T... options) {
        return options[random.nextInt(options.length)];
    }

    public <T> T pick(List<T> options) {
        return options.get(random.nextInt(options.size()));
    }

    /** One of the suppliers, chosen by weight: {@code weighted(3, a, 1, b)}. */
    @SuppressWarnings("unchecked")
    public <T> T weighted(Object... weightsAndSuppliers) {
        int total = 0;
        for (int i = 0; i < weightsAndSuppliers.length; i += 2) {
            total += (Integer) weightsAndSuppliers[i];
        }
        int roll = random.nextInt(total);
        for (int i = 0; i < weightsAndSuppliers.length; i += 2) {
            roll -= (Integer) weightsAndSuppliers[i];
            if (roll < 0) {
                return ((Supplier<T>) weightsAndSuppliers[i + 1]).get();
            }
        }
        throw new IllegalStateException();
    }

    /** A list of {@code 0..maxSize} items. */
    public <T> List<T> list(int maxSize, Supplier<T> item) {
        return list(0, maxSize, item);
    }

    public <T> List<T> list(int minSize, int maxSize, Supplier<T> item) {
        int size = between(minSize, maxSize);
        List<T> items = new ArrayList<>(size);
        for (int i = 0; i < size; i++) {
            items.add(item.get());
        }
        return items;
    }

    /**
     * A string of up to {@code maxLength} UTF-16 units: ASCII mostly, with control characters,
     * line terminators, accents, surrogates (lone ones too) and emoji mixed in.
     */
    public String string(int maxLength) {
        if (oneIn(6)) {
            String odd = pick(ODD_TEXT);
            return odd.length() <= maxLength ? odd : "";
        }
        int length = between(0, maxLength);
        StringBuilder text = new StringBuilder(length);
        while (text.length() < length) {
            int kind = random.nextInt(20);
            if (kind < 14) {
                text.append((char) (0x20 + random.nextInt(0x5F)));
            } else if (kind < 16) {
                text.append((char) random.nextInt(0x20));
            } else if (kind < 18) {
                text.append((char) (0xA0 + random.nextInt(0x2000)));
            } else if (kind == 18 && text.length() + 2 <= length) {
                text.appendCodePoint(0x1F600 + random.nextInt(0x50));
            } else {
                text.append((char) (0xD800 + random.nextInt(0x800)));
            }
        }
        return text.toString();
    }
}
