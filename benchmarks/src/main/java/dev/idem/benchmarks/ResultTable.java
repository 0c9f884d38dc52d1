package dev.idem.benchmarks;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Turns JMH's JSON results ({@code -rf json}) into the tables of docs/benchmarks.md, so the ratios there are
 * computed, not copied by hand: each path beside the floor and the peers, the size series as
 * plot-ready columns, and throughput with two threads against one.
 *
 * <pre>{@code
 * java -cp benchmarks/target/benchmarks.jar dev.idem.benchmarks.ResultTable dispatch dispatch.json
 * java -cp benchmarks/target/benchmarks.jar dev.idem.benchmarks.ResultTable series dispatch.json
 * java -cp benchmarks/target/benchmarks.jar dev.idem.benchmarks.ResultTable threads t1.json t2.json
 * }</pre>
 */
public final class ResultTable {

    static final String FLOOR = "floor";
    static final String LANGCHAIN4J = "langchain4jDefaultToolExecutor";
    static final String SPRING_AI = "springAiMethodToolCallback";
    private static final List<String> ORDER = List.of(FLOOR, "idemGeneratedDispatch", "idemGeneratedTreeDispatch",
            "idemExecutor", "idemExecutorInRun", "idemExecutorInRunChecked", LANGCHAIN4J, SPRING_AI);

    /** One measured benchmark: class, method, parameters, time (or throughput) and bytes per operation. */
    record Row(String benchmarkClass, String method, String params, int threads, double score, double error,
            String unit, double bytes) {

        String group() {
            return benchmarkClass + (params.isEmpty() ? "" : " " + params);
        }
    }

    private ResultTable() {}

    public static void main(String[] args) throws IOException {
        if (args.length < 2) {
            System.err.println("usage: ResultTable dispatch|series <jmh.json> | threads <t1.json> <t2.json>");
            System.exit(2);
        }
        PrintStream out = System.out;
        switch (args[0]) {
            case "dispatch" -> dispatch(read(Path.of(args[1])), out);
            case "series" -> series(read(Path.of(args[1])), out);
            case "threads" -> threads(read(Path.of(args[1])), read(Path.of(args[2])), out);
            default -> throw new IllegalArgumentException("unknown table " + args[0]);
        }
    }

    static List<Row> read(Path json) throws IOException {
        return parse(Files.readString(json));
    }

    static List<Row> parse(String json) {
        List<Row> rows = new ArrayList<>();
        for (JsonNode result : JsonMapper.builder().build().readTree(json)) {
            String benchmark = result.get("benchmark").stringValue();
            int dot = benchmark.lastIndexOf('.');
            String className = benchmark.substring(benchmark.lastIndexOf('.', dot - 1) + 1, dot);
            StringBuilder params = new StringBuilder();
            JsonNode paramNode = result.get("params");
            if (paramNode != null) {
                for (Map.Entry<String, JsonNode> param : paramNode.properties()) {
                    params.append(params.length() == 0 ? "" : ",").append(param.getKey()).append('=')
                            .append(param.getValue().stringValue());
                }
            }
            JsonNode primary = result.get("primaryMetric");
            double bytes = Double.NaN;
            JsonNode secondary = result.get("secondaryMetrics");
            if (secondary != null) {
                for (Map.Entry<String, JsonNode> metric : secondary.properties()) {
                    if (metric.getKey().endsWith("gc.alloc.rate.norm")) {
                        bytes = metric.getValue().get("score").doubleValue();
                    }
                }
            }
            double error = primary.get("scoreError").isNumber() ? primary.get("scoreError").doubleValue() : Double.NaN;
            rows.add(new Row(className, benchmark.substring(dot + 1), params.toString(), result.get("threads").intValue(),
                    primary.get("score").doubleValue(), error, primary.get("scoreUnit").stringValue(), bytes));
        }
        return rows;
    }

