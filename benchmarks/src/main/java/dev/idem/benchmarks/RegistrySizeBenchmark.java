package dev.idem.benchmarks;

import dev.idem.tool.ToolCall;
import dev.idem.tool.ToolExecutor;
import dev.idem.tool.ToolRegistry;
import dev.idem.tool.ToolRun;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The small call through the full executor when the registry holds only the tool called, and when
 * it also holds the hundred tools of {@link HundredTools}: a call should cost the same either way
 * (lookup by name, one breaker per tool, nothing that walks the registry).
 *
 * <pre>{@code
 * java -jar benchmarks/target/benchmarks.jar -prof gc -f 2 -wi 6 -w 2s -i 6 -r 2s RegistrySize
 * }</pre>
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class RegistrySizeBenchmark {

    /** Tools in the registry: the one called, or it and a hundred others. */
    @Param({"1", "101"})
    public int tools;

    private ToolExecutor executor;
    private long tickets;
    private ToolCall call;

    @Setup
    public void setUp() {
        ToolRegistry registry = tools == 1
                ? ToolRegistry.of(BookingTools_ToolSet.of(new BookingTools()))
                : ToolRegistry.of(HundredTools_ToolSet.of(new HundredTools()), BookingTools_ToolSet.of(new BookingTools()));
        if (registry.size() != tools) {
            throw new IllegalStateException("registry holds " + registry.size() + " tools, not " + tools);
        }
        executor = ToolExecutor.builder(registry).build();
        // Every other tool has been called once, so each has its breaker: the map is as full as it gets.
        ToolRun warm = executor.newRun("warm-up");
        for (String name : registry.names()) {
            warm.execute(new ToolCall("warm", name, name.equals("book") ? BookingTools.ARGUMENTS
                    : "{\"query\":\"q\",\"limit\":1}"));
        }
        call = new ToolCall("call_1", "book", BookingTools.ARGUMENTS);
    }

    /** Idem's full path inside a run, as {@link DispatchBenchmark#idemExecutorInRun}. */
    @Benchmark
    public String idemExecutorInRun() {
        return executor.newRun("ticket-" + tickets++).execute(call).textForModel(); // a new intent: run, not replayed
    }
}
