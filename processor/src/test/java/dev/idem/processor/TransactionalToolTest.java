package dev.idem.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import com.google.testing.compile.Compilation;
import dev.idem.tool.ToolContext;
import dev.idem.tool.ToolDescriptor;
import dev.idem.tool.ToolSet;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.util.concurrent.atomic.AtomicReference;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * A {@code java.sql.Connection} parameter makes a tool transactional: injected from the call's
 * transaction, never in the schema; each misuse is a compile error on the parameter's line.
 */
class TransactionalToolTest {

    /** Body line i (0-based) is on source line 8 + i. */
    private static JavaFileObject tools(String... body) {
        return Compile.toolsClass("import java.sql.Connection; import java.util.concurrent.*;", body);
    }

    private static void assertError(String id, int line, JavaFileObject source) {
        Compilation compilation = Compile.compile(source);
        assertThat(compilation).failed();
        assertThat(compilation).hadErrorContaining("[Idem/" + id + "]").inFile(source).onLine(line);
    }

    @Test
    void connectionParameterIsInjectedFromTheTransactionAndLeftOutOfTheSchema() throws Exception {
        JavaFileObject source = tools(
                "public static final java.util.concurrent.atomic.AtomicReference<Object> SEEN = new java.util.concurrent.atomic.AtomicReference<>();",
                "/** Books a seat. @param seat the seat */",
                "@Tool(restartSafe = false) public String book(String seat, Connection connection, ToolContext ctx) {",
                "  SEEN.set(connection); return seat; }",
                "/** Not transactional. */ @Tool public int plain() { return 1; }");
        Compilation compilation = Compile.compile(source);
        assertThat(compilation).succeededWithoutWarnings();
        ClassLoader loader = Compile.loader(compilation);
        Class<?> toolsClass = loader.loadClass("test.Tools");
        Object instance = toolsClass.getConstructor().newInstance();
        ToolSet set = (ToolSet) loader.loadClass("test.Tools_ToolSet").getMethod("of", toolsClass).invoke(null, instance);
        ToolDescriptor book = set.descriptors().get(0);
        assertThat(book.transactional()).isTrue();
        assertThat(set.descriptors().get(1).transactional()).isFalse();
        assertThat(book.inputSchema()).contains("\"seat\"").doesNotContain("connection");
        assertThat(book.requiredParameters()).containsExactly("seat");
        assertThat(Compile.generatedText(compilation, JavaFileObject.Kind.OTHER, "test.Tools.json"))
                .contains("\"transactional\": true");

        Connection connection = (Connection) Proxy.newProxyInstance(getClass().getClassLoader(),
                new Class<?>[] {Connection.class}, (proxy, method, args) -> null);
        JsonNode arguments = JsonMapper.shared().readTree("{\"seat\":\"12A\"}");
        JsonNode result = set.bind("book", arguments).run(ToolContext.of("c1", "book", "k1").withConnection(connection))
                .toCompletableFuture().join();
        assertThat(result.asString()).isEqualTo("12A");
        @SuppressWarnings("unchecked")
        AtomicReference<Object> seen = (AtomicReference<Object>) toolsClass.getField("SEEN").get(null);
        assertThat(seen.get()).isSameAs(connection);
    }

    @Test
    void twoConnectionParametersAreAnErrorOnTheSecond() {
        assertError("MultipleConnections", 9, tools("/** A. */ @Tool public int a(Connection one,",
                "Connection two) { return 1; }"));
    }

    @Test
    void dataSourceParameterIsAnErrorNamingTheType() {
        assertError("TransactionConnectionType", 9, tools("/** A. */ @Tool public int a(int x,",
                "javax.sql.DataSource source) { return 1; }"));
    }

    @Test
    void connectionSubtypeParameterIsAnError() {
        assertError("TransactionConnectionType", 9, tools("public interface MyConnection extends Connection {}",
                "/** A. */ @Tool public int a(MyConnection c) { return 1; }"));
    }

    @Test
    void readOnlyTransactionalToolIsAnError() {
        assertError("ReadOnlyTransactional", 9, tools("/** A. */ @Tool(readOnly = true) public int a(int x,",
                "Connection c) { return 1; }"));
    }

    @Test
    void asyncTransactionalToolIsAnError() {
        assertError("AsyncTransactional", 9, tools("/** A. */ @Tool public CompletionStage<Integer> a(int x,",
                "Connection c) { return null; }"));
    }

    @Test
    void retryPolicyOfATransactionalToolThatIsNeitherRestartSafeNorIdempotentApplies() {
        // Its failed attempts rolled back: maxAttempts = 3 can re-run it, so no RetryNeverApplies warning.
        assertThat(Compile.compile(tools("/** A. */ @Tool(restartSafe = false, retryPolicy = @Retry(maxAttempts = 3,"
                + " retryOn = ErrorType.CONNECTION_ERROR)) public int a(Connection c) { return 1; }")))
                .succeededWithoutWarnings();
    }
}