    /** Per class and parameter setting: every path against the floor and against each peer. */
    static void dispatch(List<Row> rows, PrintStream out) {
        for (Map.Entry<String, List<Row>> group : groups(rows).entrySet()) {
            Row floor = find(group.getValue(), FLOOR);
            Row langchain4j = find(group.getValue(), LANGCHAIN4J);
            Row springAi = find(group.getValue(), SPRING_AI);
            out.println();
            out.println("**" + group.getKey() + "**");
            out.println();
            out.println("| benchmark | ns/op | B/op | time vs floor | bytes vs floor | LangChain4j takes | Spring AI takes |"
                    + " bytes vs LangChain4j | bytes vs Spring AI |");
            out.println("|---|---:|---:|---:|---:|---:|---:|---:|---:|");
            for (Row row : group.getValue()) {
                out.printf(Locale.ROOT, "| %s | %s ± %s | %s | %s | %s | %s | %s | %s | %s |%n", row.method(),
                        grouped(row.score()), grouped(row.error()), grouped(row.bytes()),
                        ratio(row.score(), floor == null ? Double.NaN : floor.score()),
                        ratio(row.bytes(), floor == null ? Double.NaN : floor.bytes()),
                        ratio(langchain4j == null ? Double.NaN : langchain4j.score(), row.score()),
                        ratio(springAi == null ? Double.NaN : springAi.score(), row.score()),
                        ratio(row.bytes(), langchain4j == null ? Double.NaN : langchain4j.bytes()),
                        ratio(row.bytes(), springAi == null ? Double.NaN : springAi.bytes()));
            }
        }
    }

    /**
     * The size series, plot-ready: one line per parameter setting, one column per path, first
     * nanoseconds then bytes per operation.
     */
    static void series(List<Row> rows, PrintStream out) {
        Map<String, Map<String, Row>> bySetting = new LinkedHashMap<>();
        List<String> methods = new ArrayList<>();
        for (Row row : sorted(rows)) {
            if (row.params().isEmpty()) {
                continue;
            }
            bySetting.computeIfAbsent(row.params(), p -> new LinkedHashMap<>()).put(row.method(), row);
            if (!methods.contains(row.method())) {
                methods.add(row.method());
            }
        }
        for (String unit : List.of("ns/op", "B/op")) {
            StringBuilder header = new StringBuilder("| ").append(unit).append(" |");
            StringBuilder rule = new StringBuilder("|---|");
            for (String method : methods) {
                header.append(' ').append(method).append(" |");
                rule.append("---:|");
            }
            out.println();
            out.println(header);
            out.println(rule);
            for (Map.Entry<String, Map<String, Row>> setting : bySetting.entrySet()) {
                StringBuilder line = new StringBuilder("| ").append(setting.getKey()).append(" |");
                for (String method : methods) {
                    Row row = setting.getValue().get(method);
                    double value = row == null ? Double.NaN : unit.equals("B/op") ? row.bytes() : row.score();
                    line.append(' ').append(grouped(value)).append(" |");
                }
                out.println(line);
            }
        }
    }

    /** Throughput with more threads against one, per benchmark. */
    static void threads(List<Row> one, List<Row> more, PrintStream out) {
        out.println("| benchmark | 1 thread ops/us | " + (more.isEmpty() ? "?" : more.get(0).threads())
                + " threads ops/us | scaling |");
        out.println("|---|---:|---:|---:|");
        for (Row single : one) {
            for (Row row : more) {
                if (row.group().equals(single.group()) && row.method().equals(single.method())) {
                    out.printf(Locale.ROOT, "| %s%s | %.3f | %.3f | %s |%n", single.method(),
                            single.params().isEmpty() ? "" : " " + single.params(), single.score(), row.score(),
                            ratio(row.score(), single.score()));
                }
            }
        }
    }

    /** Rows in the order of docs/benchmarks.md: the floor, Idem's paths, then the peers; others after them. */
    static List<Row> sorted(List<Row> rows) {
        List<Row> result = new ArrayList<>(rows);
        result.sort(Comparator.comparingInt(row -> {
            int position = ORDER.indexOf(row.method());
            return position < 0 ? ORDER.size() : position;
        }));
        return result;
    }

    private static Map<String, List<Row>> groups(List<Row> rows) {
        Map<String, List<Row>> groups = new LinkedHashMap<>();
        for (Row row : sorted(rows)) {
            groups.computeIfAbsent(row.group(), g -> new ArrayList<>()).add(row);
        }
        return groups;
    }

    private static Row find(List<Row> rows, String method) {
        for (Row row : rows) {
            if (row.method().equals(method)) {
                return row;
            }
        }
        return null;
    }

    static String ratio(double numerator, double denominator) {
        if (Double.isNaN(numerator) || Double.isNaN(denominator) || denominator == 0) {
            return "";
        }
        return String.format(Locale.ROOT, "%.2fx", numerator / denominator);
    }

    private static String grouped(double value) {
        return Double.isNaN(value) ? "" : String.format(Locale.ROOT, "%,d", Math.round(value));
    }
}
