package dev.idem.internal;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;

/**
 * The links of a cause chain, outermost first. A cause that was already seen ends the walk, so
 * cyclic chains terminate; the walk also stops after {@value #MAX_LINKS} links, because a chain
 * that long is a bug elsewhere and must not make classification slow.
 */
public final class CauseChain {
    /** The longest chain walked. */
    public static final int MAX_LINKS = 64;

    private CauseChain() {
    }

    /** The links of {@code error}'s cause chain, outermost first; empty for null. */
    public static List<Throwable> of(Throwable error) {
        if (error == null) {
            return List.of();
        }
        if (error.getCause() == null || error.getCause() == error) {
            return List.of(error);
        }
        List<Throwable> links = new ArrayList<>(4);
        Set<Throwable> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        for (Throwable link = error; link != null && links.size() < MAX_LINKS && seen.add(link); link = link.getCause()) {
            links.add(link);
        }
        return links;
    }
}
