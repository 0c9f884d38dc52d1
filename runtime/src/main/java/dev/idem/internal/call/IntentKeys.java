package dev.idem.internal.call;

import java.util.concurrent.ConcurrentHashMap;

/**
 * What a run learned of each idempotency key, as bits, that a run's concurrent calls may add to;
 * the map is made on the first fact: most runs never learn one (a run is made per call when the
 * caller gives no intent), so they should not pay for a concurrent map each.
 */
public final class IntentKeys {
    private volatile ConcurrentHashMap<String, Integer> facts;

    /** Whether {@code fact} was learned of {@code key}. */
    public boolean knows(String key, int fact) {
        ConcurrentHashMap<String, Integer> current = facts;
        Integer bits = key != null && current != null ? current.get(key) : null;
        return bits != null && (bits & fact) != 0;
    }

    /** Learns {@code fact} of {@code key}. */
    public void learn(String key, int fact) {
        ConcurrentHashMap<String, Integer> current = facts;
        if (current == null) {
            synchronized (this) {
                current = facts;
                if (current == null) {
                    facts = current = new ConcurrentHashMap<>();
                }
            }
        }
        current.merge(key, fact, (bits, more) -> bits | more);
    }

    /** Forgets {@code fact} of {@code key}. */
    public void forget(String key, int fact) {
        ConcurrentHashMap<String, Integer> current = facts;
        if (current != null && key != null) {
            current.computeIfPresent(key, (k, bits) -> (bits & ~fact) == 0 ? null : bits & ~fact);
        }
    }
}
