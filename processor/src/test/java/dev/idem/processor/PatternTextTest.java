package dev.idem.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.testing.compile.Compilation;
import dev.idem.tool.ArgumentBindingException;
import dev.idem.tool.ToolDescriptor;
import dev.idem.tool.ToolSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.JsonNodeFactory;

/**
 * Patterns, descriptions and names reach the generated source, the schema and the resource exactly:
 * lone surrogates, line and paragraph separators, NUL, the byte order mark, quotes and backslashes
 * included (none becomes {@code ?}, none breaks the source).
 */
class PatternTextTest {
    private static final JsonMapper JSON = JsonMapper.builder().build();
    /** The characters that need care, and plain ones around them. */
    private static final char[] TRICKY = {'\uD800', '\uDBFF', '\uDC00', '\uDFFF', '\u2028', '\u2029', '\u0000', '\uFEFF',
            '"', '\\', '\'', '\u0085', '\u007F', '\u001B', '\t', '\n', '\r', 'a', 'Z', '7', '?', '*', '/', '\u00E9'};

    @Test
    void aLoneSurrogateInAPatternIsWrittenExactlyIntoSourceSchemaAndResource() throws Exception {
        check(List.of("a\uD800", "\uDC00b", "\uDBFF", "x\uDFFFy\uD800"), 1);
    }

    @Test
    void separatorsNulByteOrderMarkQuotesAndBackslashesInPatternsAndDescriptionsAreWrittenExactly() throws Exception {
        check(List.of("a\u2028b", "\u2029", "n\u0000n", "\uFEFFbom", "q\"q", "back\\slash", "\\u0041", "\\\uD800",
                "line\nbreak", "ret\rurn"), 2);
    }

    @Test
    void seededStringsOfTrickyCharactersAreWrittenExactly() throws Exception {
        Random random = new Random(20261202L);
        List<String> texts = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            StringBuilder text = new StringBuilder("s");
            for (int n = 1 + random.nextInt(6); n > 0; n--) {
                text.append(TRICKY[random.nextInt(TRICKY.length)]);
            }
            texts.add(text.toString());
        }
        check(texts, 3);
    }

    @Test
    void aLoneSurrogateInAJsonNameIsRefusedOnTheNameValue() {
        Compilation compilation = Compile.compile(Compile.toolsClass("",
                "/** T. */ @Tool public static String t(@Param(name = \"a\\uD800\") String s) { return s; }"));
        assertThat(compilation).hadErrorContaining("[Idem/LoneSurrogateInName] JSON name \"a\\uD800\" holds a lone surrogate \\uD800 at index 1")
                .inFile(compilation.sourceFiles().get(0)).onLine(8);
    }

    /**
     * One tool per text: its parameter's pattern matches exactly the text (as literal characters)
     * and its description is the text. The tool set compiles, the descriptor's schema and the
     * resource hold both exactly, and the binder accepts the text and refuses it with each
     * surrogate turned into {@code ?}.
     */
    private static void check(List<String> texts, int seed) throws Exception {
        List<String> body = new ArrayList<>();
        for (int i = 0; i < texts.size(); i++) {
            body.add("/** T. */ @Tool public static String t" + i + "(@Param(name = " + java("p" + texts.get(i).replaceAll("[\\uD800-\\uDFFF]", ""))
                    + ", pattern = " + java(pattern(texts.get(i))) + ", description = " + java("d" + texts.get(i))
                    + ") String s) { return s; }");
        }
        JavaFileObject source = Compile.toolsClass("", body.toArray(String[]::new));
        Compilation compilation = Compile.compile(source);
        assertThat(compilation).succeededWithoutWarnings();
        ToolSet tools = (ToolSet) Compile.loader(compilation).loadClass("test.Tools_ToolSet").getMethod("of").invoke(null);
        JsonNode resource = JSON.readTree(Compile.generatedText(compilation, JavaFileObject.Kind.OTHER,
                "META-INF/idem/tools/test.Tools.json"));
        for (int i = 0; i < texts.size(); i++) {
            String text = texts.get(i);
            String name = "t" + i;
            ToolDescriptor descriptor = tools.descriptors().stream().filter(d -> d.name().equals(name)).findFirst().orElseThrow();
            JsonNode schema = JSON.readTree(descriptor.inputSchema());
            JsonNode fromResource = resource.get("tools").get(i);
            assertThat(fromResource.get("name").asString()).isEqualTo(name);
            for (JsonNode inputSchema : List.of(schema, fromResource.get("inputSchema"))) {
                JsonNode property = inputSchema.get("properties").get(key(text));
                assertThat(property).as("property %s of %s", escaped(key(text)), name).isNotNull();
                assertThat(escaped(property.get("pattern").asString())).isEqualTo(escaped(pattern(text)));
                assertThat(escaped(property.get("description").asString())).isEqualTo(escaped("d" + text));
            }
            assertThat(escaped(tools.bind(name, arguments(text, text)).run(dev.idem.tool.ToolContext.of("c", name, "k"))
                    .toCompletableFuture().join().asString())).isEqualTo(escaped(text));
            String mangled = text.replaceAll("[\\uD800-\\uDFFF]", "?");
            if (!mangled.equals(text)) {
                assertThatThrownBy(() -> tools.bind(name, arguments(text, mangled))).isInstanceOf(ArgumentBindingException.class);
            }
        }
    }

    /** The arguments {"p<text>": value}. */
    private static JsonNode arguments(String text, String value) {
        return JsonNodeFactory.instance.objectNode().put(key(text), value);
    }

    /** The JSON name of the parameter for {@code text}: JSON readers refuse lone surrogates in keys. */
    private static String key(String text) {
        return "p" + text.replaceAll("[\\uD800-\\uDFFF]", "");
    }

    /** An ECMA-262 pattern matching exactly {@code text}, character by character. */
    static String pattern(String text) {
        StringBuilder out = new StringBuilder("^");
        for (char c : text.toCharArray()) {
            if ("\\^$.|?*+()[]{}/".indexOf(c) >= 0) {
                out.append('\\');
            }
            out.append(c);
        }
        return out.append('$').toString();
    }

    /** A Java string literal for {@code text}: every character outside printable ASCII as a Unicode escape. */
    static String java(String text) {
        StringBuilder out = new StringBuilder("\"");
        for (char c : text.toCharArray()) {
            if (c == '"' || c == '\\') {
                out.append('\\').append(c);
            } else if (c == '\n') {
                out.append("\\n");
            } else if (c == '\r') {
                out.append("\\r");
            } else if (c < 0x20 || c > 0x7E) {
                out.append(String.format("\\u%04X", (int) c));
            } else {
                out.append(c);
            }
        }
        return out.append('"').toString();
    }

    /** Readable failure messages: the text with its code units spelled out. */
    static String escaped(String text) {
        return java(text);
    }
}
