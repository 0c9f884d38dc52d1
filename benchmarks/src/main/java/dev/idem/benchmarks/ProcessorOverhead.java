package dev.idem.benchmarks;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.lang.management.ManagementFactory;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;
import javax.tools.ForwardingJavaFileManager;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileManager;
import javax.tools.StandardJavaFileManager;
import javax.tools.StandardLocation;
import javax.tools.ToolProvider;

/**
 * What the Idem processor adds to javac's time: the same 200-tool sources ({@link ToolSourceSet})
 * compiled by a fresh {@code javac} process three ways (more with several processors), interleaved, each run into an empty output
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
 * <p>The first argument may list several processors, comma-separated, each a jar or {@code null}
 * for the {@link NullToolProcessor} (the floor of any processor that writes sources); all are
 * measured in the same interleaved runs, each with its own pre-generated variant (none for the
 * null processor):
 *
 * <pre>{@code
 * java -cp benchmarks/target/benchmarks.jar dev.idem.benchmarks.ProcessorOverhead \
 *     /tmp/before.jar,processor/target/idem-processor-0.1.0-SNAPSHOT.jar,null 11 SIX_PARAMETERS
 * }</pre>
 *
 * <p>The fourth argument says where javac runs ({@link Mode}): {@code fresh}, the default, starts a
 * javac process per compile, as a cold command-line build; {@code in-process} runs javac in this
 * JVM ({@link ToolProvider}), warmed up, as a build tool that keeps javac in its own JVM does
 * (Maven's compiler plugin, Gradle's daemon), each compile loading the processor afresh from
 * {@code -processorpath} as javac does; {@code in-process-kept} also keeps the processor's class
 * loader from compile to compile, so the processor's own code is warm too: the best case of a
 * long-lived build.
 *
 * <p>The third argument names the {@link ToolSourceSet.Signatures} ({@code SIX_PARAMETERS}, the
 * default, or {@code ROTATING}). Every run gets the class path a tool author's build has (Idem's
 * annotations and runtime, Jackson, slf4j), cut out of the benchmarks jar, so none pays for
 * looking through jars it does not use.
 */
public final class ProcessorOverhead {

    /** How many compiles of each variant warm the JVM up before the counted ones, in-process. */
    private static final int IN_PROCESS_WARM_UP = 5;

    private ProcessorOverhead() {}

    /** Where javac runs, and whether the processor's classes outlive a compile. */
    enum Mode {
        FRESH("a fresh javac process per compile"),
        IN_PROCESS("javac in this JVM (javax.tools), the processor loaded afresh per compile"),
        IN_PROCESS_KEPT("javac in this JVM (javax.tools), the processor's class loader kept");

        final String label;

        Mode(String label) {
            this.label = label;
        }

        static Mode of(String argument) {
            return valueOf(argument.toUpperCase(Locale.ROOT).replace('-', '_'));
        }
    }

    /** How the sources are compiled. */
    enum Kind {
        ALONE("javac alone"),
        PROCESSOR("javac with"),
        PREGENERATED("javac on sources + pre-generated of");

        final String label;

        Kind(String label) {
            this.label = label;
        }
    }

    /**
     * A processor to measure: a jar for {@code -processorpath}, or the {@link NullToolProcessor}.
     *
     * @param name how the report names it (the jar's file name without {@code .jar}, or {@code null})
     * @param path its processor path
     * @param nothing whether it is the null processor, which has no pre-generated variant
     */
    record Processor(String name, Path path, boolean nothing) {}

    /** One way of compiling: javac alone, or with or after one of the processors. */
    record Variant(Kind kind, Processor processor) {

        String label() {
            return processor == null ? kind.label : kind.label + " " + processor.name();
        }

        String shortName() {
            return switch (kind) {
                case ALONE -> "alone";
                case PROCESSOR -> processor.name();
                case PREGENERATED -> "pre-" + processor.name();
            };
        }
    }

