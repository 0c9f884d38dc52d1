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
                Langchain4jStack.peer(0),
                Langchain4jStack.peer(3),
                SpringAiStack.peer(false),
                SpringAiStack.peer(true),
                new IdemAgentStack(null),
                new IdemAgentStack(journal),
                Langchain4jStack.idem(null),
                Langchain4jStack.idemWithModelRetries(3),
                SpringAiStack.idem(null),
                SpringAiStack.idemWithModelRetry(),
                McpStack.peer(),
                McpStack.idem(null),
                McpStack.idem(journal));
    }

}
