package dev.idem.config;

import static org.assertj.core.api.Assertions.assertThat;

import dev.idem.testing.Gen;
import dev.idem.testing.SeededTrials;
import dev.idem.tool.EffectivePolicy;
import dev.idem.tool.ToolCall;
import dev.idem.tool.ToolDescriptor;
import dev.idem.tool.ToolExecutor;
import dev.idem.tool.ToolRegistry;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Whatever a configuration file says (the same key twice, nested and dotted spellings, a byte
 * order mark, keys in the wrong case, white space), a compiled safety flag is never loosened and a
 * tightening is never lost: the build fails naming the file, or the tightening holds and the tool
 * runs once.
 */
class SafetyFlagsOnlyTightenTest {

    private static final String TIGHTEN = "idem.tool.notify.restart-safe";

    /** Keys a file may also carry: less specific keys, loosening attempts, other tools' flags. */
    private static final List<String> NOISE = List.of("idem.tools.restart-safe", "idem.toolset.Payments.restart-safe",
            "idem.tool.pay.restart-safe", "idem.tool.pay.idempotent", "idem.tools.read-only",
            "idem.tool.lookup.read-only", "idem.tool.lookup.restart-safe", "idem.tools.idempotent",
            "idem.tool.notify.retry.max-attempts");

    @TempDir
    Path dir;

    @Test
    void noConfigurationTextLoosensACompiledSafetyFlagOrLosesATighteningTheToolThenRunsOnce() {
        SeededTrials.run(300, gen -> {
            List<String[]> entries = entries(gen);
            boolean json = gen.bool();
            String text = (gen.oneIn(3) ? "\uFEFF" : "") + (json ? json(gen, entries) : properties(gen, entries));
            Payments_ToolSet payments = new Payments_ToolSet();
            PolicyConfiguration configuration;
            String label;
            if (!json && gen.oneIn(3)) {
                Path root = Files.createDirectories(dir.resolve("classpath-" + gen.seed()));
                Files.writeString(root.resolve(PolicyConfiguration.CLASSPATH_RESOURCE), text, StandardCharsets.UTF_8);
                configuration = PolicyConfiguration.none()
                        .withClassLoader(new URLClassLoader(new URL[] {root.toUri().toURL()}, null));
                label = "classpath idem.properties";
            } else {
                Path file = Files.writeString(dir.resolve(gen.seed() + (json ? ".json" : ".properties")), text,
                        StandardCharsets.UTF_8);
                configuration = gen.bool() ? PolicyConfiguration.none().withFile(file)
                        : PolicyConfiguration.none().withSystemProperties(Map.of("idem.config.file", file.toString()));
                label = "file " + file;
            }
            ToolExecutor executor;
            try {
                executor = ToolExecutor.builder(ToolRegistry.of(payments))
                        .sleeper(millis -> CompletableFuture.completedFuture(null))
                        .policyOverrides(configuration)
                        .build();
            } catch (PolicyConfigurationException refused) {
                assertThat(refused.problems()).as(text).isNotEmpty()
                        .allSatisfy(problem -> assertThat(problem).contains(label));
                return;
            }
            EffectivePolicy notify = executor.effectivePolicies().tool("notify");
            assertThat(notify.descriptor().restartSafe()).as("the tightening holds in\n" + text).isFalse();
            for (ToolDescriptor compiled : payments.descriptors()) {
                ToolDescriptor effective = executor.effectivePolicies().tool(compiled.name()).descriptor();
                assertThat(!effective.restartSafe() || compiled.restartSafe()).as(text).isTrue();
                assertThat(!effective.idempotent() || compiled.idempotent()).as(text).isTrue();
                assertThat(!effective.readOnly() || compiled.readOnly()).as(text).isTrue();
            }
            executor.execute(new ToolCall("c1", "notify", "{}"));
            assertThat(payments.runs("notify")).as(text).isEqualTo(1);
        });
    }