    public static void main(String[] args) throws Exception {
        String processorArgument = args.length > 0 ? args[0] : "processor/target/idem-processor-0.1.0-SNAPSHOT.jar";
        int runs = args.length > 1 ? Integer.parseInt(args[1]) : 11;
        ToolSourceSet.Signatures signatures = args.length > 2 ? ToolSourceSet.Signatures.valueOf(args[2])
                : ToolSourceSet.Signatures.SIX_PARAMETERS;
        Mode mode = args.length > 3 ? Mode.of(args[3]) : Mode.FRESH;
        ToolSourceSet set = ToolSourceSet.twoHundredTools(signatures);
        Path work = Files.createTempDirectory("idem-processor-overhead");
        try {
            List<Processor> processors = new ArrayList<>();
            for (String name : processorArgument.split(",")) {
                if (name.equals("null")) {
                    Path jar = work.resolve("null-processor.jar");
                    writeNullProcessorJar(ownJar(), jar);
                    processors.add(new Processor("null", jar, true));
                    continue;
                }
                Path jar = Path.of(name);
                if (!Files.isRegularFile(jar)) {
                    System.err.println("usage: ProcessorOverhead [idem-processor jar,...|null] [runs]"
                            + " [SIX_PARAMETERS|ROTATING] [fresh|in-process|in-process-kept]; no processor jar at " + jar
                            + " (run mvn -B -q -DskipTests package -pl benchmarks -am first)");
                    System.exit(2);
                }
                processors.add(new Processor(jar.getFileName().toString().replaceFirst("\\.jar$", ""), jar, false));
            }
            List<Path> sources = set.writeTo(work.resolve("src"));
            Path classPath = work.resolve("idem-classpath.jar");
            writeClassPathJar(ownJar(), classPath);
            Javac javac = new Javac(classPath.toString(), sources, work, mode);
            List<Variant> variants = new ArrayList<>();
            variants.add(new Variant(Kind.ALONE, null));
            // One of each first, not counted: fills the file cache, checks all compile and keeps
            // each processor's generated sources for its pre-generated variant.
            if (javac.run(variants.get(0)).generatedToolSets() != 0) {
                throw new IllegalStateException("javac alone generated tool sets");
            }
            for (Processor processor : processors) {
                Variant with = new Variant(Kind.PROCESSOR, processor);
                Javac.Result first = javac.run(with);
                int expected = expectedToolSets(with, set);
                if (first.generatedToolSets() != expected) {
                    throw new IllegalStateException("expected " + expected + " generated tool sets with "
                            + processor.name() + ", got " + first.generatedToolSets());
                }
                copyTree(work.resolve("generated"), javac.pregenerated(processor));
                variants.add(with);
                if (!processor.nothing()) {
                    Variant pregenerated = new Variant(Kind.PREGENERATED, processor);
                    javac.run(pregenerated);
                    variants.add(pregenerated);
                }
            }
            // In-process, javac's own code is compiled by the JIT only after a few compiles, as in a
            // build tool that runs javac in its own JVM.
            for (int i = 1; mode != Mode.FRESH && i < IN_PROCESS_WARM_UP; i++) {
                for (Variant variant : variants) {
                    javac.run(variant);
                }
            }
            System.out.println(mode.label + (mode == Mode.FRESH ? "" : ", warmed up by " + IN_PROCESS_WARM_UP
                    + " compiles of each") + "; load average at the start: " + loadAverage());
            long[][] millis = new long[variants.size()][runs];
            long[][] cpu = new long[variants.size()][runs];
            for (int i = 0; i < runs; i++) {
                StringBuilder line = new StringBuilder(String.format("run %2d:", i + 1));
                for (int k = 0; k < variants.size(); k++) {
                    int v = (i + k) % variants.size();
                    Javac.Result result = javac.run(variants.get(v));
                    if (result.generatedToolSets() != expectedToolSets(variants.get(v), set)) {
                        throw new IllegalStateException(variants.get(v).label() + " generated "
                                + result.generatedToolSets() + " tool sets");
                    }
                    millis[v][i] = result.millis();
                    cpu[v][i] = result.cpuMillis();
                }
                for (int v = 0; v < variants.size(); v++) {
                    line.append(String.format("  %s %5d ms (cpu %5d)", variants.get(v).shortName(), millis[v][i],
                            cpu[v][i]));
                }
                System.out.println(line);
            }
            System.out.println("load average at the end: " + loadAverage());
            System.out.printf("%d tools in %d classes (%s), %d runs each, %s%n", set.tools(), set.classes(),
                    signatures, runs, System.getProperty("java.vm.name") + " " + System.getProperty("java.version"));
            System.out.printf("tool sources %,d lines%n", lines(work.resolve("src")));
            for (Processor processor : processors) {
                System.out.printf("generated sources of %s: %,d lines%n", processor.name(),
                        lines(javac.pregenerated(processor)));
            }
            report("wall clock", variants, processors, millis);
            if (cpu[0][0] >= 0) {
                report("CPU time (user + system, every thread)", variants, processors, cpu);
            }
        } finally {
            deleteRecursively(work);
        }
    }

