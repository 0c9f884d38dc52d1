package dev.idem.benchmarks;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes the Java sources of a class set with many {@code @Tool} methods, for measuring what the
 * processor adds to javac: {@code classes} classes of {@code toolsPerClass} tools each, with
 * Javadoc, constraints, records, enums, lists and dates, in one of two {@link Signatures}.
 */
final class ToolSourceSet {

    /** The package of the written classes. */
    static final String PACKAGE = "dev.idem.benchmarks.generated";

    /** What the tools' parameters are. */
    enum Signatures {
        /**
         * Every tool takes the same six kinds of parameter: a constrained string and int, an
         * enum, a list of strings, a list of records and a date (performance issue 35's set).
         */
        SIX_PARAMETERS,
        /**
         * Four signatures in turn (constraints, a list of records, a record, an enum, optionals,
         * a map, a decimal, an array), so the set is not one method copied two hundred times.
         */
        ROTATING
    }

    private final int classes;
    private final int toolsPerClass;
    private final Signatures signatures;

    ToolSourceSet(int classes, int toolsPerClass) {
        this(classes, toolsPerClass, Signatures.ROTATING);
    }

    ToolSourceSet(int classes, int toolsPerClass, Signatures signatures) {
        this.classes = classes;
        this.toolsPerClass = toolsPerClass;
        this.signatures = signatures;
    }

    /** The 200-tool set the processor figures of docs/benchmarks.md use: 20 classes of 10 tools. */
    static ToolSourceSet twoHundredTools(Signatures signatures) {
        return new ToolSourceSet(20, 10, signatures);
    }

    /** The 200-tool set with {@link Signatures#ROTATING} signatures. */
    static ToolSourceSet twoHundredTools() {
        return twoHundredTools(Signatures.ROTATING);
    }

    Signatures signatures() {
        return signatures;
    }

    int tools() {
        return classes * toolsPerClass;
    }

    int classes() {
        return classes;
    }

