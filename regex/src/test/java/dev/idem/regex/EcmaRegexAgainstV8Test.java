package dev.idem.regex;

import static org.assertj.core.api.Assertions.assertThat;

import com.ibm.icu.lang.UCharacter;
import com.ibm.icu.lang.UProperty;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The engine against V8's {@code RegExp} with the {@code u} flag (through {@code node}, when it is on
 * the machine): seeded patterns and inputs, all evaluated in one node process. Syntax verdicts and
 * match results must agree. Inputs use characters assigned long before Unicode 13 only, so the
 * Unicode versions of the engine (16.0) and of node's ICU (17.0 on node 20.20) do not matter;
 * patterns this engine refuses as unsupported are skipped. The property escapes are compared apart,
 * on every name and alias.
 */
class EcmaRegexAgainstV8Test {
    private static final String[] ATOMS = {"a", "b", "Z", "0", "7", " ", "\\d", "\\D", "\\w", "\\W", "\\s", "\\S", ".",
            "\\p{L}", "\\p{Lu}", "\\P{Ll}", "\\p{Nd}", "\\p{Script=Greek}", "\\p{sc=Latin}", "\\p{General_Category=Punctuation}",
            "[a-c]", "[^a-c]", "[\\d\\s]", "[^\\w]", "[]", "[^]", "\\u{1F600}", "😀", "\\u00e9", "é", "α", "Ω", "\\n", "\\x41",
            "\\cJ", "\\b", "\\B", "^", "$", "\\-", "\\.", "\\/", "[\\-a]", "\\u2028", "\\0"};
    private static final String[] QUANTIFIERS = {"", "", "", "*", "+", "?", "{2}", "{1,3}", "{2,}", "*?", "+?", "??"};
    private static final String[] INPUT_CHARS = {"a", "b", "c", "Z", "0", "7", " ", "\n", "\r", "\u2028", "é", "α", "Ω", "😀",
            "-", ".", "/", "_", "A", "\t", "!", "\uD800", "\uDC00"};

    @TempDir
    Path dir;

    @Test
    void theEngineAgreesWithV8OnSyntaxAndMatches() throws Exception {
        Random random = new Random(262L);
        List<String> patterns = new ArrayList<>();
        List<String> inputs = new ArrayList<>();
        for (int i = 0; i < 1500; i++) {
            patterns.add(pattern(random, 0));
            StringBuilder input = new StringBuilder();
            for (int n = random.nextInt(8); n > 0; n--) {
                input.append(INPUT_CHARS[random.nextInt(INPUT_CHARS.length)]);
            }
            inputs.add(input.toString());
        }
        JsonNode v8 = runNode(patterns, inputs);
        List<String> disagreements = new ArrayList<>();
        int compared = 0;
        for (int i = 0; i < patterns.size(); i++) {
            String verdict;
            try {
                verdict = EcmaRegex.compile(patterns.get(i)).find(inputs.get(i)) ? "match" : "no match";
            } catch (RegexSyntaxException refused) {
                if (refused.unsupported()) {
                    continue; // known: what this engine does not enforce (modifiers, huge counts)
                }
                verdict = "syntax error";
            }
            compared++;
            if (!verdict.equals(v8.get(i).asString())) {
                disagreements.add(ascii(patterns.get(i)) + " on " + ascii(inputs.get(i)) + ": engine " + verdict + ", V8 "
                        + v8.get(i).asString());
            }
        }
        assertThat(compared).isGreaterThan(1000);
        assertThat(disagreements).as("cases where the engine and V8 differ").isEmpty();
    }

    /**
     * Properties whose values a later Unicode version changed for characters 16.0 already had, by
     * the version that changed them: V8 answers them by node's Unicode version, so these are compared
     * on their names only. (17.0 added modifier letters to Diacritic and took symbols such as the
     * chess pieces out of Extended_Pictographic.)
     */
    private static final Map<String, Set<String>> CHANGED_AFTER_16 = Map.of(
            "17.0", Set.of("Diacritic", "Extended_Pictographic"));

    /** A {@code \\p{...}} expression, the property it asks about, whether its code points are compared. */
    private record Probe(String expression, String property, boolean members) {}

