package dev.idem.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;

import com.google.testing.compile.Compilation;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * {@code @Tool(verifier = ...)}: the allowed signatures compile and are called by the generated set;
 * every misuse is an error with its id on its line. Body line i (0-based) is on source line 8 + i.
 */
class VerifierDiagnosticsTest {

    private static JavaFileObject tools(String... body) {
        return Compile.toolsClass("import dev.idem.tool.Verification;", body);
    }

    private static void assertError(String id, int line, JavaFileObject source) {
        Compilation compilation = Compile.compile(source);
        assertThat(compilation).failed();
        assertThat(compilation).hadErrorContaining("[Idem/" + id + "]").inFile(source).onLine(line);
    }

    @Test
    void verifierTakingTheKeyOrTheKeyAndTheToolsParametersCompilesAndIsCalledByTheGeneratedSet() {
        Compilation compilation = Compile.compile(tools(
                "/** Pays. */ @Tool(idempotent = false, restartSafe = false, verifier = \"findPayment\")",
                "public String pay(String to, long cents, ToolContext ctx) { return \"ok\"; }",
                "Verification<String> findPayment(String key, String to, long cents) { return Verification.notApplied(); }",
                "/** Sends. */ @Tool(verifier = \"findSent\")",
                "public int send(String to) { return 1; }",
                "Verification<Integer> findSent(String key) { return Verification.applied(1); }",
                "/** Logs. */ @Tool(verifier = \"findLog\")",
                "public static void log(String line) { }",
                "static Verification<Void> findLog(String key) { return Verification.unknown(\"no log index\"); }"));
        assertThat(compilation).succeededWithoutWarnings();
        assertThat(compilation).generatedSourceFile("test.Tools_ToolSet").contentsAsUtf8String()
                .contains("(v, key) -> instance.findPayment(key, (String) v[0], (long) v[1]).<JsonNode>map(");
        assertThat(compilation).generatedSourceFile("test.Tools_ToolSet").contentsAsUtf8String()
                .contains("(v, key) -> instance.findSent(key).<JsonNode>map(");
        assertThat(compilation).generatedSourceFile("test.Tools_ToolSet").contentsAsUtf8String()
                .contains("(v, key) -> Tools.findLog(key).<JsonNode>map(r0 -> ResultEncoder.nullNode())");
    }

    @Test
    void verifierNamingNoMethodIsAnErrorOnTheAnnotation() {
        assertError("VerifierNotFound", 8, tools("/** A. */ @Tool(verifier = \"nowhere\")", "public int a() { return 1; }"));
    }

    @Test
    void verifierNamingOverloadsIsAnError() {
        assertError("AmbiguousVerifier", 8, tools("/** A. */ @Tool(verifier = \"check\")", "public int a() { return 1; }",
                "Verification<Integer> check(String key) { return null; }",
                "Verification<Integer> check(String key, int extra) { return null; }"));
    }

    @Test
    void verifierOnReadOnlyToolIsAnError() {
        assertError("VerifierOnReadOnlyTool", 8, tools("/** A. */ @Tool(readOnly = true, verifier = \"check\")",
                "public int a() { return 1; }", "Verification<Integer> check(String key) { return null; }"));
    }

    @Test
    void verifierWithoutTheKeyFirstIsAnErrorOnTheVerifier() {
        assertError("InvalidVerifierParameters", 10, tools("/** A. */ @Tool(verifier = \"check\")",
                "public int a(long to) { return 1; }", "Verification<Integer> check(long to) { return null; }"));
    }

    @Test
    void verifierWithOtherParametersThanTheToolsIsAnError() {
        assertError("InvalidVerifierParameters", 10, tools("/** A. */ @Tool(verifier = \"check\")",
                "public int a(String to, long cents) { return 1; }",
                "Verification<Integer> check(String key, String to, int cents) { return null; }"));
    }

    @Test
    void verifierReturningAnotherTypeThanVerificationOfTheResultIsAnError() {
        assertError("InvalidVerifierReturnType", 10, tools("/** A. */ @Tool(verifier = \"check\")",
                "public int a() { return 1; }", "Verification<String> check(String key) { return null; }"));
        assertError("InvalidVerifierReturnType", 10, tools("/** A. */ @Tool(verifier = \"check\")",
                "public int a() { return 1; }", "boolean check(String key) { return true; }"));
    }

    @Test
    void verifierThatIsAToolWithSideEffectsIsAnError() {
        assertError("VerifierWithSideEffects", 11, tools("/** A. */ @Tool(verifier = \"check\")",
                "public int a() { return 1; }", "/** Check. */ @Tool",
                "public Verification<Integer> check(String key) { return null; }"));
    }

    @Test
    void privateVerifierOrInstanceVerifierOfAStaticToolIsAnError() {
        assertError("UnreachableVerifier", 10, tools("/** A. */ @Tool(verifier = \"check\")",
                "public int a() { return 1; }", "private Verification<Integer> check(String key) { return null; }"));
        assertError("UnreachableVerifier", 10, tools("/** A. */ @Tool(verifier = \"check\")",
                "public static int a() { return 1; }", "Verification<Integer> check(String key) { return null; }"));
    }

}
