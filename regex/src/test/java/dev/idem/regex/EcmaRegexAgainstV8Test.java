package dev.idem.regex;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
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
 * Unicode versions of the JDK (13 on 17) and of node's ICU (15.1 on node 20) do not matter;
 * patterns this engine refuses as unsupported ({@code Script_Extensions}) are skipped.
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
                    continue; // known: what this engine does not enforce (Script_Extensions)
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

    /** V8's verdict for each pair: "match", "no match" or "syntax error", from one node process. */
    private JsonNode runNode(List<String> patterns, List<String> inputs) throws IOException, InterruptedException {
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
                + " return r.test(s) ? 'match' : 'no match'; })));";
        Process node;
        try {
            node = new ProcessBuilder("node", "-e", script, cases.toString()).redirectErrorStream(true).start();
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
                out.append(String.format("\\u%04x", (int) c));
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
