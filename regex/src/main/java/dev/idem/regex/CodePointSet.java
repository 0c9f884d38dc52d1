package dev.idem.regex;

import java.util.Arrays;
import java.util.function.IntPredicate;

/**
 * An immutable set of code points as sorted, disjoint, non-adjacent inclusive ranges. Membership
 * is a binary search, so a class such as {@code \p{L}} (hundreds of ranges) costs a few steps per
 * character.
 */
final class CodePointSet {
    static final int MAX = Character.MAX_CODE_POINT;
    static final CodePointSet EMPTY = new CodePointSet(new int[0]);
    static final CodePointSet ALL = new CodePointSet(new int[] {0, MAX});

    /** Pairs {@code start, end} (inclusive), sorted and merged. */
    private final int[] ranges;

    private CodePointSet(int[] ranges) {
        this.ranges = ranges;
    }

    static CodePointSet of(int codePoint) {
        return new CodePointSet(new int[] {codePoint, codePoint});
    }

    static CodePointSet range(int from, int to) {
        return new CodePointSet(new int[] {from, to});
    }

    /** The set of code points {@code test} accepts, found by scanning every code point once. */
    static CodePointSet matching(IntPredicate test) {
        Builder builder = new Builder();
        int start = -1;
        for (int cp = 0; cp <= MAX + 1; cp++) {
            boolean in = cp <= MAX && test.test(cp);
            if (in && start < 0) {
                start = cp;
            } else if (!in && start >= 0) {
                builder.add(start, cp - 1);
                start = -1;
            }
        }
        return builder.build();
    }

    boolean contains(int codePoint) {
        // the largest start <= codePoint, then whether its range reaches it
        int low = 0;
        int high = ranges.length / 2 - 1;
        while (low <= high) {
            int mid = (low + high) >>> 1;
            if (ranges[2 * mid] <= codePoint) {
                if (codePoint <= ranges[2 * mid + 1]) {
                    return true;
                }
                low = mid + 1;
            } else {
                high = mid - 1;
            }
        }
        return false;
    }

    /** The smallest member; only called on non-empty sets. */
    int first() {
        return ranges[0];
    }

    boolean isEmpty() {
        return ranges.length == 0;
    }

    CodePointSet union(CodePointSet other) {
        Builder builder = new Builder();
        builder.addAll(this);
        builder.addAll(other);
        return builder.build();
    }

    CodePointSet complement() {
        Builder builder = new Builder();
        int next = 0;
        for (int i = 0; i < ranges.length; i += 2) {
            if (ranges[i] > next) {
                builder.add(next, ranges[i] - 1);
            }
            next = ranges[i + 1] + 1;
        }
        if (next <= MAX) {
            builder.add(next, MAX);
        }
        return builder.build();
    }

    /** Whether the two sets share a code point (used to judge overlapping quantifiers). */
    boolean intersects(CodePointSet other) {
        int i = 0;
        int j = 0;
        while (i < ranges.length && j < other.ranges.length) {
            if (ranges[i + 1] < other.ranges[j]) {
                i += 2;
            } else if (other.ranges[j + 1] < ranges[i]) {
                j += 2;
            } else {
                return true;
            }
        }
        return false;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof CodePointSet set && Arrays.equals(ranges, set.ranges);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(ranges);
    }

    /** Collects ranges in any order; {@link #build} sorts and merges them. */
    static final class Builder {
        private int[] pairs = new int[16];
        private int size;

        Builder add(int from, int to) {
            if (size + 2 > pairs.length) {
                pairs = Arrays.copyOf(pairs, pairs.length * 2);
            }
            pairs[size++] = from;
            pairs[size++] = to;
            return this;
        }

        Builder addAll(CodePointSet set) {
            for (int i = 0; i < set.ranges.length; i += 2) {
                add(set.ranges[i], set.ranges[i + 1]);
            }
            return this;
        }

        CodePointSet build() {
            int count = size / 2;
            long[] packed = new long[count];
            for (int i = 0; i < count; i++) {
                packed[i] = ((long) pairs[2 * i] << 32) | (pairs[2 * i + 1] & 0xFFFFFFFFL);
            }
            Arrays.sort(packed);
            int[] merged = new int[size];
            int out = 0;
            for (long pair : packed) {
                int from = (int) (pair >>> 32);
                int to = (int) pair;
                if (out > 0 && from <= merged[out - 1] + 1) {
                    merged[out - 1] = Math.max(merged[out - 1], to);
                } else {
                    merged[out++] = from;
                    merged[out++] = to;
                }
            }
            return new CodePointSet(Arrays.copyOf(merged, out));
        }
    }
}
