package dev.idem.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;

import dev.idem.ErrorType;
import dev.idem.llm.DispatchPhase;
import dev.idem.llm.ErrorKind;
import dev.idem.llm.failover.FailoverDecision;
import org.junit.jupiter.api.Test;

/**
 * The short version of the benchmarks, inside the normal test run: every benchmark method runs a
 * few times and must give the answer its comparison assumes, so a broken benchmark fails the
 * build instead of measuring something else.
 */
class BenchmarksTest {

    private static final int RUNS = 3;

    @Test
    void everyDispatchPathGivesTheSameAnswerForTheSameArguments() throws Exception {
        DispatchBenchmark benchmark = new DispatchBenchmark();
        benchmark.setUp();
        for (int run = 0; run < RUNS; run++) {
            assertThat(benchmark.floor()).isEqualTo(BookingTools.EXPECTED);
            assertThat(benchmark.idemGeneratedDispatch().stringValue()).isEqualTo(BookingTools.EXPECTED);
            assertThat(benchmark.idemExecutor()).isEqualTo(BookingTools.EXPECTED);
            assertThat(benchmark.idemExecutorInRun()).isEqualTo(BookingTools.EXPECTED);
            assertThat(benchmark.langchain4jDefaultToolExecutor()).isEqualTo(BookingTools.EXPECTED);
            // Spring AI sends every result to the model as JSON, so a string arrives quoted.
            assertThat(benchmark.springAiMethodToolCallback()).isEqualTo('"' + BookingTools.EXPECTED + '"');
        }
    }

    @Test
    void everyStartupPathMakesTheSameHundredToolsReady() {
        StartupBenchmark benchmark = new StartupBenchmark();
        for (int run = 0; run < RUNS; run++) {
            assertThat(benchmark.idemRegistry().size()).isEqualTo(100);
            assertThat(benchmark.idemRegistryDiscovered().names()).isEqualTo(benchmark.idemRegistry().names());
            assertThat(benchmark.langchain4jToolSpecifications()).hasSize(100);
            assertThat(benchmark.springAiToolCallbacks()).hasSize(100);
        }
    }

    @Test
    void classifierBenchmarksMeasureTheVerdictsTheyClaim() {
        ClassifierBenchmark benchmark = new ClassifierBenchmark();
        for (int run = 0; run < RUNS; run++) {
            assertThat(benchmark.classifyReadTimeout().kind()).isEqualTo(ErrorKind.IDLE_TIMEOUT);
            assertThat(benchmark.classifyReadTimeout().phase()).isEqualTo(DispatchPhase.MAYBE_PROCESSED);
            // A read timeout on a turn that offers tools may have been processed: never replayed.
            assertThat(benchmark.classifyAndDecideReadTimeout().reason())
                    .isEqualTo(FailoverDecision.Reason.PROVIDER_OUTCOME_UNKNOWN);
            assertThat(benchmark.classifyRateLimitedHttpAnswer().kind()).isEqualTo(ErrorKind.RATE_LIMIT);
            assertThat(benchmark.classifyToolReadTimeout()).isEqualTo(ErrorType.TIMEOUT);
        }
    }
}
