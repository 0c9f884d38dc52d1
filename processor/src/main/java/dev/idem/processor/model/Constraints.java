package dev.idem.processor.model;

/**
 * Value constraints from {@code @Param}; {@code -1} or an infinite bound means none.
 */
public record Constraints(
        double min, double max, int minLength, int maxLength, String pattern, String format, int minItems, int maxItems) {

    /** No constraint at all. */
    public static final Constraints NONE = new Constraints(
            Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY, -1, -1, "", "", -1, -1);

    /**
     * Whether a minimum or maximum is set.
     *
     * @return whether a bound is finite
     */
    public boolean hasRange() {
        return !Double.isInfinite(min) || !Double.isInfinite(max);
    }

    /**
     * Whether a length bound is set.
     *
     * @return whether {@code minLength} or {@code maxLength} is set
     */
    public boolean hasLength() {
        return minLength >= 0 || maxLength >= 0;
    }

    /**
     * Whether a pattern is set.
     *
     * @return whether {@code pattern} is not empty
     */
    public boolean hasPattern() {
        return !pattern.isEmpty();
    }

    /**
     * Whether an item-count bound is set.
     *
     * @return whether {@code minItems} or {@code maxItems} is set
     */
    public boolean hasItems() {
        return minItems >= 0 || maxItems >= 0;
    }
}
