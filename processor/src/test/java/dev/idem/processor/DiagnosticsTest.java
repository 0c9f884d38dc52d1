package dev.idem.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;

import com.google.testing.compile.Compilation;
import java.util.List;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/** One test per diagnostic: the message id and the line it lands on. */
class DiagnosticsTest {

    private static JavaFileObject tools(String... body) {
        String[] lines = new String[body.length + 10];
        lines[0] = "package test;";
        lines[1] = "import dev.idem.*;";
        lines[2] = "import dev.idem.tool.ToolContext;";
        lines[3] = "import java.util.*;";
        lines[4] = "/** Tools. */";
        lines[5] = "public class Tools {";
        System.arraycopy(body, 0, lines, 6, body.length);
        for (int i = 6 + body.length; i < lines.length; i++) {
            lines[i] = "";
        }
        lines[6 + body.length] = "}";
        return Compile.source("test.Tools", lines);
    }

    // body line i (0-based) is on source line 7 + i

    private static void assertError(String id, int line, JavaFileObject source) {
        Compilation compilation = Compile.compile(source);
        assertThat(compilation).failed();
        assertThat(compilation).hadErrorContaining("[Idem/" + id + "]").inFile(source).onLine(line);
    }

    private static void assertWarning(String id, int line, JavaFileObject source) {
        Compilation compilation = Compile.compile(source);
        assertThat(compilation).succeeded();
        assertThat(compilation).hadWarningContaining("[Idem/" + id + "]").inFile(source).onLine(line);
    }

    @Test
    void privateToolMethodIsAnError() {
        assertError("PrivateToolMethod", 9, tools("/** Does it. */", "@Tool", "private int a() { return 1; }"));
    }

    @Test
    void packagePrivateAndProtectedToolMethodsAreCallableFromTheSamePackage() {
        assertThat(Compile.compile(tools("/** A. */ @Tool int a() { return 1; }", "/** B. */ @Tool protected int b() { return 1; }")))
                .succeededWithoutWarnings();
    }

    @Test
    void toolInPrivateNestedClassIsAnError() {
        assertError("InaccessibleToolClass", 7, tools("private static class Hidden {", "/** A. */ @Tool public int a() { return 1; }", "}"));
    }

    @Test
    void toolInLocalClassIsAnError() {
        assertError("LocalToolClass", 9, tools("void m() {", "class Local {", "/** A. */ @Tool public int a() { return 1; }", "}", "}"));
    }

    @Test
    void toolInAnonymousClassIsAnError() {
        assertError("LocalToolClass", 8, tools("Object o = new Object() {", "/** A. */ @Tool public int a() { return 1; }", "};"));
    }

    @Test
    void genericToolMethodIsAnError() {
        assertError("GenericToolMethod", 7, tools("/** A. */ @Tool public <T> int a(String s) { return 1; }"));
    }

    @Test
    void genericToolClassIsAnError() {
        assertError("GenericToolClass", 7, tools("public static class Box<T> {", "/** A. */ @Tool public int a() { return 1; }", "}"));
    }

    @Test
    void unsupportedParameterTypeNamesTypePathAndSupportedList() {
        JavaFileObject source = tools(
                "public record Geo(Thread thread) {}",
                "public record Address(String zip, Geo geo) {}",
                "public record Lead(Address address) {}",
                "/** A. */ @Tool public int a(Lead lead) { return 1; }");
        Compilation compilation = Compile.compile(source);
        assertThat(compilation).hadErrorContaining("[Idem/UnsupportedParameterType] unsupported type java.lang.Thread at 'lead.address.geo.thread'")
                .inFile(source).onLine(10);
        assertThat(compilation).hadErrorContaining("supported: primitives and their boxes");
    }

    @Test
    void mapWithNonStringKeysIsAnError() {
        assertError("NonStringMapKey", 7, tools("/** A. */ @Tool public int a(Map<Integer, String> m) { return 1; }"));
    }

    @Test
    void unsupportedResultTypeFallsBackToTextWithAWarning() {
        assertWarning("UnencodableResult", 7, tools("/** A. */ @Tool public Thread a() { return null; }"));
    }

