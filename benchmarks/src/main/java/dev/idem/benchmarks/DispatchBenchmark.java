package dev.idem.benchmarks;

import dev.idem.tool.BoundCall;
import dev.idem.tool.ToolCall;
import dev.idem.tool.ToolContext;
import dev.idem.tool.ToolExecutor;
import dev.idem.tool.ToolRegistry;
import dev.idem.tool.ToolRun;
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
 * One tool call, from the model's argument text to the text the model reads back, on every path:
 * the hand-written floor, Idem's generated binder, Idem's full executor, LangChain4j's
 * {@code DefaultToolExecutor} and Spring AI's {@code MethodToolCallback}. Same method body, same
 * arguments ({@link BookingTools#ARGUMENTS}); each benchmark returns its answer so nothing is
 * optimized away.
 *
 * <pre>{@code
 * java -jar benchmarks/target/benchmarks.jar -prof gc -f 1 -wi 5 -w 2s -i 5 -r 2s Dispatch
 * }</pre>
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class DispatchBenchmark {

    private final String arguments = BookingTools.ARGUMENTS;

    private StreamingFloor floor;
    private JsonMapper mapper;
    private JsonMapper streamMapper;
    private BookingTools_ToolSet toolSet;
    private ToolContext context;
    private ToolExecutor executor;
    private ToolRun run;
    private long tickets;
    private ToolCall call;
    private ToolCall checkedCall;
    private DefaultToolExecutor langchain4j;
    private ToolExecutionRequest langchain4jRequest;
    private ToolCallback springAi;

    @Setup
    public void setUp() throws NoSuchMethodException {
        BookingTools tools = new BookingTools();
        mapper = BenchmarkMappers.plain();
        streamMapper = BenchmarkMappers.stream();
        floor = new StreamingFloor(mapper, tools);
        toolSet = BookingTools_ToolSet.of(tools);
        context = ToolContext.of("call_1", "book", "idem-benchmark");
        executor = ToolExecutor.builder(ToolRegistry.of(toolSet, CheckedBookingTools_ToolSet.of(new CheckedBookingTools())))
                .build();
        call = new ToolCall("call_1", "book", arguments);
        checkedCall = new ToolCall("call_1", "bookChecked", arguments);
        run = executor.newRun("ticket-4711");
        Method book = BookingTools.class.getMethod("book", String.class, int.class, BookingTools.Cabin.class,
                List.class, BookingTools.Passenger.class);
        langchain4j = new DefaultToolExecutor(tools, book);
        langchain4jRequest = ToolExecutionRequest.builder().id("call_1").name("book").arguments(arguments).build();
        springAi = ToolCallbacks.from(tools)[0];
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
        return toolSet.bind("book", mapper.readTree(arguments)).run(context).toCompletableFuture().join();
    }

    /** Idem's generated binder over a tree, as adapters that hold a {@code JsonNode} use it: readTree, bind, run, join. */
    @Benchmark
    public JsonNode idemGeneratedTreeDispatch() throws Exception {
        JsonNode tree = mapper.readTree(arguments);
        return toolSet.bind("book", tree).run(context).toCompletableFuture().join();
    }

    /**
     * Idem's full path: lookup, strict parse, canonical arguments, idempotency key, repetition
     * guard, bind, circuit breaker, retry budget, run, result formatting.
     */
    @Benchmark
    public String idemExecutor() {
        return executor.execute(call).textForModel();
    }

    /**
     * The same full path in a run whose intent id the caller gave (an agent's turn, a ticket):
     * what {@link #idemExecutor} costs without drawing a fresh random intent id per call. A new
     * intent each time: the same call again in one intent would be answered from the executor's
     * journal (a replay), not run.
     */
    @Benchmark
    public String idemExecutorInRun() {
        return executor.newRun(nextTicket()).execute(call).textForModel();
    }

    /**
     * {@link #idemExecutorInRun} on {@code bookChecked}: the same call with a length, a range and
     * an item count to check, still bound in one pass.
     */
    @Benchmark
    public String idemExecutorInRunChecked() {
        return executor.newRun(nextTicket()).execute(checkedCall).textForModel();
    }

    /**
     * The same call re-issued in one intent after its outcome was recorded: answered from the
     * executor's own journal, the body not run.
     */
    @Benchmark
    public String idemExecutorReplay() {
        return run.execute(call).textForModel();
    }

    private String nextTicket() {
        return "ticket-" + tickets++;
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
