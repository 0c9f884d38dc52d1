package dev.idem.processor;

import static com.google.testing.compile.Compiler.javac;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import javax.annotation.processing.Processor;
import javax.tools.JavaFileObject;

/** Compiles test sources with the Idem processors, and loads what they produced. */
final class Compile {
    static final String LINT = "-Xlint:all,-processing,-classfile,-serial";

    private Compile() {}

    /** A source from lines, so tests can name the line a diagnostic must land on. */
    /**
     * A class {@code test.Tools} whose body line i (0-based) is on source line 8 + i: the package,
     * Idem's imports, {@code java.util.*}, {@code extraImport}, a Javadoc line and the class line.
     */
    static JavaFileObject toolsClass(String extraImport, String... body) {
        String[] lines = new String[body.length + 8];
        lines[0] = "package test;";
        lines[1] = "import dev.idem.*;";
        lines[2] = "import dev.idem.tool.ToolContext;";
        lines[3] = "import java.util.*;";
        lines[4] = extraImport;
        lines[5] = "/** Tools. */";
        lines[6] = "public class Tools {";
        System.arraycopy(body, 0, lines, 7, body.length);
        lines[7 + body.length] = "}";
        return source("test.Tools", lines);
    }

    static JavaFileObject source(String qualifiedName, String... lines) {
        return JavaFileObjects.forSourceLines(qualifiedName, lines);
    }

    static Compilation compile(JavaFileObject... sources) {
        return compile(List.of(), sources);
    }

    static Compilation compile(List<String> options, JavaFileObject... sources) {
        List<String> all = new ArrayList<>(options);
        all.add(LINT);
        return javac().withProcessors(processors()).withOptions(all).compile(sources);
    }

    /** Idem's processors, new instances, in the order javac discovers them (the service file's). */
    static List<Processor> processors() {
        return ServiceLoader.load(Processor.class, ToolProcessor.class.getClassLoader()).stream()
                .filter(provider -> provider.type().getName().startsWith("dev.idem.processor."))
                .map(ServiceLoader.Provider::get)
                .toList();
    }

    static String generatedText(Compilation compilation, JavaFileObject.Kind kind, String pathSuffix) {
        for (JavaFileObject file : compilation.generatedFiles()) {
            if (file.getKind() == kind && file.toUri().getPath().endsWith(pathSuffix)) {
                try {
                    return file.getCharContent(true).toString();
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
        }
        throw new AssertionError("no generated file ending in " + pathSuffix);
    }

    /** A class loader over the compiled classes (reflection is fine in tests, never in generated code). */
    static ClassLoader loader(Compilation compilation) {
        Map<String, byte[]> classes = new HashMap<>();
        for (JavaFileObject file : compilation.generatedFiles()) {
            if (file.getKind() == JavaFileObject.Kind.CLASS) {
                String path = file.toUri().getPath();
                String name = path.substring(path.indexOf("/CLASS_OUTPUT/") + "/CLASS_OUTPUT/".length(), path.length() - 6)
                        .replace('/', '.');
                try (InputStream in = file.openInputStream()) {
                    classes.put(name, in.readAllBytes());
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
        }
        return new ClassLoader(Compile.class.getClassLoader()) {
            @Override
            protected Class<?> findClass(String name) throws ClassNotFoundException {
                byte[] bytes = classes.get(name);
                if (bytes == null) {
                    throw new ClassNotFoundException(name);
                }
                return defineClass(name, bytes, 0, bytes.length);
            }
        };
    }
}
