package test;

import dev.idem.Param;
import dev.idem.Tool;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** Tools whose arguments test the binders past the kitchen: refusing constructors, decimal bounds, sets of numbers. */
public class Shop {
    /** Sizes. */
    public enum Size { S, M, L }

    /**
     * A quantity that must be even.
     *
     * @param units how many
     */
    public record Quantity(int units) {
        public Quantity {
            if (units % 2 != 0) {
                throw new IllegalArgumentException("units must be even, was " + units);
            }
        }
    }

    /**
     * An order line.
     *
     * @param sku      three letters, a dash, digits
     * @param quantity how many
     * @param size     which size
     * @param price    the unit price
     */
    public record Line(@Param(pattern = "^[A-Z]{3}-[0-9]+$") String sku, Quantity quantity, Size size,
            @Param(min = 0.01, max = 1000) BigDecimal price) {}

    /** Takes an order. */
    @Tool
    public String order(List<Line> lines, Map<String, Quantity> extras, Optional<Line> gift, Set<BigDecimal> coupons,
            @Param(min = -1.5, max = 2.5) double ratio, float weight, char grade, byte level, short shelf,
            @Param(maxItems = 2) List<Size> sizes) {
        return lines + "|" + extras + "|" + gift + "|" + coupons + "|" + ratio + "|" + weight + "|" + grade + "|"
                + level + "|" + shelf + "|" + sizes;
    }
}
