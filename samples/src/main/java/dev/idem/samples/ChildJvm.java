package dev.idem.samples;

import java.io.File;
import java.io.IOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Starts a class's {@code main} in a fresh JVM on this program's class path: the same java
 * binary, the same classes. Inside a build tool's runner (Maven's {@code exec:java}) the classes
 * come from a class loader of the runner, not from {@code java.class.path}; its URLs are used then.
 */
final class ChildJvm {

    private ChildJvm() {}

    /** Starts {@code main} with {@code args}; stdout is a pipe to this process, stderr goes to {@code stderr}. */
    static Process start(Class<?> main, Path stderr, String... args) throws IOException {
        List<String> command = new ArrayList<>(List.of(java(),
                // A short-lived child: quick start matters more than peak speed.
                "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-Xshare:auto", "-Xmx128m",
                "-Dorg.slf4j.simpleLogger.defaultLogLevel=warn",
                "-cp", classPath(main), main.getName()));
        command.addAll(List.of(args));
        return new ProcessBuilder(command).redirectError(stderr.toFile()).start();
    }

    private static String java() {
        return ProcessHandle.current().info().command()
                .orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    }

    private static String classPath(Class<?> main) {
        Set<String> entries = new LinkedHashSet<>();
        for (ClassLoader loader = main.getClassLoader(); loader != null; loader = loader.getParent()) {
            if (loader instanceof URLClassLoader urls) {
                for (URL url : urls.getURLs()) {
                    if (url.getProtocol().equals("file")) {
                        try {
                            entries.add(new File(url.toURI()).getPath());
                        } catch (URISyntaxException e) {
                            throw new IllegalStateException("class path entry " + url + " is not a file", e);
                        }
                    }
                }
            }
        }
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            if (!entry.isEmpty()) {
                entries.add(entry);
            }
        }
        return String.join(File.pathSeparator, entries);
    }
}
