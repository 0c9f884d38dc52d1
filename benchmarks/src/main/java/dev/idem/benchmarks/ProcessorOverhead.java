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
import java.util.Locale;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;

/**
 * What the Idem processor adds to javac's time: the same 200-tool sources ({@link ToolSourceSet})
 * compiled by a fresh {@code javac} process three ways, interleaved, each run into an empty output
 * folder, and their medians compared as ratios to javac alone:
 *
 * <ul>
 *   <li><b>alone</b>: the tool sources, {@code -proc:none};
 *   <li><b>processor</b>: the tool sources with the processor on {@code -processorpath} (found as
 *       any build finds it), so javac also compiles the tool sets it generates;
 *   <li><b>pre-generated</b>: the tool sources and the generated sources of the first processor
 *       run, {@code -proc:none}: what compiling the generated code costs without the processor.
 * </ul>
 *
 * <p>Pre-generated minus alone is the cost of compiling what the processor writes; processor minus
 * pre-generated is the processor's own run. The order of the three rotates from run to run, so a
 * slow spell on a shared machine hits all alike.
 *
 * <pre>{@code
 * mvn -B -q -DskipTests package -pl benchmarks -am
 * java -cp benchmarks/target/benchmarks.jar dev.idem.benchmarks.ProcessorOverhead \
 *     processor/target/idem-processor-0.1.0-SNAPSHOT.jar 11 SIX_PARAMETERS
 * }</pre>
 *
 * <p>The third argument names the {@link ToolSourceSet.Signatures} ({@code SIX_PARAMETERS}, the
 * default, or {@code ROTATING}). Every run gets the class path a tool author's build has (Idem's
 * annotations and runtime, Jackson, slf4j), cut out of the benchmarks jar, so none pays for
 * looking through jars it does not use.
 */
public final class ProcessorOverhead {

    private ProcessorOverhead() {}

    /** The three ways the sources are compiled. */
    enum Variant {
        ALONE("javac alone"),
        PROCESSOR("javac with the processor"),
        PREGENERATED("javac on sources + pre-generated sources");

        final String label;

        Variant(String label) {
            this.label = label;
        }
    }

    public static void main(String[] args) throws Exception {
        Path processor = Path.of(args.length > 0 ? args[0] : "processor/target/idem-processor-0.1.0-SNAPSHOT.jar");
        int runs = args.length > 1 ? Integer.parseInt(args[1]) : 11;
        ToolSourceSet.Signatures signatures = args.length > 2 ? ToolSourceSet.Signatures.valueOf(args[2])
                : ToolSourceSet.Signatures.SIX_PARAMETERS;
        if (!Files.isRegularFile(processor)) {
            System.err.println("usage: ProcessorOverhead [idem-processor jar] [runs] [SIX_PARAMETERS|ROTATING];"
                    + " no processor jar at " + processor + " (run mvn -B -q -DskipTests package -pl benchmarks -am first)");
            System.exit(2);
        }
        ToolSourceSet set = ToolSourceSet.twoHundredTools(signatures);
        Path work = Files.createTempDirectory("idem-processor-overhead");
        try {
            List<Path> sources = set.writeTo(work.resolve("src"));
            Path classPath = work.resolve("idem-classpath.jar");
            writeClassPathJar(ownJar(), classPath);
            Path pregenerated = work.resolve("pregenerated");
            Javac javac = new Javac(classPath.toString(), processor.toString(), sources, pregenerated, work);
            // One of each first, not counted: fills the file cache, checks all compile and keeps
            // the generated sources for the pre-generated variant.
            Javac.Result first = javac.run(Variant.PROCESSOR);
            copyTree(work.resolve("generated"), pregenerated);
            if (first.generatedToolSets() != set.classes() || javac.run(Variant.ALONE).generatedToolSets() != 0) {
                throw new IllegalStateException("expected " + set.classes() + " generated tool sets with the processor"
                        + " and none without, got " + first.generatedToolSets());
            }
            javac.run(Variant.PREGENERATED);
            Variant[] variants = Variant.values();
            long[][] millis = new long[variants.length][runs];
            long[][] cpu = new long[variants.length][runs];
            for (int i = 0; i < runs; i++) {
                StringBuilder line = new StringBuilder(String.format("run %2d:", i + 1));
                for (int k = 0; k < variants.length; k++) {
                    Variant variant = variants[(i + k) % variants.length];
                    Javac.Result result = javac.run(variant);
                    millis[variant.ordinal()][i] = result.millis();
                    cpu[variant.ordinal()][i] = result.cpuMillis();
                }
                for (Variant variant : variants) {
                    line.append(String.format("  %s %5d ms (cpu %5d)", variant.name().toLowerCase(Locale.ROOT),
                            millis[variant.ordinal()][i], cpu[variant.ordinal()][i]));
                }
                System.out.println(line);
            }
            System.out.printf("%d tools in %d classes (%s), %d runs each, %s%n", set.tools(), set.classes(),
                    signatures, runs, System.getProperty("java.vm.name") + " " + System.getProperty("java.version"));
            System.out.printf("tool sources %,d lines, generated sources %,d lines%n", lines(work.resolve("src")),
                    lines(pregenerated));
            report("wall clock", millis);
            if (cpu[0][0] >= 0) {
                report("CPU time (user + system, every thread)", cpu);
            }
        } finally {
            deleteRecursively(work);
        }
    }

