package dev.idem.journal;

import java.nio.file.Path;

/** Tries to open a file journal another process holds; exits 3 with the message when refused. */
public final class OpenJournalChild {
    private OpenJournalChild() {
    }

    public static void main(String[] args) {
        try {
            CallJournal.file(Path.of(args[0])).close();
            System.out.println("opened");
            System.exit(0);
        } catch (IllegalStateException e) {
            System.out.println(e.getMessage());
            System.exit(3);
        }
    }
}
