package dev.idem.samples;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * One process of the supplier payment's run ({@link SupplierChild}), watched from its parent:
 * its trace is echoed, and {@link #awaitLine} waits for the line that ends the step.
 */
final class SupplierProcess implements AutoCloseable {

    /** Generous: a cold JVM on a busy two-core machine. Nothing waits this long when all is well. */
    private static final long CHILD_WAIT_SECONDS = 120;
    private static final String END = "\u0000end";

    private final Process process;
    private final Path stderr;
    private final PrintStream out;
    private final BlockingQueue<String> queue = new LinkedBlockingQueue<>();
    private final List<String> lines = new ArrayList<>();

    private SupplierProcess(Process process, Path stderr, PrintStream out) {
        this.process = process;
        this.stderr = stderr;
        this.out = out;
        Thread reader = new Thread(() -> {
            try (BufferedReader in = new BufferedReader(new InputStreamReader(process.getInputStream(),
                    StandardCharsets.UTF_8))) {
                for (String line = in.readLine(); line != null; line = in.readLine()) {
                    queue.add(line);
                }
            } catch (IOException killed) {
                // the process died under the reader: what it said before is in the queue
            }
            queue.add(END);
        }, "supplier-child-stdout");
        reader.setDaemon(true);
        reader.start();
    }

    /** Starts {@link SupplierChild} with {@code args}, echoing its trace to {@code out} (null: silent). */
    static SupplierProcess start(Path stderr, PrintStream out, String... args) throws IOException {
        return new SupplierProcess(ChildJvm.start(SupplierChild.class, stderr, args), stderr, out);
    }

    /** The process's id. */
    long pid() {
        return process.pid();
    }

    /** Everything it said so far. */
    List<String> lines() {
        return List.copyOf(lines);
    }

    /** Waits for the first line starting with {@code prefix} and answers the rest of it. */
    String awaitLine(String prefix) throws IOException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(CHILD_WAIT_SECONDS);
        try {
            while (true) {
                String line = queue.poll(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
                if (line == null || line.equals(END)) {
                    process.destroyForcibly();
                    throw new IllegalStateException("the agent process " + (line == null ? "did not say '" + prefix
                            + "' in " + CHILD_WAIT_SECONDS + " s" : "ended before it said '" + prefix + "'")
                            + "; it said " + lines + " and on stderr: " + Files.readString(stderr));
                }
                lines.add(line);
                if (line.startsWith(prefix)) {
                    return line.substring(prefix.length()).trim();
                }
                if (out != null && line.startsWith(SupplierChild.EVENT)) {
                    out.println("  [pid " + process.pid() + "] " + line.substring(SupplierChild.EVENT.length()));
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            process.destroyForcibly();
            throw new IllegalStateException("interrupted while waiting for the agent process", e);
        }
    }

    /** Waits for the process to end by itself and answers its exit status. */
    int awaitExit() {
        return waitFor();
    }

    /** Kills it with SIGKILL and answers its exit status (137 when the signal ended it). */
    int kill() {
        process.destroyForcibly();
        return waitFor();
    }

    private int waitFor() {
        try {
            if (!process.waitFor(CHILD_WAIT_SECONDS, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new IllegalStateException("the agent process " + process.pid() + " did not end");
            }
            return process.exitValue();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            process.destroyForcibly();
            throw new IllegalStateException("interrupted while waiting for the agent process", e);
        }
    }

    @Override
    public void close() {
        process.destroyForcibly();
    }
}