    /** The tightening once or more, in any spelling, among noise; {key, value} pairs in file order. */
    private static List<String[]> entries(Gen gen) {
        List<String[]> entries = new ArrayList<>();
        entries.add(new String[] {TIGHTEN, falseText(gen)});
        int more = gen.between(0, 6);
        for (int i = 0; i < more; i++) {
            String key = gen.weighted(3, (Supplier<String>) () -> TIGHTEN,
                    4, (Supplier<String>) () -> gen.pick(NOISE));
            if (gen.oneIn(4)) {
                key = mixedCase(gen, key);
            }
            String value = key.endsWith("max-attempts") ? gen.pick("1", "3", "5") : gen.bool() ? falseText(gen)
                    : gen.pick("true", "TRUE", " True ");
            entries.add(gen.below(entries.size() + 1), new String[] {key, value});
        }
        return entries;
    }

    private static String falseText(Gen gen) {
        return gen.pick("false", "FALSE", "False", " false", "false\t");
    }

    private static String mixedCase(Gen gen, String key) {
        StringBuilder mixed = new StringBuilder(key);
        int at = gen.below(key.length());
        mixed.setCharAt(at, Character.isUpperCase(key.charAt(at)) ? Character.toLowerCase(key.charAt(at))
                : Character.toUpperCase(key.charAt(at)));
        return mixed.toString().equals(key) ? key.toUpperCase(Locale.ROOT) : mixed.toString();
    }

    private static String properties(Gen gen, List<String[]> entries) {
        StringBuilder text = new StringBuilder();
        String newline = gen.pick("\n", "\r\n");
        for (String[] entry : entries) {
            if (gen.oneIn(5)) {
                text.append(gen.pick("# a comment", "! a comment", "", "   ")).append(newline);
            }
            text.append(gen.pick("", " ", "\t")).append(entry[0]).append(gen.pick("=", " = ", ":", " ", "\t=\t"))
                    .append(entry[1].strip()).append(gen.pick("", " ", "\t")).append(newline);
        }
        return text.toString();
    }

    /** JSON with each key split into nested objects at random points; repeated paths are written twice. */
    private static String json(Gen gen, List<String[]> entries) {
        Map<String, List<Object>> root = new LinkedHashMap<>();
        for (String[] entry : entries) {
            String[] parts = entry[0].split("\\.");
            List<String> segments = new ArrayList<>();
            StringBuilder segment = new StringBuilder(parts[0]);
            for (int i = 1; i < parts.length; i++) {
                if (gen.bool()) {
                    segments.add(segment.toString());
                    segment.setLength(0);
                } else {
                    segment.append('.');
                }
                segment.append(parts[i]);
            }
            segments.add(segment.toString());
            Map<String, List<Object>> node = root;
            for (int i = 0; i < segments.size() - 1; i++) {
                List<Object> values = node.computeIfAbsent(segments.get(i), k -> new ArrayList<>());
                Object last = values.isEmpty() ? null : values.get(values.size() - 1);
                if (!(last instanceof Map)) {
                    last = new LinkedHashMap<String, List<Object>>();
                    values.add(last);
                }
                @SuppressWarnings("unchecked")
                Map<String, List<Object>> child = (Map<String, List<Object>>) last;
                node = child;
            }
            String value = entry[1];
            node.computeIfAbsent(segments.get(segments.size() - 1), k -> new ArrayList<>())
                    .add(value.strip().matches("\\d+|true|false") && gen.bool() ? value.strip() : "\"" + value + "\"");
        }
        return render(root, gen.pick("", " ", "\n  "));
    }

    private static String render(Map<String, List<Object>> node, String space) {
        StringBuilder text = new StringBuilder("{");
        node.forEach((name, values) -> {
            for (Object value : values) {
                if (text.length() > 1) {
                    text.append(',');
                }
                @SuppressWarnings("unchecked")
                String rendered = value instanceof Map ? render((Map<String, List<Object>>) value, space) : (String) value;
                text.append(space).append('"').append(name).append("\":").append(space).append(rendered);
            }
        });
        return text.append(space).append('}').toString();
    }
}
