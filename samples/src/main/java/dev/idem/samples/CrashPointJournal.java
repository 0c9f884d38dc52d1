package dev.idem.samples;

import dev.idem.journal.CallIntent;
import dev.idem.journal.CallJournal;
import dev.idem.journal.CallOutcome;
import dev.idem.journal.CallRecord;
import dev.idem.journal.Claim;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

/**
 * A journal that holds its process still at the one moment a crash hurts most: the body of the
 * {@code n}-th call of a tool has returned (its effect happened), and its outcome is about to be
 * journaled. It announces the moment and waits there for good, so whoever watches the process
 * can kill it exactly in that window, without guessing with sleeps. Every other call passes
 * straight through to the real journal.
 */
final class CrashPointJournal implements CallJournal {

    private final CallJournal journal;
    private final String tool;
    private final int callNumber;
    private final Consumer<String> announce;
    private final Map<String, Integer> numbers = new ConcurrentHashMap<>();
    private final AtomicInteger claims = new AtomicInteger();
    private final CountDownLatch never = new CountDownLatch(1);

    /**
     * @param journal    the real journal
     * @param tool       the tool whose call stops before its outcome is journaled
     * @param callNumber which of its calls stops, the first is 1
     * @param announce   told the call's idempotency key when it stops
     */
    CrashPointJournal(CallJournal journal, String tool, int callNumber, Consumer<String> announce) {
        this.journal = journal;
        this.tool = tool;
        this.callNumber = callNumber;
        this.announce = announce;
    }

    @Override
    public Claim claim(CallIntent intent, String owner, Duration lease, boolean reDrivable) {
        Claim claim = journal.claim(intent, owner, lease, reDrivable);
        if (intent.tool().equals(tool) && claim instanceof Claim.Owned) {
            numbers.putIfAbsent(intent.key(), claims.incrementAndGet());
        }
        return claim;
    }

    @Override
    public boolean renew(String key, long epoch, Duration lease) {
        return journal.renew(key, epoch, lease);
    }

    @Override
    public boolean complete(String key, long epoch, CallOutcome outcome) {
        Integer number = numbers.get(key);
        if (number != null && number == callNumber) {
            announce.accept(key);
            try {
                never.await(); // the process is killed here; nothing releases this latch
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted at the crash point", e);
            }
        }
        return journal.complete(key, epoch, outcome);
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
}
