package dev.idem.generated;

import java.util.Arrays;
import java.util.IdentityHashMap;

/**
 * What each record and array of a bound call was built from, by identity, for the canonical
 * arguments. The few of a typical call sit in one array searched in order; past
 * {@value #LINEAR} of them, an identity map holds them.
 */
final class Components {
    static final Components NONE = new Components();
    private static final int LINEAR = 16;

    private Object[] pairs; // built, from, built, from, ...
    private int size;
    private IdentityHashMap<Object, Object> map;

    void put(Object built, Object from) {
        if (map != null) {
            map.put(built, from);
            return;
        }
        if (size == LINEAR) {
            map = new IdentityHashMap<>(2 * LINEAR);
            for (int i = 0; i < 2 * size; i += 2) {
                map.put(pairs[i], pairs[i + 1]);
            }
            map.put(built, from);
            pairs = null;
            return;
        }
        if (pairs == null) {
            pairs = new Object[8];
        } else if (2 * size == pairs.length) {
            pairs = Arrays.copyOf(pairs, 2 * LINEAR); // one step to the most it holds
        }
        pairs[2 * size] = built;
        pairs[2 * size + 1] = from;
        size++;
    }

    Object get(Object built) {
        if (map != null) {
            return map.get(built);
        }
        for (int i = 0; i < 2 * size; i += 2) {
            if (pairs[i] == built) {
                return pairs[i + 1];
            }
        }
        return null;
    }
}
