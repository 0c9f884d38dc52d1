package dev.idem.benchmarks;

import dev.idem.tool.ToolRegistry;
import dev.langchain4j.agent.tool.ToolSpecification;
import dev.langchain4j.agent.tool.ToolSpecifications;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.springframework.ai.support.ToolCallbacks;
import org.springframework.ai.tool.ToolCallback;

/**
 * Making 100 tools ready to offer to a model: Idem builds a registry of generated descriptors
 * (schemas were written at compile time), LangChain4j and Spring AI derive specifications and
 * schemas by reflection. Average time measures the warm cost of doing it again; run with
 * {@code -bm ss -tu ms -f 5 -wi 0 -i 1} for the cold, first-time cost in a fresh JVM (class loading
 * and initialization included).
 *
 * <pre>{@code
 * java -jar benchmarks/target/benchmarks.jar -prof gc -f 1 -wi 3 -w 2s -i 5 -r 2s Startup
 * java -jar benchmarks/target/benchmarks.jar -bm ss -tu ms -f 5 -wi 0 -i 1 Startup
 * }</pre>
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class StartupBenchmark {

    @Benchmark
    public ToolRegistry idemRegistry() {
        return ToolRegistry.of(HundredTools_ToolSet.of(new HundredTools()));
    }

    /** Through {@code ServiceLoader}, as an application that does not name the generated class would. */
    @Benchmark
    public ToolRegistry idemRegistryDiscovered() {
        return ToolRegistry.builder().discover(new HundredTools()).build();
    }

    @Benchmark
    public List<ToolSpecification> langchain4jToolSpecifications() {
        return ToolSpecifications.toolSpecificationsFrom(HundredTools.class);
    }

    @Benchmark
    public ToolCallback[] springAiToolCallbacks() {
        return ToolCallbacks.from(new HundredTools());
    }
}