    /** Medians per variant as ratios to javac alone, and the split of what the processor adds. */
    private static void report(String what, long[][] millis) {
        System.out.println(what + ":");
        long alone = median(millis[Variant.ALONE.ordinal()]);
        for (Variant variant : Variant.values()) {
            long[] values = millis[variant.ordinal()];
            System.out.printf("  %-42s median %,6d ms (min %,d, max %,d)  %.2fx%n", variant.label + ":",
                    median(values), min(values), max(values), (double) median(values) / alone);
        }
        long withProcessor = median(millis[Variant.PROCESSOR.ordinal()]);
        long compiled = median(millis[Variant.PREGENERATED.ordinal()]);
        System.out.printf("  compiling the generated sources: %,6d ms (%.2fx of javac alone)%n", compiled - alone,
                (double) (compiled - alone) / alone);
        System.out.printf("  the processor's own run:         %,6d ms (%.2fx of javac alone)%n",
                withProcessor - compiled, (double) (withProcessor - compiled) / alone);
        System.out.printf("  javac with the processor / javac alone: %.2fx (target: at most 1.5x)%n",
                (double) withProcessor / alone);
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

    static void copyTree(Path from, Path to) throws IOException {
        try (Stream<Path> paths = Files.walk(from)) {
            for (Path path : paths.sorted().toList()) {
                Path target = to.resolve(from.relativize(path).toString());
                if (Files.isDirectory(path)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(path, target);
                }
            }
        }
    }

    /** The lines of the Java sources under {@code root}. */
    static long lines(Path root) throws IOException {
        long lines = 0;
        try (Stream<Path> paths = Files.walk(root)) {
            for (Path path : paths.filter(p -> p.toString().endsWith(".java")).toList()) {
                try (Stream<String> text = Files.lines(path)) {
                    lines += text.count();
                }
            }
        }
        return lines;
    }

    /** One fresh {@code javac} process over the sources, into an emptied output folder. */
    private record Javac(String classPath, String processorPath, List<Path> sources, Path pregenerated, Path work) {

        /** Wall-clock and CPU time (user and system, all threads; -1 where unknown) of one javac. */
        record Result(long millis, long cpuMillis, int generatedToolSets) {}

        /**
         * The CPU time of this process's finished and waited-for children, from Linux's
         * {@code /proc/self/stat} ({@code cutime + cstime}, in clock ticks of 10 ms); -1 elsewhere.
         * On a shared machine it moves less than the wall clock: a javac that waits for a core
         * does not count the wait.
         */
        private static long childrenCpuMillis() throws IOException {
            Path stat = Path.of("/proc/self/stat");
            if (!Files.isReadable(stat)) {
                return -1;
            }
            String text = Files.readString(stat);
            // Fields after the command name, which is in parentheses and may hold spaces.
            String[] fields = text.substring(text.lastIndexOf(')') + 2).split(" ");
            // cutime and cstime are fields 16 and 17 of the whole line, 14 and 15 after the name.
            return (Long.parseLong(fields[13]) + Long.parseLong(fields[14])) * 10;
        }

        Result run(Variant variant) throws IOException, InterruptedException {
            Path out = work.resolve("classes");
            Path generated = work.resolve("generated");
            deleteRecursively(out);
            deleteRecursively(generated);
            Files.createDirectories(out);
            Files.createDirectories(generated);
            List<String> command = new ArrayList<>(List.of(
                    Path.of(System.getProperty("java.home"), "bin", "javac").toString(),
                    "-d", out.toString(), "-s", generated.toString(), "-cp", classPath, "-nowarn"));
            if (variant == Variant.PROCESSOR) {
                command.addAll(List.of("-processorpath", processorPath));
            } else {
                command.add("-proc:none");
            }
            for (Path source : sources) {
                command.add(source.toString());
            }
            if (variant == Variant.PREGENERATED) {
                try (Stream<Path> files = Files.walk(pregenerated)) {
                    files.filter(f -> f.toString().endsWith(".java")).sorted().forEach(f -> command.add(f.toString()));
                }
            }
            Path log = work.resolve("javac.log");
            long cpuBefore = childrenCpuMillis();
            long start = System.nanoTime();
            Process javac = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
            int exit = javac.waitFor();
            long millis = (System.nanoTime() - start) / 1_000_000;
            long cpuMillis = childrenCpuMillis() - cpuBefore;
            if (exit != 0) {
                throw new IllegalStateException("javac failed (" + exit + "):\n" + Files.readString(log));
            }
            return new Result(millis, cpuMillis, countToolSets(generated));
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
