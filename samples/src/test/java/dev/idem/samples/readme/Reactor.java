package dev.idem.samples.readme;

import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * What this reactor built, as a user would get it: the module jars (the shaded processor when it
 * is newer than its classes, else jars made from {@code target/classes}), their third-party
 * dependencies as this test JVM resolved them, and the local Maven repository they came from.
 * Nothing here installs anything anywhere but under {@code target}.
 */
final class Reactor {

    private Reactor() {}

    /** The reactor's root directory (surefire runs in the module's directory). */
    static Path root() {
        Path module = Path.of("").toAbsolutePath();
        Path root = module.getParent();
        if (root == null || !Files.isRegularFile(root.resolve("pom.xml")) || !read(root.resolve("pom.xml"))
                .contains("<artifactId>idem-parent</artifactId>")) {
            throw new IllegalStateException("not inside the Idem reactor: " + module);
        }
        return root;
    }

    /** The reactor's version, from the parent POM. */
    static String version() {
        Matcher version = Pattern.compile("<artifactId>idem-parent</artifactId>\\s*<version>([^<]+)</version>")
                .matcher(read(root().resolve("pom.xml")));
        if (!version.find()) {
            throw new IllegalStateException("no version in the parent POM");
        }
        return version.group(1).strip();
    }

    /** A jar of the module's main classes: the built one when it is up to date, else one made into {@code work}. */
    static Path moduleJar(String module, Path work) {
        Path target = root().resolve(module).resolve("target");
        Path built = target.resolve("idem-" + module + "-" + version() + ".jar");
        Path classes = target.resolve("classes");
        if (Files.isRegularFile(built) && modified(built) >= newest(classes)) {
            return built;
        }
        return jarOf(classes, work.resolve("idem-" + module + "-" + version() + ".jar"));
    }

    /** Whether the processor's shaded jar (JavaPoet inside) is up to date: then it is what users get. */
    static boolean shadedProcessorIsCurrent() {
        Path target = root().resolve("processor").resolve("target");
        Path built = target.resolve("idem-processor-" + version() + ".jar");
        return Files.isRegularFile(built) && Files.isRegularFile(target.resolve("dependency-reduced-pom.xml"))
                && modified(built) >= newest(target.resolve("classes"));
    }

    /**
     * What {@code javac -processorpath} needs: the shaded processor jar alone, or, when only the
     * processor's classes are current, those classes, JavaPoet and the runtime (its regex parser).
     */
    static List<Path> processorPath(Path work) {
        if (shadedProcessorIsCurrent()) {
            return List.of(moduleJar("processor", work));
        }
        // unshaded, the processor reads patterns with the runtime's own ECMA-262 parser
        return List.of(moduleJar("processor", work), testClasspathEntry("/javapoet-"), moduleJar("runtime", work));
    }

    /** The runtime and what it needs at compile and run time: the class path of a user's project. */
    static List<Path> runtimeClasspath(Path work) {
        return List.of(moduleJar("runtime", work), moduleJar("regex", work), moduleJar("annotations", work),
                testClasspathEntry("/jackson-databind-"), testClasspathEntry("/jackson-core-"),
                testClasspathEntry("/jackson-annotations-"), testClasspathEntry("/slf4j-api-"));
    }

    /** The entry of this JVM's class path whose path contains {@code fragment}. */
    static Path testClasspathEntry(String fragment) {
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            if (entry.replace(File.separatorChar, '/').contains(fragment)) {
                return Path.of(entry);
            }
        }
        throw new IllegalStateException("nothing on the test class path matches " + fragment);
    }

    /** The local Maven repository this build resolved from (where slf4j-api came from). */
    static Path localRepository() {
        String api = testClasspathEntry("/org/slf4j/slf4j-api/").toString().replace(File.separatorChar, '/');
        return Path.of(api.substring(0, api.indexOf("/org/slf4j/slf4j-api/")));
    }

    static String joined(List<Path> paths) {
        List<String> entries = new ArrayList<>();
        paths.forEach(path -> entries.add(path.toString()));
        return String.join(File.pathSeparator, entries);
    }

    static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static long modified(Path file) {
        try {
            return Files.getLastModifiedTime(file).toMillis();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static long newest(Path dir) {
        try (Stream<Path> files = Files.walk(dir)) {
            return files.filter(Files::isRegularFile).mapToLong(Reactor::modified).max().orElse(0);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Path jarOf(Path classes, Path jar) {
        try {
            Files.createDirectories(jar.getParent());
            Path temporary = Files.createTempFile(jar.getParent(), "jar", ".tmp");
            try (OutputStream file = Files.newOutputStream(temporary); JarOutputStream out = new JarOutputStream(file)) {
                Files.walkFileTree(classes, new SimpleFileVisitor<>() {
                    @Override
                    public FileVisitResult visitFile(Path path, BasicFileAttributes attributes) throws IOException {
                        out.putNextEntry(new JarEntry(classes.relativize(path).toString().replace(File.separatorChar, '/')));
                        Files.copy(path, out);
                        out.closeEntry();
                        return FileVisitResult.CONTINUE;
                    }
                });
            }
            return Files.move(temporary, jar, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
