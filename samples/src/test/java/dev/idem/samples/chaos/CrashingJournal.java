package dev.idem.samples.chaos;

import dev.idem.journal.CallIntent;
import dev.idem.journal.CallJournal;
import dev.idem.journal.CallOutcome;
import dev.idem.journal.CallRecord;
import dev.idem.journal.Claim;
import java.time.Duration;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The journal as a process that dies sees it: everything passes through to the real journal until
 * the outcome of the {@code crashAt}-th owned claim of {@code tool} is to be recorded; that outcome
 * and everything after it never arrives (a dead process writes nothing), and the agent still
 * running in this JVM is stopped by a {@link ProcessCrashed} at its next journal call.
 */
final class CrashingJournal implements CallJournal {

    /** What the abandoned run meets after its crash point: it stands for the process's death. */
    static final class ProcessCrashed extends RuntimeException {
        private static final long serialVersionUID = 1L;

        ProcessCrashed() {
            super("the agent's process crashed here (simulated)", null, false, false);
        }
    }

    private final CallJournal journal;
    private final String tool;
    private final int crashAt;
    private final AtomicInteger owned = new AtomicInteger();
    private final Set<String> crashKeys = ConcurrentHashMap.newKeySet();
    private volatile String crashKey;

    CrashingJournal(CallJournal journal, String tool, int crashAt) {
        this.journal = journal;
        this.tool = tool;
        this.crashAt = crashAt;
    }

    /** The key whose outcome never reached the journal, or {@code null} when the crash point was not reached. */
    String crashKey() {
        return crashKey;
    }

    @Override
    public Claim claim(CallIntent intent, String owner, Duration lease, boolean reDrivable) {
        alive();
        Claim claim = journal.claim(intent, owner, lease, reDrivable);
        if (intent.tool().equals(tool) && claim instanceof Claim.Owned && owned.incrementAndGet() == crashAt) {
            crashKeys.add(intent.key() + "#" + ((Claim.Owned) claim).epoch());
        }
        return claim;
    }

    @Override
    public boolean renew(String key, long epoch, Duration lease) {
        alive();
        return journal.renew(key, epoch, lease);
    }

    @Override
    public boolean complete(String key, long epoch, CallOutcome outcome) {
        alive();
        if (crashKeys.contains(key + "#" + epoch)) {
            crashKey = key;
            throw new ProcessCrashed();
        }
        return journal.complete(key, epoch, outcome);
    }

    @Override
    public Optional<CallRecord> find(String key) {
        alive();
        return journal.find(key);
    }

    @Override
    public int purge() {
        alive();
        return journal.purge();
    }

    private void alive() {
        if (crashKey != null) {
            throw new ProcessCrashed();
        }
    }
}
