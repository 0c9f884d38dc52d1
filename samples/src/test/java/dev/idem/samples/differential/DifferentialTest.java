package dev.idem.samples.differential;

import static org.assertj.core.api.Assertions.assertThat;

import dev.idem.testing.Gen;
import dev.idem.testing.SeededTrials;
import dev.idem.tool.ArgumentBindingException;
import dev.idem.tool.ToolCall;
import dev.idem.tool.ToolDescriptor;
import dev.idem.tool.ToolExecutor;
import dev.idem.tool.ToolRegistry;
import dev.idem.tool.ToolResult;
import dev.idem.tool.ToolSet;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * Binder against schema, with oracles nobody on the project wrote: argument objects generated
 * from each tool's own schema (valid, then mutated once), sent through the executor, and "the
 * body ran" compared with what two independent validators (networknt, dev.harrel; formats
 * asserted) say about the same text. Every disagreement must be one of the validators' own
 * documented departures from JSON Schema 2020-12 ({@link ValidatorErrata}), confirmed case by
 * case; any other fails the test.
 *
 * <p>10,000 cases in the suite; {@code -Didem.tries=100000} for the long run (see the README).
 */
class DifferentialTest {
    private static final Pattern PROBLEM_PATH = Pattern.compile("parameter '([^']*)'");

    private final WideTools tools = new WideTools();
    private final ToolSet toolSet = WideTools_ToolSet.of(tools);
    private final ToolExecutor executor = ToolExecutor.builder(ToolRegistry.of(toolSet)).build();
    private final Oracles oracles = new Oracles();
    private final Map<String, JsonNode> schemas = new LinkedHashMap<>();
    private final Tally tally = new Tally();

    DifferentialTest() {
        for (ToolDescriptor tool : toolSet.descriptors()) {
            schemas.put(tool.name(), Oracles.JSON.readTree(tool.inputSchema()));
            oracles.register(tool.name(), tool.inputSchema());
        }
    }

    @Test
    void theBodyRunsExactlyWhenBothValidatorsAcceptTheArguments() {
        List<String> names = new ArrayList<>(schemas.keySet());
        SeededTrials.run(10_000, gen -> check(gen, gen.pick(names)));
        System.out.println(tally.report());
        tally.unexplained.stream().limit(40).forEach(line -> System.out.println("UNEXPLAINED " + ascii(line)));
        assertThat(tally.unexplained).as("disagreements no documented validator erratum explains").isEmpty();
        assertThat(tally.ran).as("valid argument objects reached the body").isGreaterThan(tally.cases / 5);
        assertThat(tally.cases - tally.ran).as("broken argument objects were refused").isGreaterThan(tally.cases / 5);
    }

    private void check(Gen gen, String tool) {
        JsonNode schema = schemas.get(tool);
        InstanceGenerator generator = new InstanceGenerator(schema, gen);
        JsonNode instance = generator.valid();
        Mutations.Mutation mutation = gen.below(10) < 3 ? null : new Mutations(generator, gen).apply(instance, schema);
        String text = Oracles.JSON.writeValueAsString(instance);
        JsonNode parsed = Oracles.JSON.readTree(text);

        int before = tools.runs.get();
        ToolResult result = executor.execute(new ToolCall("call", tool, text));
        boolean ran = tools.runs.get() > before;
        assertThat(ran).as("a body ran exactly when the call succeeded: %s", result.textForModel()).isEqualTo(result.success());

        Oracles.Verdict networknt = oracles.networknt(tool, parsed);
        Oracles.Verdict harrel = oracles.harrel(tool, parsed);
        tally.count(ran, mutation);
        compare("networknt", networknt, harrel, ran, tool, schema, parsed, text, mutation);
        compare("harrel", harrel, networknt, ran, tool, schema, parsed, text, mutation);
    }

    private void compare(String name, Oracles.Verdict verdict, Oracles.Verdict other, boolean ran, String tool, JsonNode schema,
            JsonNode instance, String text, Mutations.Mutation mutation) {
        if (!verdict.threw() && verdict.valid() == ran) {
            return;
        }
        List<String> idem = idemPointers(tool, instance);
        List<String> pointers = verdict.threw() || !ran ? idem : verdict.pointers();
        ValidatorErrata.Erratum erratum = ValidatorErrata.explain(name, verdict, other, ran, new InstanceGenerator(schema, null),
                schema, instance, pointers, idem);
        String line = name + (verdict.threw() ? " threw " + verdict.thrown().getClass().getSimpleName() : verdict.valid()
                ? " accepted, the body did not run" : " refused, the body ran") + " | " + tool + " "
                + (mutation == null ? "valid" : mutation) + " | " + pointers + " | " + shorten(text);
        if (erratum == null) {
            tally.unexplained.add(line);
        } else {
            tally.explained.merge(erratum.validator() + ": " + erratum.name(), 1, Integer::sum);
        }
    }

    /** The JSON pointers of the problems the binder reports. */
    private List<String> idemPointers(String tool, JsonNode instance) {
        List<String> pointers = new ArrayList<>();
        try {
            toolSet.bind(tool, instance);
        } catch (ArgumentBindingException e) {
            for (String problem : e.problems()) {
                Matcher path = PROBLEM_PATH.matcher(problem);
                if (path.find()) {
                    pointers.add("/" + path.group(1).replaceAll("\\[(\\d+)]", ".$1").replace('.', '/'));
                }
            }
        }
        return pointers;
    }

    /** The text with everything outside printable ASCII escaped, so a log line stays one line. */
    private static String ascii(String text) {
        StringBuilder out = new StringBuilder(text.length());
        for (char c : text.toCharArray()) {
            out.append(c >= 0x20 && c < 0x7F ? String.valueOf(c) : String.format("\\u%04x", (int) c));
        }
        return out.toString();
    }

    private static String shorten(String text) {
        return text.length() > 3000 ? text.substring(0, 2997) + "..." : text;
    }

    /** The run's figures. */
    private static final class Tally {
        int cases;
        int mutated;
        int ran;
        final Map<String, Integer> mutations = new TreeMap<>();
        final Map<String, Integer> explained = new TreeMap<>();
        final List<String> unexplained = new ArrayList<>();

        void count(boolean bodyRan, Mutations.Mutation mutation) {
            cases++;
            if (bodyRan) {
                ran++;
            }
            if (mutation != null) {
                mutated++;
                mutations.merge(mutation.kind(), 1, Integer::sum);
            }
        }

        String report() {
            StringBuilder out = new StringBuilder("Differential test, binder against networknt and dev.harrel (formats asserted):\n");
            out.append(String.format("| argument objects                  | %7d |%n", cases));
            out.append(String.format("|   as generated (valid)            | %7d |%n", cases - mutated));
            out.append(String.format("|   mutated once                    | %7d |%n", mutated));
            mutations.forEach((kind, count) -> out.append(String.format("|     %-29s | %7d |%n", kind, count)));
            out.append(String.format("| body ran                          | %7d |%n", ran));
            out.append(String.format("| refused before the body           | %7d |%n", cases - ran));
            out.append(String.format("| disagreements, unexplained        | %7d |%n", unexplained.size()));
            out.append("| disagreements, a validator's documented erratum:\n");
            explained.forEach((erratum, count) -> out.append(String.format("|   %-60s | %7d |%n", erratum, count)));
            return out.toString();
        }
    }
}
