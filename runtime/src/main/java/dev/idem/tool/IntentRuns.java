package dev.idem.tool;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantLock;

/**
 * One {@link ToolRun} per intent id, for callers that receive the intent with every tool call
 * rather than holding a run themselves: an MCP request, a LangChain4j AI-service call, a Spring AI
 * prompt. Calls of the same intent share the run, so they share its repetition guard and its
 * memory of unknown outcomes, and derive the same idempotency keys.
 *
 * <pre>{@code
 * IntentRuns runs = new IntentRuns(executor, 10_000);
 * ToolResult result = runs.forIntent("ticket-4711").execute(call);
 * }</pre>
 *
 * <p>Only the {@code capacity} most recently used intents are kept (calls racing past the limit
 * may briefly keep a few more). A forgotten intent that comes back gets a fresh run: its
 * idempotency keys are the same (they derive from the intent id, the tool and the arguments), so
 * services that honour them still deduplicate; only the repetition guard and the outcome-unknown
 * memory of the old run are lost.
 *
 * <p>Thread-safe, and no lock on the way to a known intent's run: a concurrent map, and each
 * entry's own time of last use. Past the capacity, one thread at a time forgets the least
 * recently used intents, a sixteenth of the capacity at once, so the cost of finding them is
 * spread over the intents that come after.
 */
public final class IntentRuns {

    private final ToolExecutor executor;
    private final int capacity;
    private final int keepAfterEviction;
    private final Map<String, Entry> runs = new ConcurrentHashMap<>();
    private final ReentrantLock eviction = new ReentrantLock();

    /**
     * @param executor the executor every run belongs to
     * @param capacity how many intents to remember, at least 1
     */
    public IntentRuns(ToolExecutor executor, int capacity) {
        this.executor = Objects.requireNonNull(executor, "executor");
        if (capacity < 1) {
            throw new IllegalArgumentException("capacity must be at least 1, was " + capacity);
        }
        this.capacity = capacity;
        this.keepAfterEviction = capacity - capacity / 16;
    }

    /**
     * The run of this intent, created on first use.
     *
     * @param intentId the intent's id
     * @return its run, the same one for every call of the intent while remembered
     */
    public ToolRun forIntent(String intentId) {
        Objects.requireNonNull(intentId, "intentId");
        Entry entry = runs.get(intentId);
        if (entry == null) {
            entry = runs.computeIfAbsent(intentId, id -> new Entry(executor.newRun(id)));
            if (runs.size() > capacity) {
                evictLeastRecentlyUsed(entry);
            }
        }
        entry.lastUsed = System.nanoTime();
        return entry.run;
    }

    /**
     * The executor the runs belong to.
     *
     * @return the executor the runs belong to
     */
    public ToolExecutor executor() {
        return executor;
    }

    /**
     * How many intents are remembered now.
     *
     * @return how many intents are remembered now
     */
    public int size() {
        return runs.size();
    }

    private void evictLeastRecentlyUsed(Entry justAdded) {
        if (!eviction.tryLock()) {
            return; // another thread is evicting already
        }
        try {
            justAdded.lastUsed = System.nanoTime();
            int excess = runs.size() - keepAfterEviction;
            if (excess <= 0) {
                return;
            }
            // Times read once: calls go on using runs meanwhile, and a sort must see fixed values.
            List<Candidate> all = new ArrayList<>(runs.size());
            runs.forEach((id, entry) -> all.add(new Candidate(id, entry, entry.lastUsed)));
            all.sort(Comparator.comparingLong(Candidate::lastUsed));
            for (int i = 0; i < excess && i < all.size(); i++) {
                Candidate eldest = all.get(i);
                // Used since it was read (calls went on meanwhile): no longer among the eldest.
                if (eldest.entry().lastUsed == eldest.lastUsed()) {
                    runs.remove(eldest.intentId(), eldest.entry());
                }
            }
        } finally {
            eviction.unlock();
        }
    }

    private record Candidate(String intentId, Entry entry, long lastUsed) {}

    /** A remembered run and when it was last handed out ({@link System#nanoTime()}). */
    private static final class Entry {
        final ToolRun run;
        volatile long lastUsed;

        Entry(ToolRun run) {
            this.run = run;
            this.lastUsed = System.nanoTime();
        }
    }
}
