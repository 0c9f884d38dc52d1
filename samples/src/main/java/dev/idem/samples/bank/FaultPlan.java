package dev.idem.samples.bank;

import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Deque;
import java.util.List;
import java.util.Random;

/**
 * Which fault, if any, the next transfer request meets: queued faults first, in order, then the
 * seeded random schedule when one is set. Requests draw in arrival order, so a schedule replays
 * exactly when requests arrive one at a time.
 */
final class FaultPlan {
    private final Deque<Fault> queued = new ArrayDeque<>();
    private Random random;
    private double probability;
    private List<Fault> kinds = List.of();

    synchronized void queue(Fault... faults) {
        queued.addAll(Arrays.asList(faults));
    }

    synchronized void random(long seed, double probability, Fault... kinds) {
        if (probability < 0 || probability > 1) {
            throw new IllegalArgumentException("probability must be between 0 and 1, was " + probability);
        }
        this.random = new Random(seed);
        this.probability = probability;
        this.kinds = kinds.length == 0 ? List.of(Fault.values()) : List.of(kinds);
    }

    synchronized void clear() {
        queued.clear();
        random = null;
    }

    /** The fault for the request now arriving, or {@code null} for none. */
    synchronized Fault next() {
        if (!queued.isEmpty()) {
            return queued.poll();
        }
        if (random != null && random.nextDouble() < probability) {
            return kinds.get(random.nextInt(kinds.size()));
        }
        return null;
    }
}
