package dev.idem.state.crash;

import dev.idem.state.StateStore;
import java.io.PrintStream;
import java.nio.file.Path;

/**
 * The process the crash test kills: it continues from the saved version and saves the next
 * versions as fast as it can, printing each version number once its save has returned.
 * Usage: {@code StateWriterChild <state directory>}.
 */
public final class StateWriterChild {
    private StateWriterChild() {
    }

    public static void main(String[] args) {
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
}
