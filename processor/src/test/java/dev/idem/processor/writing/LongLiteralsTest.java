package dev.idem.processor.writing;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class LongLiteralsTest {

    @Test
    void deferredLiteralsAreTheInlineOnesPutInAfterRendering() {
        LongLiterals deferred = LongLiterals.deferred();
        String schema = deferred.of("{\"type\":\"object\"}");
        String description = deferred.of("Books a room \u2028 at \\u0041");
        String rendered = ".inputSchema(" + schema + ", true)\n.description(" + description + ")\n";

        LongLiterals inline = LongLiterals.inline();
        String expected = ".inputSchema(" + inline.of("{\"type\":\"object\"}") + ", true)\n.description("
                + inline.of("Books a room \u2028 at \\u0041") + ")\n";

        assertThat(deferred.substitute(rendered)).isEqualTo(expected);
        assertThat(inline.substitute(expected)).isEqualTo(expected);
    }

    @Test
    void aNulOfTheRenderedTextsOwnMakesTheCallerRenderAgainInline() {
        LongLiterals deferred = LongLiterals.deferred();
        String first = deferred.of("a");
        String second = deferred.of("b");

        assertThat(deferred.substitute("/** \u0000 */ " + first + second)).isNull();
        assertThat(deferred.substitute("/** \u00001\u0000 */ " + first + second)).isNull();
        assertThat(deferred.substitute(first + first + second)).isNull();
        assertThat(deferred.substitute(first)).isNull();
        assertThat(deferred.substitute(first + second + "\u0000")).isNull();
        assertThat(deferred.substitute(second + " " + first)).isEqualTo("\"b\" \"a\"");
    }

    @Test
    void escapingLeavesPlainAsciiAloneAndEscapesTheRestAsBefore() {
        String plain = "class A {\n\tString s = \"\\\\u0041\";\r\n}\n";
        assertThat(SourceText.escape(plain)).isSameAs(plain);
        assertThat(SourceText.escape("a\u2028b")).isEqualTo("a\\u2028b");
        assertThat(SourceText.escape("caf\u00e9 \ud83d\ude00")).isEqualTo("caf\u00e9 \ud83d\ude00");
        // an odd run of backslashes before an escape: the last is written as an escape too
        assertThat(SourceText.escape("x\\\u2028")).isEqualTo("x\\u005c\\u2028");
        assertThat(SourceText.escape("x\\\\\u2028")).isEqualTo("x\\\\\\u2028");
        assertThat(SourceText.escape("\u0007")).isEqualTo("\\u0007");
        assertThat(SourceText.escape("\ud800x")).isEqualTo("\\ud800x");
    }
}
