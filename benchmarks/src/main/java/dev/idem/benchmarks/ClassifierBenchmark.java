package dev.idem.benchmarks;

import dev.idem.ErrorType;
import dev.idem.llm.failover.FailoverContext;
import dev.idem.llm.failover.FailoverDecision;
import dev.idem.llm.failover.FailoverPolicy;
import dev.idem.llm.failover.ModelErrorClassifier;
import dev.idem.llm.failover.ModelFailure;
import dev.idem.llm.ProviderHttpException;
import dev.idem.tool.ToolErrorClassifier;
import java.io.UncheckedIOException;
import java.net.SocketTimeoutException;
import java.util.List;
import java.util.Map;
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

/**
 * Cost of classifying a typical failure and deciding about it. Target: under 1 microsecond for a
 * transport exception (the common case on a flaky network), for model calls
 * ({@link ModelErrorClassifier}, {@link FailoverPolicy}) and tool calls ({@link ToolErrorClassifier}).
 *
 * <pre>{@code
 * java -jar benchmarks/target/benchmarks.jar -prof gc -f 1 -wi 3 -w 1s -i 5 -r 1s Classifier
 * }</pre>
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class ClassifierBenchmark {
    private final ModelErrorClassifier classifier = new ModelErrorClassifier();
    private final FailoverPolicy policy = FailoverPolicy.DEFAULT;
    private final FailoverContext toolTurn = FailoverContext.firstAttempt(true);

    /** A blocking client's read timeout, wrapped as it usually arrives. */
    final Throwable readTimeout = new UncheckedIOException(new SocketTimeoutException("Read timed out"));

    /** An OpenAI 429 with its JSON body and a Retry-After header. */
    final Throwable rateLimited = new ProviderHttpException(429,
            "{\"error\":{\"message\":\"Rate limit reached for gpt-4o on tokens per min (TPM). "
                    + "Please try again in 1.5s.\",\"type\":\"tokens\",\"param\":null,\"code\":\"rate_limit_exceeded\"}}",
            Map.of("Retry-After", List.of("2")));

    @Benchmark
    public ModelFailure classifyReadTimeout() {
        return classifier.classify(readTimeout);
    }

    @Benchmark
    public FailoverDecision classifyAndDecideReadTimeout() {
        return policy.decide(classifier.classify(readTimeout), toolTurn);
    }

    @Benchmark
    public ModelFailure classifyRateLimitedHttpAnswer() {
        return classifier.classify(rateLimited);
    }

    /** A tool body's read timeout, wrapped as a blocking HTTP client throws it. */
    @Benchmark
    public ErrorType classifyToolReadTimeout() {
        return ToolErrorClassifier.classify(readTimeout);
    }
}
