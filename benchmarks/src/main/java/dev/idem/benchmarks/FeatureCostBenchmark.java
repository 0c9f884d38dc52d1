package dev.idem.benchmarks;

import dev.idem.tool.ToolCall;
import dev.idem.tool.ToolExecutor;
import dev.idem.tool.ToolRegistry;
import dev.idem.tool.exchange.ElicitationAnswer;
import dev.idem.tool.exchange.ElicitationRequest;
import dev.idem.tool.exchange.LogLevel;
import dev.idem.tool.exchange.SamplingAnswer;
import dev.idem.tool.exchange.SamplingRequest;
import dev.idem.tool.exchange.ToolExchange;
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

/**
 * What a feature costs a call that does not use it: {@link DispatchBenchmark#idemExecutorInRun}'s
 * call (the same body, arguments and default in-memory journal) on a tool that names a verifier,
 * on one whose approval condition does not hold, with a client exchange the body never reaches,
 * and on an executor with a listener. Each is read beside {@link #plain} with {@code -prof gc}:
 * a feature a call does not use should add no bytes to it.
 *
 * <pre>{@code
 * java -jar benchmarks/target/benchmarks.jar -prof gc -f 2 -wi 5 -w 1s -i 3 -r 1s 'FeatureCostBenchmark'
 * }</pre>
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(2)
@State(Scope.Thread)
public class FeatureCostBenchmark {

    private ToolExecutor executor;
    private ToolExecutor listened;
    private ToolCall plainCall;
    private ToolCall verifiedCall;
    private ToolCall approvedCall;
    private ToolExchange exchange;
    private long ticket;

    @Setup
    public void setUp() {
        ToolRegistry registry = ToolRegistry.of(BookingTools_ToolSet.of(new BookingTools()),
                FeatureTools_ToolSet.of(new FeatureTools()));
        executor = ToolExecutor.builder(registry).build();
        listened = ToolExecutor.builder(registry).listener((call, tool) -> null).build();
        plainCall = new ToolCall("call_1", "book", BookingTools.ARGUMENTS);
        verifiedCall = new ToolCall("call_1", "bookVerified", BookingTools.ARGUMENTS);
        approvedCall = new ToolCall("call_1", "bookApproved", BookingTools.ARGUMENTS);
        exchange = new QuietExchange();
    }

    /** The call with no feature named: the line the others are read against. */
    @Benchmark
    public String plain() {
        return executor.newRun(nextTicket()).execute(plainCall).textForModel();
    }

    /** A tool that names a verifier, on a call whose outcome is known: the verifier is never asked. */
    @Benchmark
    public String verifierNotAsked() {
        return executor.newRun(nextTicket()).execute(verifiedCall).textForModel();
    }

    /** A tool that requires approval when its condition holds, on a call it does not hold for. */
    @Benchmark
    public String approvalNotNeeded() {
        return executor.newRun(nextTicket()).execute(approvedCall).textForModel();
    }

    /** The plain call from a client whose exchange (log, progress, sampling) the body never reaches. */
    @Benchmark
    public String exchangeNotReached() {
        return executor.newRun(nextTicket()).execute(plainCall, exchange).textForModel();
    }

    /** The plain call on an executor with a listener that observes nothing of it. */
    @Benchmark
    public String listenerThatIgnores() {
        return listened.newRun(nextTicket()).execute(plainCall).textForModel();
    }

    private String nextTicket() {
        return "ticket-" + ticket++;
    }

    /** A client exchange that could log, report progress, sample and elicit. */
    private static final class QuietExchange implements ToolExchange {
        @Override
        public void log(LogLevel level, String message) {}

        @Override
        public void progress(double progress, double total, String message) {}

        @Override
        public boolean canSample() {
            return true;
        }

        @Override
        public SamplingAnswer sample(SamplingRequest request) {
            throw new UnsupportedOperationException("the benchmark's body never samples");
        }

        @Override
        public boolean canElicit() {
            return true;
        }

        @Override
        public ElicitationAnswer elicit(ElicitationRequest request) {
            throw new UnsupportedOperationException("the benchmark's body never elicits");
        }
    }
}
