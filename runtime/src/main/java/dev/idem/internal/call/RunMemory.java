package dev.idem.internal.call;

import dev.idem.tool.ToolExecutionListener;
import dev.idem.tool.ToolRun;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * What one {@link ToolRun} remembers across its calls, and all its calls see of it: the intent id
 * their keys derive from, what it learned of each key (failed terminally, may have taken effect,
 * approved by a person), and the listeners to tell. The call stages read and add to it; it knows nothing of them, nor of the
 * run that holds it. Thread-safe: an agent may run a turn's tool calls in parallel.
 */
public final class RunMemory {

    private static final int FAILED = 1;
    private static final int UNKNOWN_OUTCOME = 2;
    private static final int APPROVED = 4;

    private final String intentId;
    // What the run learned of each key: written by calls that may run concurrently in one turn.
    private final IntentKeys keys = new IntentKeys();
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

    /**
     * Whether this call failed terminally before in this run ({@link RepetitionGuard}). A call is
     * known by its idempotency key: within one run (one intent) it stands for exactly the tool and
     * the canonical arguments.
     */
    public boolean failedBefore(String idempotencyKey) {
        return keys.knows(idempotencyKey, FAILED);
    }

    /** Records that the call with this key failed terminally: the run refuses it from now on. */
    public void rememberFailure(String idempotencyKey) {
        keys.learn(idempotencyKey, FAILED);
    }

    /** Records that an attempt of the intent with this key may have taken effect. */
    public void rememberUnknownOutcome(String idempotencyKey) {
        keys.learn(idempotencyKey, UNKNOWN_OUTCOME);
    }

    /** A verifier found that the intent with this key did or did not take effect: no longer unknown. */
    public void forgetUnknownOutcome(String idempotencyKey) {
        keys.forget(idempotencyKey, UNKNOWN_OUTCOME);
    }

    /** Whether an earlier attempt of the intent with this key may have taken effect. */
    public boolean hadUnknownOutcome(String idempotencyKey) {
        return keys.knows(idempotencyKey, UNKNOWN_OUTCOME);
    }

    /** Records that a person approved the call with this key: it runs without asking again. */
    public void approve(String idempotencyKey) {
        keys.learn(idempotencyKey, APPROVED);
    }

    /** Whether a person approved the call with this key in this run. */
    public boolean approved(String idempotencyKey) {
        return keys.knows(idempotencyKey, APPROVED);
    }

    /** The executor's listeners, then the run's own, if any. */
    public List<ToolExecutionListener> listeners() {
        return listeners;
    }
}
