package dev.idem.harm;

import dev.idem.journal.CallIntent;
import dev.idem.journal.CallJournal;
import dev.idem.journal.CallOutcome;
import dev.idem.journal.CallRecord;
import dev.idem.journal.Claim;
import java.time.Duration;
import java.util.Optional;

/**
 * A process's handle on a shared journal that a simulated SIGKILL can cut: from {@link #sever()}
 * on, every call fails and nothing more is written, as when the process is gone.
 */
final class SeveredJournal implements CallJournal {
    private final CallJournal journal;
    private volatile boolean severed;

    SeveredJournal(CallJournal journal) {
        this.journal = journal;
    }

    void sever() {
        severed = true;
    }

    private void check() {
        if (severed) {
            throw new IllegalStateException("the process was killed");
        }
    }

    @Override
    public Claim claim(CallIntent intent, String owner, Duration lease, boolean reDrivable) {
        check();
        return journal.claim(intent, owner, lease, reDrivable);
    }

    @Override
    public boolean renew(String key, long epoch, Duration lease) {
        check();
        return journal.renew(key, epoch, lease);
    }

    @Override
    public boolean complete(String key, long epoch, CallOutcome outcome) {
        check();
        return journal.complete(key, epoch, outcome);
    }

    @Override
    public Optional<CallRecord> find(String key) {
        check();
        return journal.find(key);
    }

    @Override
    public int purge() {
        check();
        return journal.purge();
    }
}