    @Test
    void duplicateToolNamesIncludingOverloadsAreAnError() {
        assertError("DuplicateToolName", 8, tools("/** A. */ @Tool public int a() { return 1; }",
                "/** A. */ @Tool public int a(int x) { return x; }"));
    }

    @Test
    void invalidToolNameIsAnError() {
        assertError("InvalidToolName", 7, tools("/** A. */ @Tool(name = \"has space\") public int a() { return 1; }"));
    }

    @Test
    void duplicateParameterNameIsAnError() {
        assertError("DuplicateParameterName", 7, tools("/** A. */ @Tool public int a(int x, @Param(name = \"x\") int y) { return 1; }"));
    }

    @Test
    void moreThanOneToolContextIsAnError() {
        assertError("MultipleToolContexts", 7, tools("/** A. */ @Tool public int a(ToolContext one, ToolContext two) { return 1; }"));
    }

    @Test
    void maxAttemptsBelowOneIsAnErrorOnThatValue() {
        assertError("InvalidRetryValue", 8, tools("/** A. */ @Tool(retryPolicy = @Retry(", "maxAttempts = 0)) public int a() { return 1; }"));
    }

    @Test
    void backoffFactorBelowOneIsAnError() {
        assertError("InvalidRetryValue", 8, tools("/** A. */ @Tool(retryPolicy = @Retry(", "backoffFactor = 0.5)) public int a() { return 1; }"));
    }

    @Test
    void negativeInitialDelayIsAnError() {
        assertError("InvalidRetryValue", 8, tools("/** A. */ @Tool(retryPolicy = @Retry(", "initialDelayMs = -1)) public int a() { return 1; }"));
    }

    @Test
    void maxDelayBelowInitialDelayIsAnError() {
        assertError("InvalidRetryValue", 8, tools("/** A. */ @Tool(retryPolicy = @Retry(initialDelayMs = 500,", "maxDelayMs = 100)) public int a() { return 1; }"));
    }

    @Test
    void jitterFactorOutsideZeroToOneIsAnError() {
        assertError("InvalidRetryValue", 8, tools("/** A. */ @Tool(retryPolicy = @Retry(", "jitterFactor = 1.5)) public int a() { return 1; }"));
    }

    @Test
    void moreThanOneRetryPolicyIsAnError() {
        assertError("MultipleRetryPolicies", 7, tools("/** A. */ @Tool(retryPolicy = {@Retry, @Retry}) public int a() { return 1; }"));
    }

    @Test
    void timeoutBelowMinusOneIsAnError() {
        assertError("InvalidTimeout", 7, tools("/** A. */ @Tool(timeoutMs = -2) public int a() { return 1; }"));
    }

    @Test
    void minGreaterThanMaxIsAnError() {
        assertError("MinGreaterThanMax", 7, tools("/** A. */ @Tool public int a(@Param(min = 5, max = 1) int x) { return 1; }"));
    }

    @Test
    void invalidRegexIsAnError() {
        assertError("InvalidPattern", 7, tools("/** A. */ @Tool public int a(@Param(pattern = \"[a-\") String s) { return 1; }"));
    }

    @Test
    void constraintOnTheWrongTypeIsAnError() {
        assertError("ConstraintNotApplicable", 7, tools("/** A. */ @Tool public int a(@Param(minLength = 1) int x) { return 1; }"));
    }

    @Test
    void readOnlyToolThatIsNotRestartSafeIsAnError() {
        assertError("ReadOnlyNotRestartSafe", 7, tools("/** A. */ @Tool(readOnly = true, restartSafe = false) public int a() { return 1; }"));
    }

    @Test
    void readOnlyToolDeclaredDestructiveIsAnError() {
        assertError("ReadOnlyDestructive", 7, tools("/** A. */ @Tool(readOnly = true, destructive = true) public int a() { return 1; }"));
    }

    @Test
    void readOnlyToolWithTheDefaultDestructiveFlagCompiles() {
        assertThat(Compile.compile(List.of(), tools("/** A. */ @Tool(readOnly = true, openWorld = false) public int a() { return 1; }")))
                .succeededWithoutWarnings();
    }

