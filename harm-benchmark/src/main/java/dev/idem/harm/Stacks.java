package dev.idem.harm;

import java.util.List;
import java.util.function.Supplier;

/** Every row of the table, in the order shown. */
final class Stacks {
    private Stacks() {
    }

    static List<Stack> all(Supplier<SharedJournal> journal) {
        return List.of(
                new NaiveLoopStack(),
                new IdemAgentStack(null),
                new IdemAgentStack(journal));
    }

}
