package dev.idem.journal;

import java.time.Clock;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/**
 * A journal in memory: every rule of {@link CallJournal}, no durability. For tests, and for
 * several executors of one process that must not run the same intent twice at once.
 */
final class InMemoryCallJournal implements CallJournal {

    private final Clock clock;
    private final Duration retention;
    // Each operation is one atomic compute on the key's entry.
    private final ConcurrentMap<String, CallRecord> records = new ConcurrentHashMap<>();

    InMemoryCallJournal(Clock clock, Duration retention) {
        this.clock = Objects.requireNonNull(clock, "clock");
        this.retention = Journals.requirePositive(retention, "retention");
    }

    @Override
    public Claim claim(CallIntent intent, String owner, Duration lease, boolean reDrivable) {
        Journals.checkClaim(intent, owner, lease);
        Claim[] answer = new Claim[1];
        records.compute(intent.key(), (key, existing) -> {
            ClaimRules.Transition transition = ClaimRules.claim(existing, intent, owner, lease, reDrivable,
                    clock.instant(), retention);
            answer[0] = transition.answer();
            return transition.next() != null ? transition.next() : existing;
        });
        return answer[0];
    }

    @Override
    public boolean renew(String key, long epoch, Duration lease) {
        Journals.requirePositive(lease, "lease");
        boolean[] renewed = new boolean[1];
        records.computeIfPresent(key, (k, existing) -> {
            CallRecord next = ClaimRules.renew(existing, epoch, lease, clock.instant());
            renewed[0] = next != null;
            return next != null ? next : existing;
        });
        return renewed[0];
    }

    @Override
    public boolean complete(String key, long epoch, CallOutcome outcome) {
        Objects.requireNonNull(outcome, "outcome");
        boolean[] completed = new boolean[1];
        records.computeIfPresent(key, (k, existing) -> {
            CallRecord next = ClaimRules.complete(existing, epoch, outcome, clock.instant(), retention);
            completed[0] = next != null;
            return next != null ? next : existing;
        });
        return completed[0];
    }

    @Override
    public Optional<CallRecord> find(String key) {
        return Optional.ofNullable(records.get(key));
    }

    @Override
    public int purge() {
        int[] removed = new int[1];
        records.forEach((key, record) -> {
            if (ClaimRules.isExpired(record, clock.instant())
                    && records.computeIfPresent(key, (k, r) -> ClaimRules.isExpired(r, clock.instant()) ? null : r) == null) {
                removed[0]++;
            }
        });
        return removed[0];
    }
}
