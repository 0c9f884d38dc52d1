package dev.idem.benchmarks;

import dev.idem.Tool;
import java.util.List;

/**
 * The wide call: an order with line objects, a nested address, an enum and a boolean, annotated
 * for Idem, LangChain4j and Spring AI at once so every framework dispatches to the very same
 * method body. {@link #arguments(int)} writes the argument text for any number of lines: eight
 * lines make the wide call (about 900 bytes), 1, 8 and 64 make the size series.
 */
public class OrderTools {

    /** How fast the order ships. */
    public enum Priority { STANDARD, EXPRESS, OVERNIGHT }

    /** Where the order goes. */
    public record Address(String street, String city, String postalCode, String country) {}

    /** One line of the order. */
    public record Line(String sku, String description, int quantity, long unitCents) {}

    /**
     * Places an order.
     *
     * @param customer the customer's name
     * @param lines    what is ordered
     * @param shipTo   the delivery address
     * @param priority how fast it ships
     * @param giftWrap whether to wrap it as a gift
     */
    @Tool(description = "Places an order")
    @dev.langchain4j.agent.tool.Tool("Places an order")
    @org.springframework.ai.tool.annotation.Tool(description = "Places an order")
    public String placeOrder(String customer, List<Line> lines, Address shipTo, Priority priority, boolean giftWrap) {
        long totalCents = 0;
        int units = 0;
        for (Line line : lines) {
            totalCents += line.quantity() * line.unitCents();
            units += line.quantity();
        }
        return customer + '/' + lines.size() + '/' + units + '/' + totalCents + '/' + shipTo.city() + '/' + priority
                + '/' + giftWrap;
    }

    /** The argument text of an order with {@code lineCount} lines; 8 lines are about 900 bytes. */
    public static String arguments(int lineCount) {
        StringBuilder json = new StringBuilder(128 + 96 * lineCount);
        json.append("{\"customer\":\"ACME Coffee Roasters Ltd\",\"lines\":[");
        for (int i = 0; i < lineCount; i++) {
            if (i > 0) {
                json.append(',');
            }
            json.append("{\"sku\":\"SKU-").append(10_000 + i)
                    .append("\",\"description\":\"Arabica beans 1kg lot ").append(i)
                    .append("\",\"quantity\":").append(quantity(i))
                    .append(",\"unitCents\":").append(unitCents(i)).append('}');
        }
        json.append("],\"shipTo\":{\"street\":\"Rua Augusta 1200, apt 42\",\"city\":\"Sao Paulo\",")
                .append("\"postalCode\":\"01304-001\",\"country\":\"BR\"},")
                .append("\"priority\":\"EXPRESS\",\"giftWrap\":true}");
        return json.toString();
    }

    /** What {@link #placeOrder} returns for {@link #arguments(int) arguments(lineCount)}. */
    public static String expected(int lineCount) {
        long totalCents = 0;
        int units = 0;
        for (int i = 0; i < lineCount; i++) {
            totalCents += (long) quantity(i) * unitCents(i);
            units += quantity(i);
        }
        return "ACME Coffee Roasters Ltd/" + lineCount + '/' + units + '/' + totalCents + "/Sao Paulo/EXPRESS/true";
    }

    private static int quantity(int index) {
        return 1 + index % 5;
    }

    private static long unitCents(int index) {
        return 1_890 + 37L * index;
    }
}