    /**
     * Every {@code \\p{...}} name and alias the engine knows, and near misses, are accepted or refused
     * as V8 does; the code points of every value agree on seeded code points that both Unicode
     * versions (the engine's 16.0, node's ICU may be newer) assign, except for the properties a
     * later version changed ({@link #CHANGED_AFTER_16}).
     */
    @Test
    void thePropertyEscapesAgreeWithV8OnWhatBothUnicodeVersionsAssign() throws Exception {
        String nodeUnicode = nodeUnicodeVersion();
        Set<String> changed = new HashSet<>();
        if (!nodeUnicode.equals(UnicodeTables.UNICODE_VERSION)) {
            assertThat(CHANGED_AFTER_16).as("the properties Unicode " + nodeUnicode + " changed: list them")
                    .containsKey(nodeUnicode);
            CHANGED_AFTER_16.forEach((version, properties) -> {
                if (Double.parseDouble(version) <= Double.parseDouble(nodeUnicode)) {
                    changed.addAll(properties);
                }
            });
        }
        List<Probe> probes = propertyProbes();
        Random random = new Random(160L);
        StringBuilder sample = new StringBuilder();
        for (int i = 0; i < 4000; i++) {
            int bound = i % 10 < 6 ? 0x10000 : i % 10 < 9 ? 0x20000 : 0x110000;
            int cp = random.nextInt(bound);
            sample.appendCodePoint(cp >= 0xD800 && cp <= 0xDFFF ? cp + 0x800 : cp); // lone surrogates do not survive JSON
        }
        String codePoints = sample.toString();
        List<String> patterns = new ArrayList<>();
        List<String> inputs = new ArrayList<>();
        for (Probe probe : probes) {
            patterns.add("\\p{" + probe.expression() + "}");
            inputs.add(probe.members() ? "*" : ""); // "*": the sample, written once (the last case's input)
        }
        patterns.add("\\p{Assigned}");
        inputs.add(codePoints);
        JsonNode v8 = runNode(patterns, inputs, "members");
        String v8Assigned = v8.get(probes.size()).asString();
        CodePointSet assigned = UnicodeProperties.resolve("Assigned");
        List<String> disagreements = new ArrayList<>();
        int[] cps = codePoints.codePoints().toArray();
        long compared = 0;
        for (int e = 0; e < probes.size(); e++) {
            Probe probe = probes.get(e);
            String verdict = v8.get(e).asString();
            CodePointSet set;
            try {
                set = UnicodeProperties.resolve(probe.expression());
            } catch (IllegalArgumentException refused) {
                if (!verdict.equals("syntax error")) {
                    disagreements.add("\\p{" + probe.expression() + "}: engine refuses, V8 accepts");
                }
                continue;
            }
            if (verdict.equals("syntax error")) {
                disagreements.add("\\p{" + probe.expression() + "}: engine accepts, V8 refuses");
                continue;
            }
            if (!probe.members() || changed.contains(probe.property())) {
                continue;
            }
            for (int i = 0; i < cps.length; i++) {
                if (assigned.contains(cps[i]) && v8Assigned.charAt(i) == '1') {
                    compared++;
                    if (set.contains(cps[i]) != (verdict.charAt(i) == '1')) {
                        disagreements.add(String.format("\\p{%s} on U+%04X: engine %s, V8 (Unicode %s) %s",
                                probe.expression(), cps[i], set.contains(cps[i]), nodeUnicode, !set.contains(cps[i])));
                    }
                }
            }
        }
        System.out.printf("compared %,d property expressions with V8 (Unicode %s), %,d code point answers%n",
                probes.size(), nodeUnicode, compared);
        assertThat(compared).isGreaterThan(500_000);
        assertThat(disagreements).as("property escapes where the engine and V8 differ").isEmpty();
    }

    /**
     * Every alias of every value ICU 76 names (ISO 15924 codes too, which ECMA-262 refuses), with the
     * code points of one alias per value compared, and near misses.
     */
    private static List<Probe> propertyProbes() {
        List<Probe> out = new ArrayList<>();
        for (List<String> names : UnicodeTablesGenerator.categories().keySet()) {
            for (String name : names) {
                boolean first = name.equals(names.get(0));
                out.add(new Probe(name, "gc", first));
                out.add(new Probe("gc=" + name, "gc", false));
                out.add(new Probe("General_Category=" + name, "gc", false));
            }
        }
        for (int script = 0; script <= UCharacter.getIntPropertyMaxValue(UProperty.SCRIPT); script++) {
            List<String> names = UnicodeTablesGenerator.names(UProperty.SCRIPT, script);
            for (String name : names) {
                boolean first = name.equals(names.get(0));
                out.add(new Probe("sc=" + name, "sc", first));
                out.add(new Probe("Script=" + name, "sc", false));
                out.add(new Probe("scx=" + name, "scx", first));
                out.add(new Probe("Script_Extensions=" + name, "scx", false));
            }
        }
        for (String binary : UnicodeTablesGenerator.BINARY) {
            List<String> names = UnicodeTablesGenerator.names(UCharacter.getPropertyEnum(binary));
            for (String name : names) {
                out.add(new Probe(name, binary, name.equals(names.get(0))));
            }
        }
        for (String name : List.of("Any", "ASCII", "Assigned")) {
            out.add(new Probe(name, name, true));
        }
        for (String name : List.of("L&", "lu", "Script=latin", "Latin", "White_Space=Yes", "Emoji=Yes", "RGI_Emoji",
                "Basic_Emoji", "ID_Compat_Math_Start", "InCB", "IDS_Unary_Operator", "Modifier_Combining_Mark",
                "Line_Break=AL", "Block=Basic_Latin", "InBasicLatin", "IsLatin", "Alnum", "Word", "Print", "Graph",
                "Blank", "XDigit", "Full_Composition_Exclusion", "Hyphen", "Other_Math", "Script=Hrkt", "Script=Latf")) {
            out.add(new Probe(name, name, false));
        }
        return out;
    }

