package dev.idem.processor;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.testing.compile.Compilation;
import dev.idem.ErrorType;
import dev.idem.Retry;
import dev.idem.tool.RetryPolicy;
import dev.idem.tool.RetryRule;
import dev.idem.tool.ToolDescriptor;
import dev.idem.tool.ToolFailure;
import java.lang.reflect.Method;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.TimeoutException;
import java.util.stream.Collectors;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * One retry policy, three places: {@code @Retry}'s defaults, {@code RetryPolicy.Builder}'s and
 * the table in docs/writing-tools.md agree; the processor rejects at compile time exactly the values the
 * runtime's {@code RetryPolicy} rejects, naming the same field; and it warns about a
 * {@code retryOn} entry exactly when the runtime's decision table can never retry it.
 */
class RetryPolicyAgreementTest {

    /** {@code @Retry}'s defaults by element name, as {@code RetryPolicy} holds them (arrays as sets). */
    private static Map<String, Object> annotationDefaults() {
        Map<String, Object> defaults = new TreeMap<>();
        for (Method element : Retry.class.getDeclaredMethods()) {
            Object value = element.getDefaultValue();
            defaults.put(element.getName(), value instanceof ErrorType[] types ? EnumSet.copyOf(Arrays.asList(types)) : value);
        }
        return defaults;
    }

    @Test
    void retryAnnotationDefaultsEqualTheRuntimeBuilderDefaults() throws ReflectiveOperationException {
        RetryPolicy built = RetryPolicy.builder().build();
        Map<String, Object> runtime = new TreeMap<>();
        for (RecordComponent component : RetryPolicy.class.getRecordComponents()) {
            runtime.put(component.getName(), component.getAccessor().invoke(built));
        }
        assertThat(annotationDefaults()).isEqualTo(runtime);
        assertThat(RetryPolicy.DEFAULT).isEqualTo(built);
    }

    @Test
    void readmeRetryTableShowsTheAnnotationDefaults() {
        Map<String, String> readme = new TreeMap<>();
        for (String line : DocPage.section("docs/writing-tools.md", "## `@Retry`")) {
            List<String> cells = DocPage.cells(line);
            if (cells.size() == 3 && cells.get(0).matches("`\\w+`")) {
                readme.put(cells.get(0).replace("`", ""), cells.get(1));
            }
        }
        Map<String, String> expected = new TreeMap<>();
        for (Method element : Retry.class.getDeclaredMethods()) {
            Object value = element.getDefaultValue();
            expected.put(element.getName(), value instanceof ErrorType[] types
                    ? Arrays.stream(types).map(Enum::name).collect(Collectors.joining(", "))
                    : String.valueOf(value));
        }
        assertThat(readme).isEqualTo(expected);
    }

    // per field: values on the valid side of its rule, then values on the invalid side (boundaries included)
    private static final String[][] MAX_ATTEMPTS = {{"1", "2", "3", "2147483647"}, {"0", "-1"}};
    private static final String[][] DELAYS = {{"0", "1", "1000", "30000", "30001"}, {"-1"}};
    private static final String[][] FACTORS = {{"1.0", "1.5", "2.0"},
        {"0.999", "0.5", "-1.0", "Double.POSITIVE_INFINITY", "Double.NaN"}};
    private static final String[][] JITTER = {{"0.0", "0.25", "1.0"}, {"-0.1", "1.0001", "Double.NaN"}};

    /** One candidate policy, as written in source and as the runtime gets it. */
    private record Candidate(String maxAttempts, String initialDelayMs, String backoffFactor, String maxDelayMs,
            String jitterFactor) {

        String annotation() {
            return "@Retry(maxAttempts = " + maxAttempts + ", initialDelayMs = " + initialDelayMs + ", backoffFactor = "
                    + backoffFactor + ", maxDelayMs = " + maxDelayMs + ", jitterFactor = " + jitterFactor + ")";
        }

        /** The field the runtime's message names first, or null when it accepts the policy. */
        String runtimeRejection() {
            try {
                new RetryPolicy(Integer.parseInt(maxAttempts), Long.parseLong(initialDelayMs), number(backoffFactor),
                        Long.parseLong(maxDelayMs), false, number(jitterFactor), Set.of());
                return null;
            } catch (IllegalArgumentException rejected) {
                return rejected.getMessage().split(" ")[0];
            }
        }

        private static double number(String literal) {
            return switch (literal) {
                case "Double.NaN" -> Double.NaN;
                case "Double.POSITIVE_INFINITY" -> Double.POSITIVE_INFINITY;
                default -> Double.parseDouble(literal);
            };
        }
    }

