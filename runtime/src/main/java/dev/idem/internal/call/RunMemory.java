package dev.idem.internal.call;

import dev.idem.tool.ToolExecutionListener;
import dev.idem.tool.ToolRun;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * What one {@link ToolRun} remembers across its calls, and all its calls see of it: the intent id
 * their keys derive from, the repetition guard, the keys whose outcome may have taken effect, and
 * the listeners to tell. The call stages read and add to it; it knows nothing of them, nor of the
 * run that holds it. Thread-safe: an agent may run a turn's tool calls in parallel.
 */
public final class RunMemory {

    private final String intentId;
    private final RepetitionGuard guard = new RepetitionGuard();
    // Written by calls that may run concurrently in one turn.
    private final IntentKeys unknownOutcomes = new IntentKeys();
    // Keys a person approved for this run: their calls run without asking again.
    private final IntentKeys approved = new IntentKeys();
    private final List<ToolExecutionListener> listeners;

    /**
     * @param executorListeners the executor's listeners, immutable
     * @param ownListener       the run's own listener, told after them, or {@code null}
     */
    public RunMemory(String intentId, List<ToolExecutionListener> executorListeners, ToolExecutionListener ownListener) {
        this.intentId = Objects.requireNonNull(intentId, "intentId");
        if (ownListener == null) {
            this.listeners = executorListeners; // already immutable: no copy per run
        } else {
            List<ToolExecutionListener> all = new ArrayList<>(executorListeners);
            all.add(ownListener);
            this.listeners = List.copyOf(all);
        }
    }

    /** The id of the intent behind the run; part of every idempotency key derived in it. */
    public String intentId() {
        return intentId;
    }

    public RepetitionGuard guard() {
        return guard;
    }

    /** Records that an attempt of the intent with this key may have taken effect. */
    public void rememberUnknownOutcome(String idempotencyKey) {
        unknownOutcomes.add(idempotencyKey);
    }

    /** A verifier found that the intent with this key did or did not take effect: no longer unknown. */
    public void forgetUnknownOutcome(String idempotencyKey) {
        unknownOutcomes.remove(idempotencyKey);
    }

    /** Whether an earlier attempt of the intent with this key may have taken effect. */
    public boolean hadUnknownOutcome(String idempotencyKey) {
        return idempotencyKey != null && unknownOutcomes.contains(idempotencyKey);
    }

    public void approve(String idempotencyKey) {
        approved.add(idempotencyKey);
    }

    public boolean approved(String idempotencyKey) {
        return approved.contains(idempotencyKey);
    }

    /** The executor's listeners, then the run's own, if any. */
    public List<ToolExecutionListener> listeners() {
        return listeners;
    }
}