    /** How many tool sets a compile of {@code variant} writes: one per class with an Idem processor. */
    private static int expectedToolSets(Variant variant, ToolSourceSet set) {
        return variant.kind() == Kind.PROCESSOR && !variant.processor().nothing() ? set.classes() : 0;
    }

    /** Medians per variant as ratios to javac alone, and the split of what each processor adds. */
    private static void report(String what, List<Variant> variants, List<Processor> processors, long[][] millis) {
        System.out.println(what + ":");
        long alone = median(millis[0]);
        for (int v = 0; v < variants.size(); v++) {
            long[] values = millis[v];
            System.out.printf("  %-50s median %,6d ms (min %,d, max %,d)  %.2fx%n", variants.get(v).label() + ":",
                    median(values), min(values), max(values), (double) median(values) / alone);
        }
        for (Processor processor : processors) {
            long withProcessor = median(millis[variants.indexOf(new Variant(Kind.PROCESSOR, processor))]);
            System.out.printf("  %s: javac with the processor / javac alone: %.2fx (target: at most 1.5x)%n",
                    processor.name(), (double) withProcessor / alone);
            int pregenerated = variants.indexOf(new Variant(Kind.PREGENERATED, processor));
            if (pregenerated < 0) {
                continue;
            }
            long compiled = median(millis[pregenerated]);
            System.out.printf("    compiling the generated sources: %,6d ms (%.2fx of javac alone)%n",
                    compiled - alone, (double) (compiled - alone) / alone);
            System.out.printf("    the processor's own run:         %,6d ms (%.2fx of javac alone)%n",
                    withProcessor - compiled, (double) (withProcessor - compiled) / alone);
        }
    }

    /** The 1, 5 and 15 minute load averages, from Linux's {@code /proc/loadavg}; "unknown" elsewhere. */
    private static String loadAverage() {
        try {
            String[] fields = Files.readString(Path.of("/proc/loadavg")).split(" ");
            return fields[0] + " " + fields[1] + " " + fields[2];
        } catch (IOException | RuntimeException e) {
            return "unknown";
        }
    }