    @Test
    void processorRejectsExactlyThePoliciesTheRuntimeRejectsNamingTheSameField() {
        Random random = new Random(20240917L);
        List<Candidate> candidates = new ArrayList<>();
        candidates.add(new Candidate("3", "1000", "2.0", "30000", "0.25"));
        for (int i = 0; i < 150; i++) {
            candidates.add(new Candidate(pick(random, MAX_ATTEMPTS), pick(random, DELAYS), pick(random, FACTORS),
                    pick(random, DELAYS), pick(random, JITTER)));
        }
        List<String> lines = new ArrayList<>(List.of("package test;", "import dev.idem.*;", "/** Tools. */",
                "public class Policies {"));
        int firstLine = lines.size() + 1;
        for (int i = 0; i < candidates.size(); i++) {
            lines.add("/** T. */ @Tool(retryPolicy = " + candidates.get(i).annotation() + ") public int t" + i
                    + "() { return 1; }");
        }
        lines.add("}");
        JavaFileObject source = Compile.source("test.Policies", lines.toArray(new String[0]));
        // javac prints at most 100 errors unless told otherwise
        Compilation compilation = Compile.compile(List.of("-Xmaxerrs", "10000"), source);

        Map<Long, Set<String>> rejectedFields = new TreeMap<>();
        for (var error : compilation.errors()) {
            String message = error.getMessage(null);
            assertThat(message).startsWith("[Idem/InvalidRetryValue] invalid retry policy: ");
            String field = message.substring("[Idem/InvalidRetryValue] invalid retry policy: ".length()).split(" ")[0];
            rejectedFields.computeIfAbsent(error.getLineNumber(), line -> new TreeSet<>()).add(field);
        }
        int rejected = 0;
        for (int i = 0; i < candidates.size(); i++) {
            Candidate candidate = candidates.get(i);
            String runtimeField = candidate.runtimeRejection();
            Set<String> compileFields = rejectedFields.getOrDefault((long) firstLine + i, Set.of());
            if (runtimeField == null) {
                assertThat(compileFields).as(candidate.annotation()).isEmpty();
            } else {
                rejected++;
                assertThat(compileFields).as(candidate.annotation()).contains(runtimeField);
            }
        }
        // the generator must exercise both sides of every rule, not just one
        assertThat(rejected).isBetween(20, candidates.size() - 20);
    }

    /** A valid value most of the time, so that policies with one broken field (and with none) are common. */
    /**
     * Whether the runtime's decision table ({@code RetryRule.decide}) re-runs the body of a tool with
     * these flags for some failure of this type: raised with either retryable verdict (a terminal
     * type is never retryable, whatever the tool says), or, for TIMEOUT, the executor's own
     * wall-clock timeout.
     */
    private static boolean runtimeMayRetry(boolean restartSafe, boolean idempotent, boolean readOnly, ErrorType type) {
        ToolDescriptor tool = ToolDescriptor.builder("t").description("t").inputSchema("{}")
                .restartSafe(restartSafe).idempotent(idempotent).readOnly(readOnly).build();
        RetryPolicy policy = RetryPolicy.builder().maxAttempts(3).retryOn(type).build();
        List<ToolFailure> failures = new ArrayList<>(List.of(
                new ToolFailure(type, false, false, new RuntimeException(), 0L)));
        if (type.isRetryable()) {
            failures.add(new ToolFailure(type, true, false, new RuntimeException(), 0L));
        }
        if (type == ErrorType.TIMEOUT) {
            failures.add(ToolFailure.timedOut(new TimeoutException()));
        }
        for (ToolFailure each : failures) {
            if (RetryRule.decide(tool, policy, each, 1, true).runsAgain()) {
                return true;
            }
        }
        return false;
    }

    @Test
    void unreachableRetryOnWarningsFollowTheRuntimeDecisionTable() {
        record Case(boolean restartSafe, boolean idempotent, boolean readOnly, ErrorType type) {}
        List<Case> cases = new ArrayList<>();
        for (boolean restartSafe : new boolean[] {true, false}) {
            for (boolean idempotent : new boolean[] {true, false}) {
                for (boolean readOnly : new boolean[] {true, false}) {
                    if (readOnly && !restartSafe) {
                        continue; // a compile error of its own (ReadOnlyNotRestartSafe)
                    }
                    for (ErrorType type : ErrorType.values()) {
                        cases.add(new Case(restartSafe, idempotent, readOnly, type));
                    }
                }
            }
        }
        List<String> lines = new ArrayList<>(List.of("package test;", "import dev.idem.*;", "/** Tools. */",
                "public class Flags {"));
        int firstLine = lines.size() + 1;
        for (int i = 0; i < cases.size(); i++) {
            Case c = cases.get(i);
            lines.add("/** T. */ @Tool(restartSafe = " + c.restartSafe() + ", idempotent = " + c.idempotent()
                    + ", readOnly = " + c.readOnly() + ", retryPolicy = @Retry(maxAttempts = 3, retryOn = ErrorType."
                    + c.type() + ")) public int t" + i + "() { return 1; }");
        }
        lines.add("}");
        Compilation compilation = Compile.compile(Compile.source("test.Flags", lines.toArray(new String[0])));
        assertThat(compilation.errors()).isEmpty();
        Map<Long, String> warnings = new TreeMap<>();
        compilation.warnings().forEach(warning -> warnings.merge(warning.getLineNumber(), warning.getMessage(null),
                (a, b) -> a + "\n" + b));
        for (int i = 0; i < cases.size(); i++) {
            Case c = cases.get(i);
            String warning = warnings.getOrDefault((long) firstLine + i, "");
            boolean neverRerun = !c.restartSafe() && !c.idempotent() && !c.readOnly();
            if (runtimeMayRetry(c.restartSafe(), c.idempotent(), c.readOnly(), c.type())) {
                assertThat(warning).as(c.toString()).isEmpty();
            } else if (neverRerun) {
                assertThat(warning).as(c.toString()).startsWith("[Idem/RetryNeverApplies]").doesNotContain("UnreachableRetryOn");
            } else {
                assertThat(warning).as(c.toString()).startsWith("[Idem/UnreachableRetryOn] retryOn " + c.type() + " ");
            }
        }
    }

    private static String pick(Random random, String[][] values) {
        String[] side = values[random.nextDouble() < 0.12 ? 1 : 0];
        return side[random.nextInt(side.length)];
    }
}
