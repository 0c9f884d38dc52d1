package dev.idem.internal.call;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A set of idempotency keys that a run's concurrent calls may add to, made on the first add: most
 * runs never add one (a run is made per call when the caller gives no intent), so they should not
 * pay for a concurrent set each.
 */
public final class IntentKeys {
    private volatile Set<String> keys;

    public boolean contains(String key) {
        Set<String> current = keys;
        return key != null && current != null && current.contains(key);
    }

    public void add(String key) {
        Set<String> current = keys;
        if (current == null) {
            synchronized (this) {
                current = keys;
                if (current == null) {
                    keys = current = ConcurrentHashMap.newKeySet();
                }
            }
        }
        current.add(key);
    }

    public void remove(String key) {
        Set<String> current = keys;
        if (current != null && key != null) {
            current.remove(key);
        }
    }
}
