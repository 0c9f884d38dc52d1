package dev.idem.agent;

import dev.idem.internal.Mode;
import dev.idem.llm.ChatMessage;
import dev.idem.state.StateStore;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Supplier;

/**
 * An agent's committed conversation (the system message not included) and the rules that guard
 * it: a run starts from it and commits its work back only when it ended ANSWERED, REFUSED or
 * LIMIT_REACHED, trimmed to the window; runs and the operations on the conversation (save,
 * restore, clear) happen one at a time, in the order they were asked for, because each continues
 * the conversation the previous one left.
 *
 * <p>Thread-safe: the committed list is immutable and replaced whole (copy-on-write), and the
 * order of operations is one chain of stages guarded by this object's lock.
 */
final class Conversation {

    private final String agentName;
    private final ConversationWindow window;
    // Replaced whole by the operation in turn; read at any time.
    private volatile List<ChatMessage> committed = List.of();
    // The end of the last operation asked for: the next one starts when it completes.
    private CompletableFuture<Void> tail = CompletableFuture.completedFuture(null);

    Conversation(String agentName, ConversationWindow window) {
        this.agentName = agentName;
        this.window = window;
    }

    /** The committed conversation, oldest first. */
    List<ChatMessage> messages() {
        return committed;
    }

    /**
     * The commit rule: the conversation a run leaves ({@code messages}) becomes the committed one
     * when the run ended with an answer, a refusal (an answer too) or a limit; after a failure the
     * conversation stays as it was before the run. Called by the run in turn.
     */
    void commit(AgentStatus status, List<ChatMessage> messages) {
        if (status == AgentStatus.ANSWERED || status == AgentStatus.REFUSED || status == AgentStatus.LIMIT_REACHED) {
            committed = window.apply(messages);
        }
    }

    /**
     * Starts {@code step} once every operation asked for earlier ended. Blocking: waits for them
     * on the caller's thread, runs the step there, and returns a completed stage. Non-blocking:
     * chains on them.
     */
    <T> CompletionStage<T> inTurn(Mode mode, Supplier<CompletionStage<T>> step) {
        CompletableFuture<Void> previous;
        CompletableFuture<Void> mine = new CompletableFuture<>();
        synchronized (this) {
            previous = tail;
            tail = mine;
        }
        if (mode.isBlocking()) {
            try {
                previous.join();
                return CompletableFuture.completedFuture(Mode.join(step.get()));
            } finally {
                mine.complete(null);
            }
        }
        CompletionStage<T> result = previous.thenCompose(ignored -> step.get());
        result.whenComplete((value, error) -> mine.complete(null));
        return result;
    }

    /** Writes the conversation to {@code store} as {@code documentName}, atomically, in turn. */
    void save(StateStore store, String documentName) {
        checkStore(store, documentName);
        Mode.join(inTurn(Mode.BLOCKING, () -> {
            store.save(documentName, ConversationJson.write(agentName, committed));
            return CompletableFuture.completedFuture(null);
        }));
    }

    /** Replaces the conversation with {@code documentName} from {@code store}, in turn; false when absent. */
    boolean restore(StateStore store, String documentName) {
        checkStore(store, documentName);
        return Mode.join(inTurn(Mode.BLOCKING, () -> {
            Optional<List<ChatMessage>> restored = store.load(documentName).map(ConversationJson::read);
            restored.ifPresent(messages -> committed = List.copyOf(messages));
            return CompletableFuture.completedFuture(restored.isPresent());
        }));
    }

    /** Forgets the conversation, in turn. */
    void clear() {
        Mode.join(inTurn(Mode.BLOCKING, () -> {
            committed = List.of();
            return CompletableFuture.completedFuture(null);
        }));
    }

    private static void checkStore(StateStore store, String documentName) {
        Objects.requireNonNull(store, "store");
        StateStore.requireValidName(documentName);
    }
}
