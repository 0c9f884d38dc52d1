package dev.idem.state.crash;

import dev.idem.state.StateStore;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;

/**
 * The process the crash test kills: it continues from the saved version and saves the next
 * versions as fast as it can, printing each version number once its save has returned.
 * Usage: {@code StateWriterChild <state directory>}. It halts when its standard input ends, which
 * happens when the test's JVM dies: a writer orphaned by an aborted build must not run on forever.
 */
public final class StateWriterChild {
    private StateWriterChild() {
    }

    public static void main(String[] args) {
        haltWhenParentGoes();
        StateStore store = StateStore.open(Path.of(args[0]));
        long version = store.load(CrashDocument.NAME).map(state -> state.get("version").asLong()).orElse(0L);
        PrintStream out = System.out;
        while (true) {
            version++;
            store.save(CrashDocument.NAME, CrashDocument.of(version));
            out.println(version);
            out.flush();
        }
    }

    private static void haltWhenParentGoes() {
        Thread watcher = new Thread(() -> {
            try {
                while (System.in.read() >= 0) {
                    // the parent never writes; only the end of the stream matters
                }
            } catch (IOException e) {
                // a broken pipe is the parent gone too
            }
            Runtime.getRuntime().halt(3);
        }, "parent-watcher");
        watcher.setDaemon(true);
        watcher.start();
    }
}
