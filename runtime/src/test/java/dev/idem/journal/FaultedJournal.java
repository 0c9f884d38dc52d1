package dev.idem.journal;

import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A journal in front of another whose completions of one key a test can make fail (before or after
 * the write reached the journal, as when a database connection ends during the completing write)
 * or hold, and which counts the claims it passed on and the outcomes it saw recorded.
 */
public final class FaultedJournal implements CallJournal {

    /** What the journal's failure says; a test finds it in the cause chain. */
    public static final String FAILURE = "the journal's connection ended during the write";

    private final CallJournal journal;
    private final Map<String, AtomicInteger> failures = new ConcurrentHashMap<>();
    private final Map<String, Boolean> failAfterWriting = new ConcurrentHashMap<>();
    private final Map<String, Hold> holds = new ConcurrentHashMap<>();
    private final Map<String, AtomicInteger> claims = new ConcurrentHashMap<>();
    private final Map<String, AtomicInteger> succeeded = new ConcurrentHashMap<>();

    public FaultedJournal(CallJournal journal) {
        this.journal = journal;
    }

    /** The next {@code count} completions of {@code key} throw; {@code afterWriting}: each reached the journal first. */
    public void failCompletions(String key, int count, boolean afterWriting) {
        failures.put(key, new AtomicInteger(count));
        failAfterWriting.put(key, afterWriting);
    }

    /** The next completion of {@code key} waits until the hold is released. */
    public Hold holdNextCompletion(String key) {
        Hold hold = new Hold();
        holds.put(key, hold);
        return hold;
    }

    /** How many claims of {@code key} were passed on. */
    public int claims(String key) {
        return counter(claims, key).get();
    }

    /** How many completions of {@code key} recorded SUCCEEDED. */
    public int succeeded(String key) {
        return counter(succeeded, key).get();
    }

    @Override
    public Claim claim(CallIntent intent, String owner, Duration lease, boolean reDrivable) {
        Claim claim = journal.claim(intent, owner, lease, reDrivable);
        counter(claims, intent.key()).incrementAndGet();
        return claim;
    }

    @Override
    public boolean renew(String key, long epoch, Duration lease) {
        return journal.renew(key, epoch, lease);
    }

    @Override
    public boolean complete(String key, long epoch, CallOutcome outcome) {
        Hold hold = holds.remove(key);
        if (hold != null) {
            hold.held.countDown();
            await(hold.released);
        }
        AtomicInteger failing = failures.get(key);
        boolean fail = failing != null && failing.getAndDecrement() > 0;
        if (fail && !failAfterWriting.get(key)) {
            throw new IllegalStateException(FAILURE);
        }
        boolean completed = journal.complete(key, epoch, outcome);
        if (completed && outcome.status() == CallStatus.SUCCEEDED) {
            counter(succeeded, key).incrementAndGet();
        }
        if (fail) {
            throw new IllegalStateException(FAILURE);
        }
        return completed;
    }

    @Override
    public Optional<CallRecord> find(String key) {
        return journal.find(key);
    }

    @Override
    public int purge() {
        return journal.purge();
    }

    @Override
    public void close() {
        journal.close();
    }

    private static AtomicInteger counter(Map<String, AtomicInteger> counters, String key) {
        return counters.computeIfAbsent(key, k -> new AtomicInteger());
    }

    private static void await(CountDownLatch latch) {
        try {
            if (!latch.await(30, TimeUnit.SECONDS)) {
                throw new IllegalStateException("a held completion was never released");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** A completion held until the test lets it go. */
    public static final class Hold {
        private final CountDownLatch held = new CountDownLatch(1);
        private final CountDownLatch released = new CountDownLatch(1);

        /** Waits until the held completion has arrived. */
        public void awaitHeld() {
            FaultedJournal.await(held);
        }

        /** Lets the held completion go on. */
        public void release() {
            released.countDown();
        }
    }
}
