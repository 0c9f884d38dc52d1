package dev.idem.journal.postgres;

import static org.assertj.core.api.Assertions.assertThat;

import dev.idem.generated.Binding;
import dev.idem.journal.CallIntent;
import dev.idem.journal.CallJournal;
import dev.idem.journal.CallOutcome;
import dev.idem.journal.Claim;
import dev.idem.journal.FileCallJournal;
import dev.idem.journal.JournalSettings;
import dev.idem.tool.BoundCall;
import dev.idem.tool.ToolCall;
import dev.idem.tool.ToolDescriptor;
import dev.idem.tool.ToolExecutor;
import dev.idem.tool.ToolRegistry;
import dev.idem.tool.ToolRun;
import dev.idem.tool.ToolSet;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.nio.file.Path;
import java.sql.Connection;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import javax.sql.DataSource;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.core.JsonParser;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;

/**
 * What the journal costs: latency per side-effecting call through the executor with no journal,
 * the in-memory, the file and the PostgreSQL journal (statements counted), and claims per second
 * with 8 concurrent replicas (each its own journal and connection) on one database. A plain
 * measurement, not JMH: the costs are fsyncs and round trips, milliseconds, far above JIT noise.
 * Off by default; run with
 * <pre>
 * mvn -B -pl journal-postgres -am verify -Dtest=JournalCostBenchmarkTest -Didem.journal.bench=true -Dsurefire.failIfNoSpecifiedTests=false
 * </pre>
 * ({@code -Didem.journal.bench.calls=N}, default 2000; {@code -Didem.journal.bench.seconds=S} per
 * replica run, default 10; add {@code -Didem.journal.postgres.url=...} for an external server).
 */
class JournalCostBenchmarkTest {

    @TempDir
    Path work;

    @Test
    void measure() throws Exception {
        Assumptions.assumeTrue(Boolean.getBoolean("idem.journal.bench"), "set -Didem.journal.bench=true");
        int calls = Integer.getInteger("idem.journal.bench.calls", 2000);
        int seconds = Integer.getInteger("idem.journal.bench.seconds", 10);
        AtomicLong statements = new AtomicLong();
        DataSource counted = counting(TestDatabase.dataSource(), statements);
        PostgresCallJournal postgres = PostgresCallJournal.builder(counted).table(TestDatabase.freshTable("bench")).build();
        postgres.createSchema();

        System.out.println("Journal cost per side-effecting call (" + calls + " calls after " + calls / 4
                + " warm-up, one thread):");
        System.out.println("| journal | mean us | p50 us | p99 us | statements per call |");
        System.out.println("|---|---:|---:|---:|---:|");
        row("none", perCall(null, calls), -1);
        row("in-memory", perCall(CallJournal.inMemory(), calls), -1);
        try (FileCallJournal file = FileCallJournal.builder(work.resolve("file")).open()) {
            row("file (fdatasync per claim and per completion)", perCall(file, calls), -1);
        }
        statements.set(0);
        long[] pg = perCall(postgres, calls);
        row("PostgreSQL (loopback)", pg, statements.get() / (double) (calls + calls / 4));
        statements.set(0);
        long[] tx = perCall(postgres, calls, new TransactionalEffect());
        row("PostgreSQL, transactional tool (claim, body, outcome, one COMMIT)", tx,
                statements.get() / (double) (calls + calls / 4));

        System.out.println();
        System.out.println("Claims per second, 8 replicas (threads, each its own journal and connection), " + seconds + " s:");
        System.out.println("| workload | claims/s | completions/s | WAL flushes per claim |");
        System.out.println("|---|---:|---:|---:|");
        replicas("distinct keys: claim + complete each", 8, seconds, false);
        replicas("same keys: all 8 claim every key (1 owns, 7 see it)", 8, seconds, true);
        replays("re-issued: all 8 claim keys already recorded (each claim a replay)", 8, seconds);
    }

