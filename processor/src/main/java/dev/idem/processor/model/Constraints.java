package dev.idem.processor.model;

/**
 * Value constraints from {@code @Param}; {@code -1} or an infinite bound means none.
 */
public record Constraints(
        double min, double max, int minLength, int maxLength, String pattern, String format, int minItems, int maxItems) {

    public static final Constraints NONE = new Constraints(
            Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY, -1, -1, "", "", -1, -1);

    public boolean hasRange() {
        return !Double.isInfinite(min) || !Double.isInfinite(max);
    }

    public boolean hasLength() {
        return minLength >= 0 || maxLength >= 0;
    }

    public boolean hasPattern() {
        return !pattern.isEmpty();
    }

    public boolean hasItems() {
        return minItems >= 0 || maxItems >= 0;
    }
}
