package dev.idem.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;

import dev.idem.ErrorType;
import dev.idem.retry.DispatchPhase;
import dev.idem.llm.ErrorKind;
import dev.idem.llm.failover.FailoverDecision;
import dev.idem.processor.ToolProcessor;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

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
            assertThat(benchmark.idemGeneratedTreeDispatch().stringValue()).isEqualTo(BookingTools.EXPECTED);
            assertThat(benchmark.idemExecutor()).isEqualTo(BookingTools.EXPECTED);
            assertThat(benchmark.idemExecutorInRun()).isEqualTo(BookingTools.EXPECTED);
            assertThat(benchmark.idemExecutorInRunChecked()).isEqualTo(BookingTools.EXPECTED);
            assertThat(benchmark.idemExecutorReplay()).isEqualTo(BookingTools.EXPECTED);
            assertThat(benchmark.langchain4jDefaultToolExecutor()).isEqualTo(BookingTools.EXPECTED);
            // Spring AI sends every result to the model as JSON, so a string arrives quoted.
            assertThat(benchmark.springAiMethodToolCallback()).isEqualTo('"' + BookingTools.EXPECTED + '"');
        }
    }

    @Test
    void everyDispatchPathGivesTheSameAnswerForEveryOrderSize() throws Exception {
        for (int lines : new int[] {1, 8, 64}) {
            OrderDispatchBenchmark benchmark = new OrderDispatchBenchmark();
            benchmark.lines = lines;
            benchmark.setUp();
            String expected = OrderTools.expected(lines);
            for (int run = 0; run < RUNS; run++) {
                assertThat(benchmark.floor()).isEqualTo(expected);
                assertThat(benchmark.idemGeneratedDispatch().stringValue()).isEqualTo(expected);
                assertThat(benchmark.idemExecutor()).isEqualTo(expected);
                assertThat(benchmark.idemExecutorInRun()).isEqualTo(expected);
                assertThat(benchmark.langchain4jDefaultToolExecutor()).isEqualTo(expected);
                assertThat(benchmark.springAiMethodToolCallback()).isEqualTo('"' + expected + '"');
            }
        }
    }

    @Test
    void theWideCallIsAnOrderOfEightLinesOfAboutNineHundredBytes() throws Exception {
        String wide = OrderTools.arguments(8);
        assertThat(wide.getBytes(StandardCharsets.UTF_8).length).isBetween(850, 950);
        JsonNode order = JsonMapper.builder().build().readTree(wide);
        assertThat(order.get("lines").size()).isEqualTo(8);
        assertThat(order.get("shipTo").isObject()).isTrue();
        assertThat(order.get("priority").isString()).isTrue();
        assertThat(order.get("giftWrap").isBoolean()).isTrue();
        // The series differs in line objects only, so cost per byte compares across it.
        ObjectNode rest = ((ObjectNode) order).deepCopy();
        rest.remove("lines");
        for (int lines : new int[] {1, 64}) {
            ObjectNode other = (ObjectNode) JsonMapper.builder().build().readTree(OrderTools.arguments(lines));
            assertThat(other.get("lines").size()).isEqualTo(lines);
            other.remove("lines");
            assertThat(other).isEqualTo(rest);
        }
    }

    @Test
    void aCallCostsTheSameWorkWhateverTheRegistrySize() {
        for (int tools : new int[] {1, 101}) {
            RegistrySizeBenchmark benchmark = new RegistrySizeBenchmark();
            benchmark.tools = tools;
            benchmark.setUp();
            for (int run = 0; run < RUNS; run++) {
                assertThat(benchmark.idemExecutorInRun()).isEqualTo(BookingTools.EXPECTED);
            }
        }
    }

    @Test
    void theProcessorMeasurementsSourcesCompileWithTheProcessorIntoOneDescriptorPerTool(@TempDir Path work)
            throws Exception {
        assertThat(ToolSourceSet.twoHundredTools().tools()).isEqualTo(200);
        // Two classes cover every signature the 200-tool set rotates through; the measurement
        // itself checks all 200 on its first, uncounted run.
        ToolSourceSet set = new ToolSourceSet(2, 8);
        List<Path> sources = set.writeTo(work.resolve("src"));

        Path with = work.resolve("with");
        assertThat(compile(sources, with, true)).as("javac with the processor").isTrue();
        List<String> toolSets = generatedToolSets(with);
        assertThat(toolSets).hasSize(set.classes());
        int descriptors = 0;
        for (String source : toolSets) {
            descriptors += source.split("ToolDescriptor\\.builder\\(", -1).length - 1;
        }
        assertThat(descriptors).isEqualTo(set.tools());

        Path without = work.resolve("without");
        assertThat(compile(sources, without, false)).as("javac without the processor").isTrue();
        assertThat(generatedToolSets(without)).isEmpty();
    }

    @Test
    void theProcessorClassPathHoldsWhatAToolAuthorsBuildHasAndNothingElse() {
        assertThat(ProcessorOverhead.onAuthorsClassPath("dev/idem/Tool.class")).isTrue();
        assertThat(ProcessorOverhead.onAuthorsClassPath("dev/idem/tool/ToolSet.class")).isTrue();
        assertThat(ProcessorOverhead.onAuthorsClassPath("tools/jackson/databind/JsonNode.class")).isTrue();
        assertThat(ProcessorOverhead.onAuthorsClassPath("com/fasterxml/jackson/annotation/JsonProperty.class")).isTrue();
        assertThat(ProcessorOverhead.onAuthorsClassPath("org/slf4j/Logger.class")).isTrue();
        assertThat(ProcessorOverhead.onAuthorsClassPath("dev/idem/benchmarks/OrderTools.class")).isFalse();
        assertThat(ProcessorOverhead.onAuthorsClassPath("dev/idem/processor/ToolProcessor.class")).isFalse();
        assertThat(ProcessorOverhead.onAuthorsClassPath("com/fasterxml/jackson/databind/ObjectMapper.class")).isFalse();
        assertThat(ProcessorOverhead.onAuthorsClassPath("dev/langchain4j/agent/tool/Tool.class")).isFalse();
        assertThat(ProcessorOverhead.median(new long[] {5, 1, 3})).isEqualTo(3);
        assertThat(ProcessorOverhead.median(new long[] {4, 1, 3, 2})).isEqualTo(2);
    }

    private static boolean compile(List<Path> sources, Path out, boolean withProcessor) throws Exception {
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        Files.createDirectories(out.resolve("classes"));
        Files.createDirectories(out.resolve("generated"));
        String classPath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        List<String> options = new ArrayList<>(List.of("-d", out.resolve("classes").toString(),
                "-s", out.resolve("generated").toString(), "-cp", classPath, "-nowarn"));
        if (!withProcessor) {
            options.add("-proc:none");
        }
        StringWriter log = new StringWriter();
        try (StandardJavaFileManager files = javac.getStandardFileManager(null, null, StandardCharsets.UTF_8)) {
            JavaCompiler.CompilationTask task = javac.getTask(log, files, null, options, null,
                    files.getJavaFileObjectsFromPaths(sources));
            if (withProcessor) {
                // Only Idem's processor: the test class path also holds JMH's.
                task.setProcessors(List.of(new ToolProcessor()));
            }
            boolean compiled = task.call();
            assertThat(log.toString()).as("javac output").doesNotContain("error");
            return compiled;
        }
    }

    private static List<String> generatedToolSets(Path out) throws Exception {
        try (Stream<Path> files = Files.walk(out.resolve("generated"))) {
            List<String> sources = new ArrayList<>();
            for (Path file : files.filter(f -> f.getFileName().toString().endsWith("_ToolSet.java")).toList()) {
                sources.add(Files.readString(file));
            }
            return sources;
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
