package dev.idem.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.testing.compile.Compilation;
import dev.idem.ErrorType;
import dev.idem.tool.ArgumentBindingException;
import dev.idem.tool.ToolCall;
import dev.idem.tool.ToolExecutor;
import dev.idem.tool.ToolRegistry;
import dev.idem.tool.ToolResult;
import dev.idem.tool.ToolSet;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

/**
 * A record whose constructor refuses the values is the arguments' fault, which the model can fix:
 * INVALID_ARGUMENTS naming the parameter and the record's own message, not a programming error
 * that tells the model never to call the tool again.
 */
class ConstructorRefusalTest {

    @Test
    void aRecordThatRefusesItsValuesIsInvalidArgumentsNamingWhereAndWhy() throws Exception {
        Compilation compilation = Compile.compile(Compile.source("test.Calendar",
                "package test;",
                "import dev.idem.Tool;",
                "public class Calendar {",
                "    /** A range of days. @param from first @param to last */",
                "    public record Range(int from, int to) {",
                "        public Range {",
                "            if (from > to) throw new IllegalArgumentException(\"from must not be after to\");",
                "        }",
                "    }",
                "    /** Books a range. @param range the days */",
                "    @Tool public String book(Range range) { return range.from() + \"..\" + range.to(); }",
                "}"));
        assertThat(compilation).succeeded();
        ClassLoader loader = Compile.loader(compilation);
        Class<?> calendar = loader.loadClass("test.Calendar");
        ToolSet tools = (ToolSet) loader.loadClass("test.Calendar_ToolSet").getMethod("of", calendar)
                .invoke(null, calendar.getConstructor().newInstance());
        ToolExecutor executor = ToolExecutor.builder(ToolRegistry.of(tools)).build();

        ToolResult refused = executor.execute(new ToolCall("c1", "book", "{\"range\":{\"from\":5,\"to\":2}}"));
        ToolResult booked = executor.execute(new ToolCall("c2", "book", "{\"range\":{\"from\":2,\"to\":5}}"));

        assertThat(refused.errorType()).isEqualTo(ErrorType.INVALID_ARGUMENTS);
        assertThat(refused.attempts()).isZero();
        assertThat(refused.textForModel()).contains("'range' was refused by test.Calendar.Range: from must not be after to");
        assertThat(booked.textForModel()).isEqualTo("2..5");
    }

    @Test
    void aRecordConstructorThatRefusesAValueIsAnArgumentProblemAndTheBodyDoesNotRun() throws Exception {
        JavaFileObject source = Compile.source("test.Shop",
                "package test;",
                "import dev.idem.*;",
                "/** Shop. */",
                "public class Shop {",
                "  public static int calls;",
                "  public record Quantity(int units) {",
                "    public Quantity { if (units % 2 != 0) throw new IllegalArgumentException(\"units must be even\"); }",
                "  }",
                "  /** Orders. */ @Tool public static int order(Quantity quantity, int rejected) { calls++; return quantity.units(); }",
                "}");
        Compilation compilation = Compile.compile(source);
        assertThat(compilation).succeededWithoutWarnings();
        ClassLoader loader = Compile.loader(compilation);
        ToolSet tools = (ToolSet) loader.loadClass("test.Shop_ToolSet").getMethod("of").invoke(null);
        JsonMapper json = JsonMapper.builder().build();
        assertThatThrownBy(() -> tools.bind("order", json.readTree("{\"quantity\":{\"units\":3},\"rejected\":1}")))
                .isInstanceOfSatisfying(ArgumentBindingException.class, e -> assertThat(e.problems()).containsExactly(
                        "'quantity' was refused by test.Shop.Quantity: units must be even"));
        assertThat(loader.loadClass("test.Shop").getField("calls").getInt(null)).isZero();
        assertThat(tools.bind("order", json.readTree("{\"quantity\":{\"units\":4},\"rejected\":1}"))).isNotNull();
    }
}
