package dev.idem.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import com.google.testing.compile.Compilation;
import dev.idem.processor.base.Diagnostic;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import javax.tools.Diagnostic.Kind;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Misuse the processor used to accept silently (or answer with code that did not compile), each
 * answered with a precise {@code [Idem/...]} diagnostic on its own line; and the count of misuse
 * kinds tested this way across the suite, which docs/fault-injection.md states.
 */
class MisuseKindsTest {
    /** The fault injection page (docs/fault-injection.md) says "N misuse kinds"; the suite must test at least that many. */
    private static final Pattern README_COUNT = Pattern.compile("(\\d+) misuse kinds");

    private static JavaFileObject tools(String... body) {
        return Compile.toolsClass("import java.lang.annotation.*;", body);
    }

    // body line i (0-based) is on source line 8 + i
    static Stream<Arguments> misuse() {
        return Stream.of(
                kind("negative maxLength", "NegativeSize", 8,
                        "/** A. */ @Tool public int a(@Param(maxLength = -2) String s) { return 1; }"),
                kind("negative minLength", "NegativeSize", 8,
                        "/** A. */ @Tool public int a(@Param(minLength = -5) String s) { return 1; }"),
                kind("negative minItems", "NegativeSize", 8,
                        "/** A. */ @Tool public int a(@Param(minItems = -1) List<String> s) { return 1; }"),
                kind("negative maxItems", "NegativeSize", 8,
                        "/** A. */ @Tool public int a(@Param(maxItems = -3) List<String> s) { return 1; }"),
                kind("enum without constants", "EmptyEnum", 9, "public enum Nothing {}",
                        "/** A. */ @Tool public int a(Nothing n) { return 1; }"),
                kind("blank tool description", "BlankDescription", 8,
                        "@Tool(description = \"  \") public int a() { return 1; }"),
                kind("blank parameter description", "BlankDescription", 8,
                        "/** A. */ @Tool public int a(@Param(description = \" \") int x) { return 1; }"),
                kind("parameter JSON names equal ignoring case", "NamesEqualIgnoringCase", 8,
                        "/** A. */ @Tool public int a(int url, @Param(name = \"URL\") int other) { return 1; }"),
                kind("record component JSON names equal ignoring case", "NamesEqualIgnoringCase", 8,
                        "public record Link(String url, String URL) {}",
                        "/** A. */ @Tool public int a(Link link) { return 1; }"),
                kind("lone surrogate in a JSON name", "LoneSurrogateInName", 8,
                        "/** A. */ @Tool public int a(@Param(name = \"k\\uDC00\") String s) { return 1; }"),
                kind("two record components with one JSON name", "DuplicatePropertyName", 8,
                        "public record Point(int x, @Param(name = \"x\") int y) {}",
                        "/** A. */ @Tool public int a(Point p) { return 1; }"),
                kind("possessive quantifier in a pattern", "JavaOnlyPattern", 8,
                        "/** A. */ @Tool public int a(@Param(pattern = \"^a++$\") String s) { return 1; }"),
                kind("\\Z in a pattern", "JavaOnlyPattern", 8,
                        "/** A. */ @Tool public int a(@Param(pattern = \"^abc\\\\Z\") String s) { return 1; }"),
                kind("\\A in a pattern", "JavaOnlyPattern", 8,
                        "/** A. */ @Tool public int a(@Param(pattern = \"\\\\Aabc$\") String s) { return 1; }"),
                kind("atomic group in a pattern", "JavaOnlyPattern", 8,
                        "/** A. */ @Tool public int a(@Param(pattern = \"^(?>ab|a)c$\") String s) { return 1; }"),
                kind("inline flags in a pattern", "JavaOnlyPattern", 8,
                        "/** A. */ @Tool public int a(@Param(pattern = \"(?i)^abc$\") String s) { return 1; }"),
                kind("POSIX class \\p{Punct} in a pattern", "JavaOnlyPattern", 8,
                        "/** A. */ @Tool public int a(@Param(pattern = \"^\\\\p{Punct}+$\") String s) { return 1; }"),
                kind("java* property in a pattern", "JavaOnlyPattern", 8,
                        "/** A. */ @Tool public int a(@Param(pattern = \"^\\\\p{javaLowerCase}+$\") String s) { return 1; }"),
                kind("class intersection in a pattern", "JavaOnlyPattern", 8,
                        "/** A. */ @Tool public int a(@Param(pattern = \"^[a-z&&[^x]]+$\") String s) { return 1; }"),
                kind("\\Q...\\E quoting in a pattern", "JavaOnlyPattern", 8,
                        "/** A. */ @Tool public int a(@Param(pattern = \"^\\\\Q.*\\\\E$\") String s) { return 1; }"),
                kind("\\z in a pattern", "JavaOnlyPattern", 8,
                        "/** A. */ @Tool public int a(@Param(pattern = \"^abc\\\\z\") String s) { return 1; }"),
                kind("identity escape \\@ ECMA-262's Unicode mode refuses", "JavaOnlyPattern", 8,
                        "/** A. */ @Tool public int a(@Param(pattern = \"^a\\\\@b$\") String s) { return 1; }"),
                kind("lone ] in a pattern", "JavaOnlyPattern", 8,
                        "/** A. */ @Tool public int a(@Param(pattern = \"^a]$\") String s) { return 1; }"),
                kind("back reference to no group", "JavaOnlyPattern", 8,
                        "/** A. */ @Tool public int a(@Param(pattern = \"^(a)\\\\2$\") String s) { return 1; }"),
                kind("quantified anchor", "JavaOnlyPattern", 8,
                        "/** A. */ @Tool public int a(@Param(pattern = \"^*abc\") String s) { return 1; }"),
                kind("nested quantifier (a+)+", "BacktrackingPronePattern", 8,
                        "/** A. */ @Tool public int a(@Param(pattern = \"^(a+)+$\") String s) { return 1; }"),
                kind("nested quantifier (.*a){12}", "BacktrackingPronePattern", 8,
                        "/** A. */ @Tool public int a(@Param(pattern = \"^(.*a){12}$\") String s) { return 1; }"),
                kind("nested quantifier (\\w+\\s?)*", "BacktrackingPronePattern", 8,
                        "/** A. */ @Tool public int a(@Param(pattern = \"^(\\\\w+\\\\s?)*$\") String s) { return 1; }"),
                kind("adjacent overlapping quantifiers", "BacktrackingPronePattern", 8,
                        "/** A. */ @Tool public int a(@Param(pattern = \"^\\\\d+\\\\d*x$\") String s) { return 1; }"),
                kind("@Nullable ToolContext", "NullableToolContext", 9,
                        "@Target(ElementType.TYPE_USE) @interface Nullable {}",
                        "/** A. */ @Tool public int a(@Nullable ToolContext context) { return 1; }"),
                kind("NaN bound", "InvalidBound", 8,
                        "/** A. */ @Tool public int a(@Param(min = Double.NaN) double x) { return 1; }"),
                kind("+Infinity as min", "InvalidBound", 8,
                        "/** A. */ @Tool public int a(@Param(min = Double.POSITIVE_INFINITY) double x) { return 1; }"),
                kind("-Infinity as max", "InvalidBound", 8,
                        "/** A. */ @Tool public int a(@Param(max = Double.NEGATIVE_INFINITY) double x) { return 1; }"),
                kind("@DecimalMin(\"NaN\")", "InvalidBound", 8,
                        "/** A. */ @Tool public int a(@jakarta.validation.constraints.DecimalMin(\"NaN\") double x) { return 1; }"),
                kind("@DecimalMax that is not a number", "InvalidBound", 8,
                        "/** A. */ @Tool public int a(@jakarta.validation.constraints.DecimalMax(\"ten\") int x) { return 1; }"),
                kind("@DecimalMax beyond the doubles", "InvalidBound", 8,
                        "/** A. */ @Tool public int a(@jakarta.validation.constraints.DecimalMax(\"1e400\") double x) { return 1; }"),
                kind("format the binder does not check", "UnsupportedFormat", 8,
                        "/** A. */ @Tool public int a(@Param(format = \"hostname\") String s) { return 1; }"),
                kind("format name in another case", "UnsupportedFormat", 8,
                        "/** A. */ @Tool public int a(@Param(format = \"Date\") String s) { return 1; }"),
                kind("non-static inner class as a parameter type", "UnsupportedParameterType", 9,
                        "public class Inner { public final int x; public Inner(int x) { this.x = x; } }",
                        "/** A. */ @Tool public int a(Inner inner) { return 1; }"),
                kind("Lombok class when Lombok is not on the processor path", "LombokNotApplied", 9,
                        "@lombok.Value public static class Point { int x; int y; }",
                        "/** A. */ @Tool public int a(Point p) { return 1; }"),
                kind("hand-written class with the generated name", "ToolSetNameClash", 7,
                        "/** A. */ @Tool public int a() { return 1; }", "}", "class Tools_ToolSet {"),
                kind("two connections on a transactional tool", "MultipleConnections", 9,
                        "/** A. */ @Tool public int a(java.sql.Connection one,", "java.sql.Connection two) { return 1; }"),
                kind("a DataSource where the transaction's Connection was meant", "TransactionConnectionType", 8,
                        "/** A. */ @Tool public int a(javax.sql.DataSource source) { return 1; }"),
                kind("a connection on a read-only tool", "ReadOnlyTransactional", 8,
                        "/** A. */ @Tool(readOnly = true) public int a(java.sql.Connection c) { return 1; }"),
                kind("a connection on an asynchronous tool", "AsyncTransactional", 8,
                        "/** A. */ @Tool public java.util.concurrent.CompletionStage<Integer> a(java.sql.Connection c) {"
                                + " return null; }"),
                kind("verifier naming no method", "VerifierNotFound", 8,
                        "/** A. */ @Tool(verifier = \"nowhere\") public int a() { return 1; }"),
                kind("verifier naming overloads", "AmbiguousVerifier", 8,
                        "/** A. */ @Tool(verifier = \"v\") public int a() { return 1; }",
                        "dev.idem.tool.Verification<Integer> v(String k) { return null; }", "dev.idem.tool.Verification<Integer> v(String k, int x) { return null; }"),
                kind("verifier on a read-only tool", "VerifierOnReadOnlyTool", 8,
                        "/** A. */ @Tool(readOnly = true, verifier = \"v\") public int a() { return 1; }",
                        "dev.idem.tool.Verification<Integer> v(String k) { return null; }"),
                kind("verifier without the key first", "InvalidVerifierParameters", 9,
                        "/** A. */ @Tool(verifier = \"v\") public int a(long n) { return 1; }",
                        "dev.idem.tool.Verification<Integer> v(long n) { return null; }"),
                kind("verifier returning another type", "InvalidVerifierReturnType", 9,
                        "/** A. */ @Tool(verifier = \"v\") public int a() { return 1; }",
                        "boolean v(String k) { return true; }"),
                kind("verifier that is a tool with side effects", "VerifierWithSideEffects", 9,
                        "/** A. */ @Tool(verifier = \"v\") public int a() { return 1; }",
                        "/** V. */ @Tool public dev.idem.tool.Verification<Integer> v(String k) { return null; }"),
                kind("private verifier", "UnreachableVerifier", 9,
                        "/** A. */ @Tool(verifier = \"v\") public int a() { return 1; }",
                        "private dev.idem.tool.Verification<Integer> v(String k) { return null; }"),
                kind("approval condition without requiresApproval", "ApprovalWithoutRequirement", 8,
                        "/** A. */ @Tool(approvalWhen = ApprovalCondition.class) public int a() { return 1; }"),
                kind("approval condition the generated code cannot create", "ApprovalConditionNotInstantiable", 9,
                        "public abstract static class Never implements ApprovalCondition { }",
                        "/** A. */ @Tool(requiresApproval = true, approvalWhen = Never.class) public int a() { return 1; }"),
                kind("blank approver", "BlankApprover", 8,
                        "/** A. */ @Tool(requiresApproval = true, approvers = \" \") public int a() { return 1; }"));
    }