    private static void row(String name, long[] nanos, double statementsPerCall) {
        double mean = Arrays.stream(nanos).average().orElse(0) / 1000;
        long[] sorted = nanos.clone();
        Arrays.sort(sorted);
        System.out.printf("| %s | %.0f | %d | %d | %s |%n", name, mean, sorted[sorted.length / 2] / 1000,
                sorted[(int) (sorted.length * 0.99)] / 1000, statementsPerCall < 0 ? "-" : String.format("%.2f", statementsPerCall));
    }

    /** Nanoseconds of each of {@code calls} executor calls of a trivial side-effecting tool. */
    private static long[] perCall(CallJournal journal, int calls) {
        return perCall(journal, calls, new Effect());
    }

    private static long[] perCall(CallJournal journal, int calls, ToolSet tools) {
        ToolExecutor.Builder builder = ToolExecutor.builder(ToolRegistry.of(tools));
        if (journal != null) {
            builder.journal(JournalSettings.of(journal).withOwner("bench"));
        }
        ToolExecutor executor = builder.build();
        ToolRun run = executor.newRun("bench-" + System.nanoTime());
        for (int i = 0; i < calls / 4; i++) {
            assertThat(run.execute(new ToolCall("w" + i, "pay", "{\"n\":" + (-i - 1) + "}")).success()).isTrue();
        }
        long[] nanos = new long[calls];
        for (int i = 0; i < calls; i++) {
            long start = System.nanoTime();
            boolean ok = run.execute(new ToolCall("c" + i, "pay", "{\"n\":" + i + "}")).success();
            nanos[i] = System.nanoTime() - start;
            assertThat(ok).isTrue();
        }
        return nanos;
    }

    private void replicas(String name, int count, int seconds, boolean sameKeys) throws Exception {
        String table = TestDatabase.freshTable("replicas");
        PostgresCallJournal setup = PostgresCallJournal.builder(TestDatabase.dataSource()).table(table).build();
        setup.createSchema();
        AtomicLong claims = new AtomicLong();
        AtomicLong completions = new AtomicLong();
        CountDownLatch start = new CountDownLatch(1);
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        List<Thread> threads = new ArrayList<>();
        for (int r = 0; r < count; r++) {
            String owner = "replica-" + r;
            // Each replica: its own connection (a pool of one), its own journal object.
            PostgresCallJournal journal = PostgresCallJournal.builder(
                    new ReusingDataSource(TestDatabase.dataSource(TestDatabase.url(), TestDatabase.user(),
                            TestDatabase.password()))).table(table).build();
            Thread thread = new Thread(() -> {
                try {
                    start.await();
                } catch (InterruptedException e) {
                    return;
                }
                long i = 0;
                while (System.nanoTime() < end) {
                    String key = sameKeys ? "k" + i : owner + "-" + i;
                    i++;
                    Claim claim = journal.claim(new CallIntent(key, "bench", "pay", "h"), owner,
                            java.time.Duration.ofSeconds(30), true);
                    claims.incrementAndGet();
                    if (claim instanceof Claim.Owned owned) {
                        journal.complete(key, owned.epoch(), CallOutcome.succeeded("1", 1));
                        completions.incrementAndGet();
                    }
                }
            });
            thread.start();
            threads.add(thread);
        }
        long flushes = walFlushes();
        start.countDown();
        for (Thread thread : threads) {
            thread.join();
        }
        System.out.printf("| %s | %d | %d | %.2f |%n", name, claims.get() / seconds, completions.get() / seconds,
                (walFlushes() - flushes) / (double) claims.get());
    }

