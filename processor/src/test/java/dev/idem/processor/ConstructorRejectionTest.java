package dev.idem.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.testing.compile.Compilation;
import dev.idem.tool.ArgumentBindingException;
import dev.idem.tool.ToolSet;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

/**
 * A record whose constructor refuses a value is a binding problem the model can fix
 * (INVALID_ARGUMENTS, listed with the other problems), never a programming error of the tool.
 */
class ConstructorRejectionTest {

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
