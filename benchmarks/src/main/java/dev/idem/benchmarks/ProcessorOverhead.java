package dev.idem.benchmarks;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;

/**
 * What the Idem processor adds to javac's time: the same 200-tool sources ({@link ToolSourceSet})
 * compiled by a fresh {@code javac} process without the processor ({@code -proc:none}) and with
 * it (on the processor path, found as any build finds it), alternating, each run into an empty
 * output folder; the medians are compared. With the processor, javac also compiles the generated
 * tool sets, which is part of what the processor costs.
 *
 * <pre>{@code
 * mvn -B -q -DskipTests package -pl benchmarks -am
 * java -cp benchmarks/target/benchmarks.jar dev.idem.benchmarks.ProcessorOverhead \
 *     processor/target/idem-processor-0.1.0-SNAPSHOT.jar 11
 * }</pre>
 *
 * <p>Both runs get the class path a tool author's build has (Idem's annotations and runtime,
 * Jackson, slf4j), cut out of the benchmarks jar, so neither pays for looking through jars it
 * does not use.
 */
public final class ProcessorOverhead {

    private ProcessorOverhead() {}

    public static void main(String[] args) throws Exception {
        Path processor = Path.of(args.length > 0 ? args[0] : "processor/target/idem-processor-0.1.0-SNAPSHOT.jar");
        int runs = args.length > 1 ? Integer.parseInt(args[1]) : 11;
        if (!Files.isRegularFile(processor)) {
            System.err.println("usage: ProcessorOverhead [idem-processor jar] [runs]; no processor jar at " + processor
                    + " (run mvn -B -q -DskipTests package -pl benchmarks -am first)");
            System.exit(2);
        }
        ToolSourceSet set = ToolSourceSet.twoHundredTools();
        Path work = Files.createTempDirectory("idem-processor-overhead");
        try {
            List<Path> sources = set.writeTo(work.resolve("src"));
            Path classPath = work.resolve("idem-classpath.jar");
            writeClassPathJar(ownJar(), classPath);
            Javac javac = new Javac(classPath.toString(), processor.toString(), sources, work);
            // One of each first, not counted: fills the file cache and checks both compile.
            int generated = javac.run(true).generatedToolSets();
            if (generated != set.classes() || javac.run(false).generatedToolSets() != 0) {
                throw new IllegalStateException("expected " + set.classes() + " generated tool sets with the processor"
                        + " and none without, got " + generated);
            }
            long[] without = new long[runs];
            long[] with = new long[runs];
            for (int i = 0; i < runs; i++) {
                // Alternate which goes first, so a slow spell on a shared machine hits both alike.
                if (i % 2 == 0) {
                    without[i] = javac.run(false).millis();
                    with[i] = javac.run(true).millis();
                } else {
                    with[i] = javac.run(true).millis();
                    without[i] = javac.run(false).millis();
                }
                System.out.printf("run %2d: without %5d ms, with %5d ms%n", i + 1, without[i], with[i]);
            }
            long medianWithout = median(without);
            long medianWith = median(with);
            System.out.printf("%d tools in %d classes, %d runs each, %s%n", set.tools(), set.classes(), runs,
                    System.getProperty("java.vm.name") + " " + System.getProperty("java.version"));
            System.out.printf("javac without the processor: median %d ms (min %d, max %d)%n",
                    medianWithout, min(without), max(without));
            System.out.printf("javac with the processor:    median %d ms (min %d, max %d)%n",
                    medianWith, min(with), max(with));
            System.out.printf("the processor adds %.1f %% (target: at most 30 %%)%n",
                    100.0 * (medianWith - medianWithout) / medianWithout);
        } finally {
            deleteRecursively(work);
        }
    }

    /** The shaded benchmarks jar this class runs from. */
    private static Path ownJar() throws Exception {
        Path jar = Path.of(ProcessorOverhead.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        if (!Files.isRegularFile(jar)) {
            throw new IllegalStateException("run from benchmarks/target/benchmarks.jar, not from " + jar);
        }
        return jar;
    }

    /**
     * Copies out of the shaded jar what a tool author's compile class path holds: Idem's
     * annotations and runtime, Jackson 3 (and the annotations it uses) and slf4j. Not the peers,
     * not JMH, not the benchmarks: javac would look through them in both runs alike.
     */
    static void writeClassPathJar(Path shaded, Path target) throws IOException {
        try (JarFile in = new JarFile(shaded.toFile());
                JarOutputStream out = new JarOutputStream(Files.newOutputStream(target))) {
            for (JarEntry entry : Collections.list(in.entries())) {
                if (!entry.isDirectory() && onAuthorsClassPath(entry.getName())) {
                    out.putNextEntry(new JarEntry(entry.getName()));
                    try (InputStream bytes = in.getInputStream(entry)) {
                        bytes.transferTo(out);
                    }
                    out.closeEntry();
                }
            }
        }
    }

    static boolean onAuthorsClassPath(String entry) {
        return entry.startsWith("dev/idem/") && !entry.startsWith("dev/idem/benchmarks/")
                        && !entry.startsWith("dev/idem/processor/")
                || entry.startsWith("tools/jackson/")
                || entry.startsWith("com/fasterxml/jackson/annotation/")
                || entry.startsWith("org/slf4j/");
    }

    static long median(long[] values) {
        long[] sorted = values.clone();
        Arrays.sort(sorted);
        int middle = sorted.length / 2;
        return sorted.length % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
    }

    private static long min(long[] values) {
        return Arrays.stream(values).min().orElse(0);
    }

    private static long max(long[] values) {
        return Arrays.stream(values).max().orElse(0);
    }

    static void deleteRecursively(Path root) throws IOException {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(root)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(path);
            }
        }
    }

    /** One fresh {@code javac} process over the sources, into an emptied output folder. */
    private record Javac(String classPath, String processorPath, List<Path> sources, Path work) {

        record Result(long millis, int generatedToolSets) {}

        Result run(boolean withProcessor) throws IOException, InterruptedException {
            Path out = work.resolve("classes");
            Path generated = work.resolve("generated");
            deleteRecursively(out);
            deleteRecursively(generated);
            Files.createDirectories(out);
            Files.createDirectories(generated);
            List<String> command = new ArrayList<>(List.of(
                    Path.of(System.getProperty("java.home"), "bin", "javac").toString(),
                    "-d", out.toString(), "-s", generated.toString(), "-cp", classPath, "-nowarn"));
            if (withProcessor) {
                command.addAll(List.of("-processorpath", processorPath));
            } else {
                command.add("-proc:none");
            }
            for (Path source : sources) {
                command.add(source.toString());
            }
            Path log = work.resolve("javac.log");
            long start = System.nanoTime();
            Process javac = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
            int exit = javac.waitFor();
            long millis = (System.nanoTime() - start) / 1_000_000;
            if (exit != 0) {
                throw new IllegalStateException("javac failed (" + exit + "):\n" + Files.readString(log));
            }
            return new Result(millis, countToolSets(generated));
        }

        private static int countToolSets(Path generated) {
            try (Stream<Path> files = Files.walk(generated)) {
                return (int) files.filter(f -> f.getFileName().toString().endsWith("_ToolSet.java")).count();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }
}