    /** Writes the sources under {@code root} (package folders included) and returns their paths. */
    List<Path> writeTo(Path root) {
        Path folder = root.resolve(PACKAGE.replace('.', '/'));
        List<Path> written = new ArrayList<>(classes);
        try {
            Files.createDirectories(folder);
            for (int c = 0; c < classes; c++) {
                Path file = folder.resolve(className(c) + ".java");
                Files.writeString(file, source(c), StandardCharsets.UTF_8);
                written.add(file);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return written;
    }

    static String className(int index) {
        return String.format("Shop%02d", index);
    }

    private String source(int classIndex) {
        StringBuilder s = new StringBuilder(8_192);
        s.append("package ").append(PACKAGE).append(";\n\n")
                .append("import dev.idem.ErrorType;\n")
                .append("import dev.idem.Param;\n")
                .append("import dev.idem.Retry;\n")
                .append("import dev.idem.Tool;\n")
                .append("import java.math.BigDecimal;\n")
                .append("import java.time.LocalDate;\n")
                .append("import java.util.List;\n")
                .append("import java.util.Map;\n")
                .append("import java.util.Optional;\n\n")
                .append("/** The tools of shop ").append(classIndex).append(". */\n")
                .append("public class ").append(className(classIndex)).append(" {\n\n")
                .append("    /** How fast an order ships. */\n")
                .append("    public enum Speed { STANDARD, EXPRESS, OVERNIGHT }\n\n")
                .append("    /** A delivery address. */\n")
                .append("    public record Address(String street, String city, String postalCode) {}\n\n")
                .append("    /** One line of an order. */\n")
                .append("    public record Line(String sku, int quantity, long unitCents) {}\n\n");
        for (int t = 0; t < toolsPerClass; t++) {
            if (signatures == Signatures.SIX_PARAMETERS) {
                sixParameterTool(s, classIndex * toolsPerClass + t);
            } else {
                tool(s, classIndex * toolsPerClass + t);
            }
        }
        return s.append("}\n").toString();
    }

    private static void sixParameterTool(StringBuilder s, int number) {
        String name = String.format("tool%03d", number);
        s.append("    /**\n")
                .append("     * Books delivery ").append(number).append(".\n")
                .append("     *\n")
                .append("     * @param customer the customer's name\n")
                .append("     * @param boxes    how many boxes\n")
                .append("     * @param speed    how fast it ships\n")
                .append("     * @param tags     labels for the courier\n")
                .append("     * @param lines    what is delivered\n")
                .append("     * @param day      the delivery day\n")
                .append("     */\n")
                .append("    @Tool(restartSafe = false, idempotent = true)\n")
                .append("    public String ").append(name).append("(@Param(minLength = 1, maxLength = 80) String customer,\n")
                .append("            @Param(min = 1, max = 50) int boxes, Speed speed, List<String> tags,\n")
                .append("            List<Line> lines, LocalDate day) {\n")
                .append("        return customer + boxes + speed + tags.size() + lines.size() + day;\n")
                .append("    }\n\n");
    }

    private static void tool(StringBuilder s, int number) {
        String name = String.format("tool%03d", number);
        switch (number % 4) {
            case 0 -> s.append("    /**\n")
                    .append("     * Places order ").append(number).append(".\n")
                    .append("     *\n")
                    .append("     * @param customer the customer's name\n")
                    .append("     * @param lines    what is ordered\n")
                    .append("     * @param shipTo   where it goes\n")
                    .append("     * @param speed    how fast it ships\n")
                    .append("     * @param giftWrap whether to wrap it\n")
                    .append("     */\n")
                    .append("    @Tool(restartSafe = false, idempotent = true,\n")
                    .append("          retryPolicy = @Retry(maxAttempts = 3, retryOn = ErrorType.TIMEOUT))\n")
                    .append("    public String ").append(name).append("(@Param(minLength = 1, maxLength = 80) String customer,\n")
                    .append("            @Param(minItems = 1, maxItems = 100) List<Line> lines, Address shipTo, Speed speed,\n")
                    .append("            boolean giftWrap) {\n")
                    .append("        return customer + lines.size() + shipTo.city() + speed + giftWrap;\n")
                    .append("    }\n\n");
            case 1 -> s.append("    /**\n")
                    .append("     * Searches the catalogue, variant ").append(number).append(".\n")
                    .append("     *\n")
                    .append("     * @param query the words to look for\n")
                    .append("     * @param limit at most this many results\n")
                    .append("     * @param after only items added after this date\n")
                    .append("     */\n")
                    .append("    @Tool(readOnly = true)\n")
                    .append("    public List<String> ").append(name).append("(@Param(pattern = \"^[a-z ]+$\") String query,\n")
                    .append("            @Param(min = 1, max = 50) int limit, Optional<LocalDate> after) {\n")
                    .append("        return List.of(query, String.valueOf(limit), String.valueOf(after.isPresent()));\n")
                    .append("    }\n\n");
            case 2 -> s.append("    /**\n")
                    .append("     * Refunds a payment, variant ").append(number).append(".\n")
                    .append("     *\n")
                    .append("     * @param paymentId the payment\n")
                    .append("     * @param amount    how much, in the payment's currency\n")
                    .append("     * @param reasons   why, keyed by line\n")
                    .append("     */\n")
                    .append("    @Tool(restartSafe = false, timeoutMs = 5000)\n")
                    .append("    public Line ").append(name).append("(String paymentId, @Param(min = 0.01) BigDecimal amount,\n")
                    .append("            Map<String, String> reasons) {\n")
                    .append("        return new Line(paymentId, reasons.size(), amount.longValue());\n")
                    .append("    }\n\n");
            default -> s.append("    /**\n")
                    .append("     * Updates an address, variant ").append(number).append(".\n")
                    .append("     *\n")
                    .append("     * @param customerId the customer\n")
                    .append("     * @param address    the new address\n")
                    .append("     * @param tags       labels to keep\n")
                    .append("     */\n")
                    .append("    @Tool(idempotent = true)\n")
                    .append("    public Address ").append(name).append("(long customerId, Address address, String[] tags) {\n")
                    .append("        return new Address(address.street(), address.city() + customerId, String.valueOf(tags.length));\n")
                    .append("    }\n\n");
        }
    }
}