    /** Stand-ins with Bean Validation's names (Idem reads them by name), compiled beside each source. */
    private static final JavaFileObject[] BEAN_VALIDATION = {
        Compile.source("jakarta.validation.constraints.DecimalMin", "package jakarta.validation.constraints;",
                "public @interface DecimalMin { String value(); boolean inclusive() default true; }"),
        Compile.source("jakarta.validation.constraints.DecimalMax", "package jakarta.validation.constraints;",
                "public @interface DecimalMax { String value(); boolean inclusive() default true; }"),
    };

    private static Arguments kind(String kind, String id, int line, String... body) {
        return Arguments.of(kind, id, line, tools(body));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("misuse")
    void eachMisuseIsAPreciseDiagnosticOnItsLine(String kind, String id, int line, JavaFileObject source) {
        Compilation compilation = Compile.compile(source, BEAN_VALIDATION[0], BEAN_VALIDATION[1]);
        Diagnostic diagnostic = Arrays.stream(Diagnostic.values()).filter(d -> d.id().equals(id)).findFirst().orElseThrow();
        if (diagnostic.kind() == Kind.ERROR) {
            assertThat(compilation).failed();
            assertThat(compilation).hadErrorContaining("[Idem/" + id + "]").inFile(source).onLine(line);
        } else {
            assertThat(compilation).succeeded();
            assertThat(compilation).hadWarningContaining("[Idem/" + id + "]").inFile(source).onLine(line);
        }
        assertThat(compilation.diagnostics()).noneSatisfy(d ->
                assertThat(d.getMessage(null)).contains("[Idem/InternalError]"));
    }

    @Test
    void patternsThatAreEcmaAndLinearStayQuiet() {
        assertThat(Compile.compile(tools(
                "/** A. */ @Tool public int a(@Param(pattern = \"^(a|b)*$\") String s,",
                "@Param(pattern = \"^[A-Z]{3}$\") String t, @Param(pattern = \"^\\\\p{L}+(-\\\\p{L}+)*$\") String u,",
                "@Param(pattern = \"^(?<year>\\\\d{4})-\\\\d{2}$\") String v, @Param(pattern = \"^[^@]+@[^@]+$\") String w) {",
                " return 1; }"))).succeededWithoutWarnings();
    }

    /**
     * Misuse kinds tested with compile-testing on their line: this class's table and each test of
     * {@link DiagnosticsTest} that asserts an {@code [Idem/...]} diagnostic. Every id of the catalog
     * is among them but {@code InternalError} (a processor bug) and {@code UnresolvedType} (javac's
     * own "cannot find symbol" comes first, so it only shows in builds that hide that error).
     */
    @Test
    void atLeastTheReadmesNumberOfMisuseKindsAreTestedAndEveryIdOfTheCatalogIsAmongThem() throws IOException {
        Set<String> kinds = new TreeSet<>();
        Set<String> ids = new TreeSet<>();
        misuse().forEach(arguments -> {
            kinds.add("misuse: " + arguments.get()[0]);
            ids.add((String) arguments.get()[1]);
        });
        // the edge corpus repeats kinds of the table (it checks no error lands in generated code): ids only
        GeneratedCodeCompilesTest.refusedCorpus().forEach(arguments -> ids.add((String) arguments.get()[1]));
        String diagnosticsTest = Files.readString(Path.of("src/test/java/dev/idem/processor/DiagnosticsTest.java"),
                StandardCharsets.UTF_8);
        Matcher test = Pattern.compile("@Test\\s+void (\\w+)\\(\\)([\\s\\S]*?)(?=@Test|\\z)").matcher(diagnosticsTest);
        Pattern asserted = Pattern.compile("assert(?:Error|Warning)\\(\"(\\w+)\"|\\[Idem/(\\w+)]");
        while (test.find()) {
            Matcher id = asserted.matcher(test.group(2));
            boolean any = false;
            while (id.find()) {
                ids.add(id.group(1) != null ? id.group(1) : id.group(2));
                any = true;
            }
            if (any) {
                kinds.add("diagnostics: " + test.group(1));
            }
        }
        Set<String> catalog = Arrays.stream(Diagnostic.values()).map(Diagnostic::id)
                .filter(id -> !id.equals("InternalError") && !id.equals("UnresolvedType"))
                .collect(Collectors.toCollection(TreeSet::new));
        assertThat(ids).containsAll(catalog);
        List<String> readme = DocPage.section("docs/fault-injection.md", "# Fault injection: duplicated side effects = 0");
        Matcher count = README_COUNT.matcher(String.join("\n", readme));
        assertThat(count.find()).as("docs/fault-injection.md states the number of misuse kinds").isTrue();
        int stated = Integer.parseInt(count.group(1));
        assertThat(stated).isGreaterThanOrEqualTo(50);
        System.out.println("misuse kinds tested: " + kinds.size() + ", ids: " + ids.size());
        assertThat(kinds).hasSizeGreaterThanOrEqualTo(stated);
    }
}
