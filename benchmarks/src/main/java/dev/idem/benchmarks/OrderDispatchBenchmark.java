package dev.idem.benchmarks;

import dev.idem.tool.BoundCall;
import dev.idem.tool.ToolCall;
import dev.idem.tool.ToolContext;
import dev.idem.tool.ToolExecutor;
import dev.idem.tool.ToolRegistry;
import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.service.tool.DefaultToolExecutor;
import java.lang.reflect.Method;
import java.util.List;
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
import org.springframework.ai.support.ToolCallbacks;
import org.springframework.ai.tool.ToolCallback;
import tools.jackson.core.JsonParser;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The wide call and the size series: {@link OrderTools#placeOrder} with 1, 8 (the wide call,
 * about 900 bytes) and 64 line objects, on every path side by side, as {@link DispatchBenchmark}
 * does for the small call. The series shows how each path's cost grows with the size of the
 * arguments.
 *
 * <pre>{@code
 * java -jar benchmarks/target/benchmarks.jar -prof gc -f 2 -wi 6 -w 2s -i 6 -r 2s OrderDispatch
 * java -jar benchmarks/target/benchmarks.jar -prof gc -p lines=8 OrderDispatch   # the wide call only
 * }</pre>
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class OrderDispatchBenchmark {

    /** Line objects in the order: 8 is the wide call. */
    @Param({"1", "8", "64"})
    public int lines;

    private String arguments;
    private OrderStreamingFloor floor;
    private JsonMapper streamMapper;
    private OrderTools_ToolSet toolSet;
    private ToolContext context;
    private ToolExecutor executor;
    private long tickets;
    private ToolCall call;
    private DefaultToolExecutor langchain4j;
    private ToolExecutionRequest langchain4jRequest;
    private ToolCallback springAi;

    @Setup
    public void setUp() throws NoSuchMethodException {
        arguments = OrderTools.arguments(lines);
        OrderTools tools = new OrderTools();
        streamMapper = BenchmarkMappers.stream();
        floor = new OrderStreamingFloor(BenchmarkMappers.plain(), tools);
        toolSet = OrderTools_ToolSet.of(tools);
        context = ToolContext.of("call_1", "placeOrder", "idem-benchmark");
        executor = ToolExecutor.builder(ToolRegistry.of(toolSet)).build();
        call = new ToolCall("call_1", "placeOrder", arguments);
        Method placeOrder = OrderTools.class.getMethod("placeOrder", String.class, List.class,
                OrderTools.Address.class, OrderTools.Priority.class, boolean.class);
        langchain4j = new DefaultToolExecutor(tools, placeOrder);
        langchain4jRequest = ToolExecutionRequest.builder().id("call_1").name("placeOrder").arguments(arguments).build();
        springAi = ToolCallbacks.from(tools)[0];
    }

    /** The argument text this setting dispatches. */
    String arguments() {
        return arguments;
    }

    /** Hand-written Jackson streaming parse and a direct call: no framework can do less. */
    @Benchmark
    public String floor() {
        return floor.dispatch(arguments);
    }

    /**
     * Idem's generated binder as the executor uses it: the text read into a tree once (strict), the
     * tool's shape bound over it, run, join.
     */
    @Benchmark
    public JsonNode idemGeneratedDispatch() throws Exception {
        return toolSet.bind("placeOrder", streamMapper.readTree(arguments)).run(context).toCompletableFuture().join();
    }

    /** Idem's full path, in a fresh run per call. */
    @Benchmark
    public String idemExecutor() {
        return executor.execute(call).textForModel();
    }

    /** Idem's full path inside a run whose intent id the caller gave. */
    @Benchmark
    public String idemExecutorInRun() {
        return executor.newRun("ticket-" + tickets++).execute(call).textForModel(); // a new intent: run, not replayed
    }

    /** LangChain4j 1.19.0: reflective argument conversion (Jackson 2) and {@code Method.invoke}. */
    @Benchmark
    public String langchain4jDefaultToolExecutor() {
        return langchain4j.execute(langchain4jRequest, "memory-1");
    }

    /** Spring AI 2.0.1: JSON to map, reflective conversion and invocation, JSON result. */
    @Benchmark
    public String springAiMethodToolCallback() {
        return springAi.call(arguments);
    }
}
