package dev.idem.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static com.google.testing.compile.Compiler.javac;
import static org.assertj.core.api.Assertions.assertThat;

import com.google.testing.compile.Compilation;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import javax.annotation.processing.AbstractProcessor;
import javax.annotation.processing.Processor;
import javax.annotation.processing.RoundEnvironment;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.TypeElement;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * Idem claims its own annotations, so user builds with {@code -Xlint:all -Werror} pass, and only
 * its own: other processors still see theirs.
 */
class AnnotationClaimTest {
    private static final JavaFileObject TOOLS = Compile.source("test.Bank",
            "package test;",
            "import dev.idem.*;",
            "import dev.idem.tool.ToolContext;",
            "/** A bank. */",
            "public class Bank {",
            "    /**",
            "     * Pays.",
            "     * @param cents how much",
            "     */",
            "    @Tool(restartSafe = false, idempotent = true, retryPolicy = @Retry(retryOn = ErrorType.TIMEOUT))",
            "    public int pay(@Param(min = 1) long cents, ToolContext context) { return 1; }",
            "}");

    @Test
    void aUserBuildWithXlintAllAndWerrorPasses() {
        Compilation compilation = javac().withProcessors(Compile.processors())
                .withOptions("-Xlint:all", "-Werror")
                .compile(TOOLS);
        assertThat(compilation).succeededWithoutWarnings();
        assertThat(compilation).generatedSourceFile("test.Bank_ToolSet");
    }

    @Test
    void processorsThatNeedToSeeToolComeBeforeTheOneThatClaimsIt() {
        assertThat(Compile.processors()).extracting(processor -> processor.getClass().getSimpleName())
                .containsExactly("LocalToolClassProcessor", "ServiceRegistrationProcessor", "ToolProcessor");
    }

    @Test
    void anotherGeneratorsGeneratedAnnotationIsNeverClaimed() {
        JavaFileObject foreign = Compile.source("test.Foreign",
                "package test;",
                "@javax.annotation.processing.Generated(\"some.other.Processor\")",
                "public class Foreign {",
                "    /** A. */ @dev.idem.Tool public int a() { return 1; }",
                "}");
        Recorder recorder = new Recorder();
        List<Processor> processors = new ArrayList<>(Compile.processors());
        processors.add(recorder);
        assertThat(javac().withProcessors(processors).compile(foreign)).succeeded();
        assertThat(recorder.seen).contains("javax.annotation.processing.Generated");
    }

    @Test
    void aToolOnlyInsideAMethodBodyIsStillReported() {
        JavaFileObject source = Compile.source("test.Local",
                "package test;",
                "public class Local {",
                "    Object o = new Object() {",
                "        /** A. */ @dev.idem.Tool public int a() { return 1; }",
                "    };",
                "}");
        Compilation compilation = javac().withProcessors(Compile.processors()).compile(source);
        assertThat(compilation).hadErrorContaining("[Idem/LocalToolClass]").inFile(source).onLine(4);
    }

    @Test
    void otherProcessorsAfterIdemStillSeeTheirOwnAnnotations() {
        JavaFileObject marker = Compile.source("test.Marker", "package test;", "public @interface Marker {}");
        JavaFileObject marked = Compile.source("test.Marked",
                "package test;",
                "/** Marked. */",
                "@Marker public class Marked {",
                "    /** A. */ @dev.idem.Tool public int a() { return 1; }",
                "}");
        Recorder recorder = new Recorder();
        List<Processor> processors = new ArrayList<>(Compile.processors());
        processors.add(recorder);
        assertThat(javac().withProcessors(processors).compile(marker, marked)).succeeded();
        assertThat(recorder.seen).contains("test.Marker").noneMatch(name -> name.startsWith("dev.idem."));
    }

    /** A processor of someone else's annotation, asked after Idem's. */
    private static final class Recorder extends AbstractProcessor {
        final List<String> seen = new ArrayList<>();

        @Override
        public Set<String> getSupportedAnnotationTypes() {
            return Set.of("*");
        }

        @Override
        public SourceVersion getSupportedSourceVersion() {
            return SourceVersion.latestSupported();
        }

        @Override
        public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
            annotations.forEach(annotation -> seen.add(annotation.getQualifiedName().toString()));
            return false;
        }
    }
}
