package dev.idem.internal.call;

import dev.idem.journal.CallOutcome;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Outcomes this process knows but could not write to its journal yet (the database was down, the
 * disk full): while their completion is retried, a later call of the same intent is answered
 * with the real outcome from here, never with "outcome unknown". At most {@link #CAPACITY} are
 * kept, the eldest forgotten first. Rare by nature, so a lock is fine; the hot path reads one
 * atomic count.
 */
public final class UnwrittenOutcomes {

    public static final int CAPACITY = 10_000;

    private final Map<String, CallOutcome> outcomes = new LinkedHashMap<>() {
        private static final long serialVersionUID = 1L;

        @Override
        protected boolean removeEldestEntry(Map.Entry<String, CallOutcome> eldest) {
            return size() > CAPACITY;
        }
    };
    private final AtomicInteger size = new AtomicInteger();

    /** Keeps {@code outcome} of the call with idempotency key {@code key} until it is {@link #written}. */
    public synchronized void keep(String key, CallOutcome outcome) {
        outcomes.put(key, outcome);
        size.set(outcomes.size());
    }

    /** The outcome kept for {@code key}, or {@code null}. */
    public CallOutcome find(String key) {
        if (size.get() == 0) {
            return null;
        }
        synchronized (this) {
            return outcomes.get(key);
        }
    }

    /** The journal holds {@code outcome} now (or another owner's record won): no longer kept here. */
    public void written(String key, CallOutcome outcome) {
        if (size.get() == 0) {
            return; // the usual case: nothing kept, no lock taken
        }
        synchronized (this) {
            outcomes.remove(key, outcome);
            size.set(outcomes.size());
        }
    }
}
