package dev.idem.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.testing.compile.Compilation;
import dev.idem.tool.ArgumentBindingException;
import dev.idem.tool.ToolContext;
import dev.idem.tool.ToolDescriptor;
import dev.idem.tool.ToolSet;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Jakarta Bean Validation constraints are read by name: the project needs no validation API on
 * its path, and a tool written for a validating framework gets the same checks in its schema
 * and binder. Stand-in annotations with the real names play the API here.
 */
class BeanValidationTest {
    private static final JsonMapper JSON = JsonMapper.builder().build();

    private static JavaFileObject annotation(String name, String members) {
        return Compile.source("jakarta.validation.constraints." + name,
                "package jakarta.validation.constraints;",
                "public @interface " + name + " { " + members + " }");
    }

    private static final JavaFileObject[] API = {
        annotation("Min", "long value();"),
        annotation("Max", "long value();"),
        annotation("Size", "int min() default 0; int max() default Integer.MAX_VALUE;"),
        annotation("Pattern", "String regexp();"),
        annotation("NotBlank", ""),
        annotation("Email", ""),
    };

    private static final JavaFileObject ORDERS = Compile.source("test.Orders",
            "package test;",
            "import dev.idem.Param;",
            "import dev.idem.Tool;",
            "import jakarta.validation.constraints.*;",
            "import java.util.List;",
            "public class Orders {",
            "    public static int calls;",
            "    /** Places an order. */",
            "    @Tool",
            "    public String order(@Min(1) @Max(10) int quantity, @NotBlank String customer,",
            "            @Pattern(regexp = \"[A-Z]{3}\") String sku, @Size(min = 1, max = 2) List<String> notes,",
            "            @Email String email, @Param(min = 5) @Min(1) int priority) {",
            "        calls++;",
            "        return quantity + customer + sku + notes + email + priority;",
            "    }",
            "}");

    private static ToolSet compileOrders() throws ReflectiveOperationException {
        JavaFileObject[] sources = java.util.Arrays.copyOf(API, API.length + 1);
        sources[API.length] = ORDERS;
        Compilation compilation = Compile.compile(sources);
        assertThat(compilation).succeeded();
        ClassLoader loader = Compile.loader(compilation);
        Class<?> orders = loader.loadClass("test.Orders");
        return (ToolSet) loader.loadClass("test.Orders_ToolSet").getMethod("of", orders)
                .invoke(null, orders.getConstructor().newInstance());
    }

    @Test
    void beanValidationConstraintsAppearInTheSchemaAndParamWinsWhereBothSpeak() throws Exception {
        ToolDescriptor order = compileOrders().descriptors().get(0);
        JsonNode properties = JSON.readTree(order.inputSchema()).get("properties");

        assertThat(properties.get("quantity").get("minimum").asInt()).isEqualTo(1);
        assertThat(properties.get("quantity").get("maximum").asInt()).isEqualTo(10);
        assertThat(properties.get("customer").get("pattern").asString()).isEqualTo("\\S");
        assertThat(properties.get("sku").get("pattern").asString()).isEqualTo("^(?:[A-Z]{3})$");
        assertThat(properties.get("notes").get("minItems").asInt()).isEqualTo(1);
        assertThat(properties.get("notes").get("maxItems").asInt()).isEqualTo(2);
        assertThat(properties.get("email").get("format").asString()).isEqualTo("email");
        assertThat(properties.get("priority").get("minimum").asInt()).isEqualTo(5);
    }

    @Test
    void beanValidationConstraintsAreCheckedBeforeTheToolRuns() throws Exception {
        ToolSet tools = compileOrders();
        String bad = "{\"quantity\":11,\"customer\":\"  \",\"sku\":\"ABCD\",\"notes\":[],\"email\":\"a@b\",\"priority\":3}";

        assertThatThrownBy(() -> tools.bind("order", JSON.readTree(bad)))
                .isInstanceOfSatisfying(ArgumentBindingException.class, e -> assertThat(e.problems())
                        .hasSize(5)
                        .anySatisfy(p -> assertThat(p).contains("'quantity'").contains("at most 10"))
                        .anySatisfy(p -> assertThat(p).contains("'customer'"))
                        .anySatisfy(p -> assertThat(p).contains("'sku'"))
                        .anySatisfy(p -> assertThat(p).contains("'notes'"))
                        .anySatisfy(p -> assertThat(p).contains("'priority'").contains("at least 5")));

        String good = "{\"quantity\":2,\"customer\":\"Ana\",\"sku\":\"ABC\",\"notes\":[\"x\"],\"email\":\"a@b\",\"priority\":5}";
        JsonNode result = tools.bind("order", JSON.readTree(good)).run(ToolContext.of("c", "order", "k"))
                .toCompletableFuture().join();
        assertThat(result.asString()).isEqualTo("2AnaABC[x]a@b5");
    }

    @Test
    void invalidBeanValidationPatternIsACompileError() {
        JavaFileObject broken = Compile.source("test.Broken",
                "package test;",
                "import dev.idem.Tool;",
                "import jakarta.validation.constraints.Pattern;",
                "public class Broken {",
                "    /** Looks up a code. */",
                "    @Tool",
                "    public String lookup(@Pattern(regexp = \"[A-Z\") String code) {",
                "        return code;",
                "    }",
                "}");
        JavaFileObject[] sources = java.util.Arrays.copyOf(API, API.length + 1);
        sources[API.length] = broken;

        Compilation compilation = Compile.compile(sources);

        assertThat(compilation).hadErrorContaining("[Idem/InvalidPattern]").inFile(broken).onLine(7);
    }
}