    /** Claims of keys recorded before the run: each answer is a replay of the recorded outcome. */
    private void replays(String name, int count, int seconds) throws Exception {
        String table = TestDatabase.freshTable("replays");
        PostgresCallJournal setup = PostgresCallJournal.builder(TestDatabase.dataSource()).table(table).build();
        setup.createSchema();
        int keys = 1000;
        for (int k = 0; k < keys; k++) {
            setup.claim(new CallIntent("k" + k, "bench", "pay", "h"), "setup", java.time.Duration.ofSeconds(30), true);
            setup.complete("k" + k, 1, CallOutcome.succeeded("1", 1));
        }
        AtomicLong replays = new AtomicLong();
        CountDownLatch start = new CountDownLatch(1);
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        List<Thread> threads = new ArrayList<>();
        for (int r = 0; r < count; r++) {
            String owner = "replica-" + r;
            PostgresCallJournal journal = PostgresCallJournal.builder(
                    new ReusingDataSource(TestDatabase.dataSource(TestDatabase.url(), TestDatabase.user(),
                            TestDatabase.password()))).table(table).build();
            int first = r * 97;
            Thread thread = new Thread(() -> {
                try {
                    start.await();
                } catch (InterruptedException e) {
                    return;
                }
                for (long i = first; System.nanoTime() < end; i++) {
                    Claim claim = journal.claim(new CallIntent("k" + i % keys, "bench", "pay", "h"), owner,
                            java.time.Duration.ofSeconds(30), true);
                    assertThat(claim).isInstanceOf(Claim.Recorded.class);
                    replays.incrementAndGet();
                }
            });
            thread.start();
            threads.add(thread);
        }
        long flushes = walFlushes();
        start.countDown();
        for (Thread thread : threads) {
            thread.join();
        }
        System.out.printf("| %s | %d | 0 | %.2f |%n", name, replays.get() / seconds,
                (walFlushes() - flushes) / (double) replays.get());
    }

    /** The server's WAL flushes so far (PostgreSQL 14's {@code pg_stat_wal}): what bounds a journal of durable claims. */
    private static long walFlushes() throws java.sql.SQLException {
        try (Connection connection = TestDatabase.dataSource().getConnection();
                java.sql.Statement statement = connection.createStatement();
                java.sql.ResultSet row = statement.executeQuery("SELECT wal_sync FROM pg_stat_wal")) {
            row.next();
            return row.getLong(1);
        }
    }

    /** A data source whose connections count the statements they prepare or create. */
    private static DataSource counting(DataSource source, AtomicLong statements) {
        return (DataSource) Proxy.newProxyInstance(DataSource.class.getClassLoader(), new Class<?>[] {DataSource.class},
                (proxy, method, args) -> {
                    Object result = invoke(source, method, args);
                    if (method.getName().equals("getConnection")) {
                        Connection real = (Connection) result;
                        return Proxy.newProxyInstance(Connection.class.getClassLoader(), new Class<?>[] {Connection.class},
                                (p, m, a) -> {
                                    if (m.getName().equals("prepareStatement") || m.getName().equals("createStatement")) {
                                        statements.incrementAndGet();
                                    }
                                    return invoke(real, m, a);
                                });
                    }
                    return result;
                });
    }

    private static Object invoke(Object target, java.lang.reflect.Method method, Object[] args) throws Throwable {
        try {
            return method.invoke(target, args);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }

    /** The same tool, transactional: its body takes the transaction's connection and writes nothing. */
    private static final class TransactionalEffect implements ToolSet {
        @Override
        public List<ToolDescriptor> descriptors() {
            return List.of(ToolDescriptor.builder("pay").restartSafe(false).requiredParameters("n").transactional(true)
                    .build());
        }

        @Override
        public BoundCall bind(String toolName, JsonParser parser, long deadlineNanos) {
            Binding.tree(parser);
            return context -> {
                context.connection();
                return CompletableFuture.completedFuture(JsonNodeFactory.instance.objectNode().put("ok", true));
            };
        }
    }

    /** One side-effecting tool whose body does nothing: what is measured is the executor and the journal. */
    private static final class Effect implements ToolSet {
        @Override
        public List<ToolDescriptor> descriptors() {
            return List.of(ToolDescriptor.builder("pay").restartSafe(false).idempotent(true).requiredParameters("n").build());
        }

        @Override
        public BoundCall bind(String toolName, JsonParser parser, long deadlineNanos) {
            Binding.tree(parser); // reads the arguments, which these tools ignore
            return context -> CompletableFuture.completedFuture(JsonNodeFactory.instance.objectNode().put("ok", true));
        }
    }
}
