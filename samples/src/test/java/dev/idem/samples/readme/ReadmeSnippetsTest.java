package dev.idem.samples.readme;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;

/**
 * Issue 13: every Java snippet of the manual (the README and every page under {@code docs/}) compiles, with the Idem processor, against the
 * runtime and the sample tools. A snippet that declares a type is compiled as a file (in a package
 * of its own when it names none, with Idem's packages imported when it imports nothing); any
 * other snippet is the body of a method of a {@link SnippetContext}, which supplies the few names
 * snippets take for granted. A snippet that needs a module the samples do not depend on is marked
 * {@code <!-- compiled in <module> tests -->} and compiled there.
 */
class ReadmeSnippetsTest {

    private static final Path WORK = Path.of("target", "readme-snippets").toAbsolutePath();
    private static final Pattern TYPE = Pattern.compile(
            "(?m)^(?:public\\s+|final\\s+|abstract\\s+|sealed\\s+)*(?:class|record|interface|enum)\\s+(\\w+)");
    private static final Pattern PACKAGE = Pattern.compile("(?m)^package\\s+([\\w.]+);");
    private static final List<String> IMPORTS = List.of("dev.idem.*", "dev.idem.agent.*", "dev.idem.approvals.*",
            "dev.idem.config.*", "dev.idem.journal.*", "dev.idem.journal.postgres.*", "dev.idem.llm.*",
            "dev.idem.llm.failover.*", "dev.idem.llm.scripted.*", "dev.idem.openai.*", "dev.idem.state.*",
            "dev.idem.task.*", "dev.idem.tool.*",
            "dev.idem.samples.tools.*", "java.net.*", "java.nio.file.*", "java.time.*", "java.util.*",
            "java.util.concurrent.*", "tools.jackson.databind.*", "tools.jackson.databind.json.*",
            "tools.jackson.databind.node.*");

    /** A generated source: where its lines came from. */
    private record Source(Path file, DocPages.Block block, int prefixLines) {}

    @Test
    void everyJavaSnippetOfTheReadmeCompilesWithTheProcessor() throws IOException {
        List<DocPages.Block> snippets = DocPages.all().javaBlocks().stream()
                .filter(block -> !block.mark().startsWith(DocPages.ELSEWHERE_MARK)).toList();
        assertThat(snippets).hasSizeGreaterThanOrEqualTo(5);
        List<Source> sources = new ArrayList<>();
        for (int i = 0; i < snippets.size(); i++) {
            sources.add(write(i + 1, snippets.get(i)));
        }

        List<String> errors = compile(sources);

        assertThat(errors).as("snippets of the docs that do not compile").isEmpty();
    }

    private static Source write(int number, DocPages.Block block) throws IOException {
        String text = block.text();
        StringBuilder prefix = new StringBuilder();
        String content;
        String fileName;
        Matcher type = TYPE.matcher(text);
        if (type.find()) {
            Matcher declared = PACKAGE.matcher(text);
            String pkg = declared.find() ? declared.group(1) : "readme.s" + number;
            if (!declared.find(0)) {
                prefix.append("package ").append(pkg).append(";\n");
            }
            if (!text.contains("\nimport ") && !text.startsWith("import ")) {
                IMPORTS.forEach(name -> prefix.append("import ").append(name).append(";\n"));
            }
            content = text;
            fileName = pkg.replace('.', '/') + "/" + type.group(1) + ".java";
        } else {
            String pkg = "readme.s" + number;
            prefix.append("package ").append(pkg).append(";\n");
            IMPORTS.forEach(name -> prefix.append("import ").append(name).append(";\n"));
            prefix.append("class Snippet").append(number).append(" extends ").append(SnippetContext.class.getName())
                    .append(" {\n    void run() throws Exception {\n");
            content = text + "    }\n}\n";
            fileName = pkg.replace('.', '/') + "/Snippet" + number + ".java";
        }
        Path file = WORK.resolve("src").resolve(fileName);
        Files.createDirectories(file.getParent());
        Files.writeString(file, prefix + content, StandardCharsets.UTF_8);
        return new Source(file, block, (int) prefix.chars().filter(c -> c == '\n').count());
    }

    /** Compiles every source in one javac run; the errors, each pointing at its page and line. */
    private static List<String> compile(List<Source> sources) throws IOException {
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
        Path classes = Files.createDirectories(WORK.resolve("classes"));
        Map<Path, Source> byFile = new HashMap<>();
        sources.forEach(source -> byFile.put(source.file().toAbsolutePath().normalize(), source));
        try (StandardJavaFileManager files = javac.getStandardFileManager(diagnostics, Locale.ROOT, StandardCharsets.UTF_8)) {
            List<String> options = List.of("--release", "17", "-d", classes.toString(),
                    "-cp", System.getProperty("java.class.path"),
                    "-processorpath", Reactor.joined(Reactor.processorPath(WORK)));
            Iterable<? extends JavaFileObject> units = files.getJavaFileObjectsFromPaths(
                    sources.stream().map(Source::file).toList());
            javac.getTask(new StringWriter(), files, diagnostics, options, null, units).call();
        }
        List<String> errors = new ArrayList<>();
        for (Diagnostic<? extends JavaFileObject> diagnostic : diagnostics.getDiagnostics()) {
            if (diagnostic.getKind() != Diagnostic.Kind.ERROR) {
                continue;
            }
            Source source = diagnostic.getSource() == null ? null
                    : byFile.get(Path.of(diagnostic.getSource().toUri()).toAbsolutePath().normalize());
            String where = source == null ? String.valueOf(diagnostic.getSource())
                    : source.block().page() + " line " + (source.block().line() + diagnostic.getLineNumber() - source.prefixLines() - 1)
                            + " (" + source.block().section() + ")";
            errors.add(where + ": " + diagnostic.getMessage(Locale.ROOT));
        }
        return errors;
    }
}
