package dev.idem.journal.crash;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Starting and reading the child JVMs the crash tests kill, the way {@code StateStoreCrashTest}
 * does: stdout to a file (what the child wrote before the kill is there; a pipe drained while the
 * process dies can fail its reader), killed with SIGKILL ({@link Process#destroyForcibly()}).
 */
public final class CrashChildren {

    private CrashChildren() {
    }

    /** Starts {@code main} with {@code args} in a fresh JVM on this test's class path. */
    public static Process start(Class<?> main, Path stdout, Path stderr, String... args) throws IOException {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-Xshare:auto", "-Xmx128m",
                "-Dorg.slf4j.simpleLogger.defaultLogLevel=warn",
                "-cp", System.getProperty("java.class.path"), main.getName()));
        command.addAll(List.of(args));
        return new ProcessBuilder(command).redirectOutput(stdout.toFile()).redirectError(stderr.toFile()).start();
    }

    /** SIGKILL, and wait until the process is gone. */
    public static void kill(Process child) {
        child.destroyForcibly();
        try {
            child.waitFor();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted while killing a child", e);
        }
    }

    /** SIGSTOP or SIGCONT: a process that stalls (a long GC pause, a frozen VM) and comes back. */
    public static void signal(Process child, String signal) {
        try {
            Process kill = new ProcessBuilder("kill", "-" + signal, Long.toString(child.pid())).inheritIO().start();
            if (kill.waitFor() != 0) {
                throw new AssertionError("kill -" + signal + " " + child.pid() + " failed");
            }
        } catch (IOException e) {
            throw new AssertionError("cannot send SIG" + signal, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    /** The complete {@code done} lines the child printed: {@code [n, key, status, replayed]} each. */
    public static List<String[]> doneLines(Path stdout) throws IOException {
        String text;
        try {
            text = Files.readString(stdout, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            return List.of();
        }
        List<String[]> lines = new ArrayList<>();
        int end = text.lastIndexOf('\n');
        if (end < 0) {
            return lines;
        }
        for (String line : text.substring(0, end).split("\n")) {
            if (line.startsWith("done ")) {
                lines.add(line.substring(5).trim().split(" "));
            }
        }
        return lines;
    }
}