    @Test
    void retryPolicyThatCanNeverRerunTheToolIsAWarning() {
        assertWarning("RetryNeverApplies", 7, tools("/** A. */ @Tool(restartSafe = false, retryPolicy = @Retry(maxAttempts = 3)) public int a() { return 1; }"));
    }

    @Test
    void retryOnEntryTheFlagsMakeUnreachableIsAWarningOnThatEntry() {
        JavaFileObject source = tools(
                "/** A. */ @Tool(restartSafe = false, idempotent = true, retryPolicy = @Retry(retryOn = {",
                "ErrorType.TIMEOUT,",
                "ErrorType.CONNECTION_ERROR})) public int a() { return 1; }");
        assertWarning("UnreachableRetryOn", 9, source);
        Compilation compilation = Compile.compile(source);
        assertThat(compilation).hadWarningContaining("[Idem/UnreachableRetryOn] retryOn CONNECTION_ERROR").inFile(source)
                .onLine(9);
        assertThat(compilation).hadWarningCount(1);
    }

    @Test
    void terminalTypeInRetryOnIsAWarningOnThatValue() {
        assertWarning("UnreachableRetryOn", 8, tools("/** A. */ @Tool(retryPolicy = @Retry(",
                "retryOn = ErrorType.REJECTED)) public int a() { return 1; }"));
    }

    @Test
    void reachableRetryOnEntriesAndUnwrittenDefaultsGiveNoWarning() {
        assertThat(Compile.compile(tools(
                "/** A. */ @Tool(retryPolicy = @Retry(retryOn = {ErrorType.TIMEOUT, ErrorType.UNKNOWN})) public int a() { return 1; }",
                "/** B. */ @Tool(restartSafe = false, idempotent = true, retryPolicy = @Retry(maxAttempts = 3)) public int b() { return 1; }",
                "/** C. */ @Tool(restartSafe = false, idempotent = true, retryPolicy = @Retry(maxAttempts = 1,"
                        + " retryOn = ErrorType.RATE_LIMIT)) public int c() { return 1; }",
                "/** D. */ @Tool(readOnly = true, retryPolicy = @Retry(retryOn = ErrorType.RATE_LIMIT)) public int d() { return 1; }")))
                .succeededWithoutWarnings();
    }

    @Test
    void toolWithoutDescriptionIsAWarning() {
        assertWarning("MissingDescription", 7, tools("@Tool public int a() { return 1; }"));
    }

    @Test
    void redundantRequiredFalseIsAWarning() {
        assertWarning("RequiredFalseOnOptional", 7, tools("/** A. */ @Tool public int a(@Param(required = false) Optional<String> s) { return 1; }"));
    }

    @Test
    void strictOptionMakesStrictIncompatibleToolsErrors() {
        JavaFileObject source = tools("/** A. */ @Tool public int a(Map<String, Integer> counts) { return 1; }");
        Compilation compilation = Compile.compile(List.of("-Aidem.strict=openai"), source);
        assertThat(compilation).hadErrorContaining("[Idem/StrictIncompatible]").inFile(source).onLine(7);
        assertThat(Compile.compile(source)).succeeded();
    }

    @Test
    void strictIncompatibleLandsOnTheOverloadItIsAboutNotOnANamesake() {
        JavaFileObject source = tools(
                "public int pick;",
                "/** By number. */ @Tool(name = \"pickInt\") public int pick(int n) { return n; }",
                "/** By map. */ @Tool(name = \"pickMap\") public int pick(Map<String, Integer> m) { return 1; }");
        Compilation compilation = Compile.compile(List.of("-Aidem.strict=openai"), source);
        assertThat(compilation).hadErrorCount(1);
        assertThat(compilation).hadErrorContaining("[Idem/StrictIncompatible] tool 'pickMap'").inFile(source).onLine(9);
    }

    @Test
    void unresolvableTypeIsReportedOnceNotCrashing() {
        Compilation compilation = Compile.compile(tools("/** A. */ @Tool public int a(Missing m) { return 1; }"));
        assertThat(compilation).failed();
        assertThat(compilation).hadErrorContaining("Missing");
    }
}
