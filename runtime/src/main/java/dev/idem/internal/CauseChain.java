package dev.idem.internal;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;

/**
 * The links of a cause chain, outermost first, and the one unwrapping of asynchronous plumbing.
 * A cause that was already seen ends a walk, so cyclic chains terminate; a walk also stops after
 * {@value #MAX_LINKS} links, because a chain that long is a bug elsewhere and must not make
 * classification slow.
 *
 * <pre>{@code
 * Throwable original = CauseChain.unwrap(completionException);   // what the body or provider threw
 * for (Throwable link : CauseChain.of(original)) { ... }          // outermost first, each once
 * }</pre>
 */
public final class CauseChain {
    /** The longest chain walked. */
    public static final int MAX_LINKS = 64;

    private CauseChain() {
    }

    /**
     * The links of {@code error}'s cause chain, outermost first; empty for null.
     *
     * @param error an exception, or {@code null}
     * @return the chain's links, outermost first
     */
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

    /**
     * What was really thrown: {@code error} without the {@link CompletionException} and
     * {@link ExecutionException} wrappers that stages and futures put around it (a wrapper without
     * a cause is kept: there is nothing else to show). Null stays null.
     *
     * @param error an exception, or {@code null}
     * @return the exception inside the wrappers
     */
    public static Throwable unwrap(Throwable error) {
        Throwable unwrapped = error;
        for (int links = 0; links < MAX_LINKS && isWrapper(unwrapped); links++) {
            unwrapped = unwrapped.getCause();
        }
        return unwrapped;
    }

    private static boolean isWrapper(Throwable error) {
        return (error instanceof CompletionException || error instanceof ExecutionException)
                && error.getCause() != null && error.getCause() != error;
    }
}