    private static String nodeUnicodeVersion() throws IOException, InterruptedException {
        Process node;
        try {
            node = new ProcessBuilder("node", "-p", "process.versions.unicode").redirectErrorStream(true).start();
        } catch (IOException noNode) {
            Assumptions.abort("node is not on this machine, so the engine is not compared with V8: " + noNode.getMessage());
            throw noNode;
        }
        String version = new String(node.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
        assertThat(node.waitFor(60, TimeUnit.SECONDS)).isTrue();
        return version;
    }

    /** V8's verdict for each pair: "match", "no match" or "syntax error", from one node process. */
    private JsonNode runNode(List<String> patterns, List<String> inputs) throws IOException, InterruptedException {
        return runNode(patterns, inputs, "test");
    }

    /**
     * V8's verdict for each pair, from one node process: "syntax error", or for {@code test} "match" or
     * "no match", for {@code members} one digit per code point of the input: 1 when the whole code point
     * matches.
     */
    private JsonNode runNode(List<String> patterns, List<String> inputs, String mode)
            throws IOException, InterruptedException {
        Path cases = dir.resolve("cases.json");
        StringBuilder json = new StringBuilder("[");
        for (int i = 0; i < patterns.size(); i++) {
            json.append(i == 0 ? "" : ",").append("[").append(jsonString(patterns.get(i))).append(",")
                    .append(jsonString(inputs.get(i))).append("]");
        }
        Files.writeString(cases, json.append("]"), StandardCharsets.US_ASCII);
        String script = "const cases = JSON.parse(require('fs').readFileSync(process.argv[1], 'ascii'));"
                + "console.log(JSON.stringify(cases.map(([p, s]) => { let r;"
                + " try { r = new RegExp(p, 'u'); } catch (e) { return 'syntax error'; }"
                + " if (process.argv[2] === 'members') { r = new RegExp('^(?:' + p + ')$', 'u');"
                + "  return Array.from(s === '*' ? cases[cases.length - 1][1] : s, c => r.test(c) ? '1' : '0').join(''); }"
                + " return r.test(s) ? 'match' : 'no match'; })));";
        Process node;
        try {
            node = new ProcessBuilder("node", "-e", script, cases.toString(), mode).redirectErrorStream(true).start();
        } catch (IOException noNode) {
            Assumptions.abort("node is not on this machine, so the engine is not compared with V8: " + noNode.getMessage());
            throw noNode;
        }
        byte[] out = node.getInputStream().readAllBytes();
        assertThat(node.waitFor(60, TimeUnit.SECONDS)).isTrue();
        String text = new String(out, StandardCharsets.UTF_8);
        assertThat(node.exitValue()).as(text).isZero();
        JsonNode results = JsonMapper.builder().build().readTree(text);
        assertThat(results.size()).isEqualTo(patterns.size());
        return results;
    }

    private static String pattern(Random random, int depth) {
        StringBuilder out = new StringBuilder();
        for (int n = 1 + random.nextInt(3); n > 0; n--) {
            int kind = random.nextInt(depth < 2 ? 9 : 6);
            String atom = switch (kind) {
                case 6 -> "(" + pattern(random, depth + 1) + ")";
                case 7 -> List.of("(?:", "(?=", "(?!", "(?<=", "(?<!", "(?<n>").get(random.nextInt(6)) + pattern(random, depth + 1) + ")";
                case 8 -> pattern(random, depth + 1) + "|" + pattern(random, depth + 1);
                default -> ATOMS[random.nextInt(ATOMS.length)];
            };
            out.append(atom).append(QUANTIFIERS[random.nextInt(QUANTIFIERS.length)]);
        }
        return out.toString();
    }

    /** JSON text in ASCII: every other character as an escape, lone surrogates included. */
    private static String jsonString(String text) {
        StringBuilder out = new StringBuilder("\"");
        for (char c : text.toCharArray()) {
            if (c == '"' || c == '\\') {
                out.append('\\').append(c);
            } else if (c < 0x20 || c > 0x7E) {
                out.append("\\u").append(Integer.toHexString(0x10000 | c), 1, 5);
            } else {
                out.append(c);
            }
        }
        return out.append('"').toString();
    }

    private static String ascii(String text) {
        return jsonString(text);
    }
}