    /** A jar of {@link NullToolProcessor} alone, registered as javac's processor service. */
    static void writeNullProcessorJar(Path shaded, Path target) throws IOException {
        String entryName = NullToolProcessor.class.getName().replace('.', '/') + ".class";
        try (JarFile in = new JarFile(shaded.toFile());
                JarOutputStream out = new JarOutputStream(Files.newOutputStream(target))) {
            out.putNextEntry(new JarEntry(entryName));
            try (InputStream bytes = in.getInputStream(in.getJarEntry(entryName))) {
                bytes.transferTo(out);
            }
            out.closeEntry();
            out.putNextEntry(new JarEntry("META-INF/services/javax.annotation.processing.Processor"));
            out.write((NullToolProcessor.class.getName() + "\n").getBytes(java.nio.charset.StandardCharsets.UTF_8));
            out.closeEntry();
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

    /** One javac over the sources, into an emptied output folder. */
    private record Javac(String classPath, List<Path> sources, Path work, Mode mode) {

        /** Where the generated sources of {@code processor}'s first run are kept. */
        Path pregenerated(Processor processor) {
            return work.resolve("pregenerated-" + processor.name());
        }

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

        /** The CPU time of this JVM, every thread (the JIT's and the collector's too); -1 if unknown. */
        private static long processCpuNanos(java.lang.management.OperatingSystemMXBean system) {
            return system instanceof com.sun.management.OperatingSystemMXBean sun ? sun.getProcessCpuTime() : -1;
        }

        Result run(Variant variant) throws IOException, InterruptedException {
            Path out = work.resolve("classes");
            Path generated = work.resolve("generated");
            deleteRecursively(out);
            deleteRecursively(generated);
            Files.createDirectories(out);
            Files.createDirectories(generated);
            List<String> options = new ArrayList<>(List.of(
                    "-d", out.toString(), "-s", generated.toString(), "-cp", classPath, "-nowarn"));
            if (variant.kind() == Kind.PROCESSOR) {
                options.addAll(List.of("-processorpath", variant.processor().path().toString()));
            } else {
                options.add("-proc:none");
            }
            List<Path> files = new ArrayList<>(sources);
            if (variant.kind() == Kind.PREGENERATED) {
                try (Stream<Path> generatedFiles = Files.walk(pregenerated(variant.processor()))) {
                    generatedFiles.filter(f -> f.toString().endsWith(".java")).sorted().forEach(files::add);
                }
            }
            Path log = work.resolve("javac.log");
            int exit;
            long millis;
            long cpuMillis;
            if (mode != Mode.FRESH) {
                // Garbage of the compile before is not this one's to collect.
                System.gc();
                java.lang.management.OperatingSystemMXBean system = ManagementFactory.getOperatingSystemMXBean();
                long cpuBefore = processCpuNanos(system);
                long start = System.nanoTime();
                JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
                try (Writer text = Files.newBufferedWriter(log);
                        StandardJavaFileManager standard = compiler.getStandardFileManager(null, null, null);
                        JavaFileManager manager = new OwnProcessorPath(standard, mode == Mode.IN_PROCESS_KEPT)) {
                    exit = compiler.getTask(text, manager, null, options, null,
                            standard.getJavaFileObjectsFromPaths(files)).call() ? 0 : 1;
                }
                millis = (System.nanoTime() - start) / 1_000_000;
                cpuMillis = cpuBefore < 0 ? -1 : (processCpuNanos(system) - cpuBefore) / 1_000_000;
            } else {
                List<String> command = new ArrayList<>();
                command.add(Path.of(System.getProperty("java.home"), "bin", "javac").toString());
                command.addAll(options);
                files.forEach(file -> command.add(file.toString()));
                long cpuBefore = childrenCpuMillis();
                long start = System.nanoTime();
                Process javac = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile())
                        .start();
                exit = javac.waitFor();
                millis = (System.nanoTime() - start) / 1_000_000;
                cpuMillis = childrenCpuMillis() - cpuBefore;
            }
            if (exit != 0) {
                throw new IllegalStateException("javac failed (" + exit + "):\n" + Files.readString(log));
            }
            return new Result(millis, cpuMillis, countToolSets(generated));
        }

        /**
         * The processor path's class loader, seeing past this JVM's class path: javac's own would
         * delegate to it first, and the benchmarks jar holds a copy of the Idem processor (and
         * its service entry), so every compile would run that one, already compiled by the JIT,
         * instead of the jar's. Only the compiler's API (javax.annotation.processing and
         * com.sun.source, which processors may use) comes from this JVM's loaders.
         */
        private static final class OwnProcessorPath extends ForwardingJavaFileManager<StandardJavaFileManager> {
            private static final ClassLoader COMPILER_API = new ClassLoader(ClassLoader.getPlatformClassLoader()) {
                @Override
                protected Class<?> findClass(String name) throws ClassNotFoundException {
                    if (name.startsWith("com.sun.source.")) {
                        return Class.forName(name, false, ToolProvider.getSystemJavaCompiler().getClass().getClassLoader());
                    }
                    throw new ClassNotFoundException(name);
                }
            };

            /**
             * The processor loaders kept from compile to compile ({@link Mode#IN_PROCESS_KEPT}), by
             * processor path; only the benchmark's thread compiles.
             */
            private static final Map<List<URL>, ClassLoader> KEPT = new HashMap<>();

            private final boolean keep;

            OwnProcessorPath(StandardJavaFileManager standard, boolean keep) {
                super(standard);
                this.keep = keep;
            }

            @Override
            public ClassLoader getClassLoader(Location location) {
                if (location != StandardLocation.ANNOTATION_PROCESSOR_PATH) {
                    return super.getClassLoader(location);
                }
                List<URL> urls = new ArrayList<>();
                for (Path path : fileManager.getLocationAsPaths(location)) {
                    try {
                        urls.add(path.toUri().toURL());
                    } catch (MalformedURLException e) {
                        throw new IllegalArgumentException(e);
                    }
                }
                if (!keep) {
                    return new URLClassLoader(urls.toArray(URL[]::new), COMPILER_API);
                }
                // javac closes the processor loader after the compile; a kept one must survive it.
                return KEPT.computeIfAbsent(urls, path -> new URLClassLoader(path.toArray(URL[]::new), COMPILER_API) {
                    @Override
                    public void close() {}
                });
            }
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
