package dev.idem.journal;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A journal in memory: every rule of {@link CallJournal}, no durability. The journal of every
 * executor built without one, for tests, and for several executors of one process that must not
 * run the same intent twice at once. With a capacity, past it the records completed longest ago
 * are forgotten first (expired ones before all others); a STARTED record is never forgotten. Its
 * clock is read to the millisecond: records' times, leases and expiry are whole milliseconds.
 */
final class InMemoryCallJournal implements CallJournal, JournalInspection {

    private static final long PURGE_INTERVAL_MS = 1_000;

    private final Clock clock;
    private final Duration retention;
    private final int capacity;
    // Each operation is one atomic step on the key's entry: a compute, an insert of a new key, or a
    // swap of the record it read.
    private final ConcurrentMap<String, CallRecord> records = new ConcurrentHashMap<>();
    // Keys in the order their records were completed: what a full journal forgets first. Guarded
    // by itself: its array is reused as keys come and go, where a concurrent queue makes a node
    // per completion; the lock is held for an add or a poll only.
    private final ArrayDeque<String> completedInOrder = new ArrayDeque<>();
    private final AtomicBoolean trimming = new AtomicBoolean();
    // When the trim last walked every record for expired ones: written by the one trimming thread.
    private long purgedAtMillis = Long.MIN_VALUE / 2;
    // The journal's time, read at millisecond resolution: the calls of one millisecond share its
    // instants (a record's times, its expiry and its lease's end) instead of making three to five each.
    private volatile Tick tick = new Tick(Long.MIN_VALUE, Instant.EPOCH, Instant.EPOCH, Duration.ZERO, Instant.EPOCH);

    /** The instants of one millisecond: now, a record's expiry then, and the end of a lease taken then. */
    private record Tick(long millis, Instant now, Instant expiresAt, Duration lease, Instant leaseUntil) {}

    InMemoryCallJournal(Clock clock, Duration retention, int capacity) {
        this.clock = Objects.requireNonNull(clock, "clock");
        this.retention = Journals.requirePositive(retention, "retention");
        if (capacity < 1) {
            throw new IllegalArgumentException("capacity must be at least 1, was " + capacity);
        }
        this.capacity = capacity;
    }

    @Override
    public Claim claim(CallIntent intent, String owner, Duration lease, boolean reDrivable) {
        Journals.checkClaim(intent, owner, lease);
        String key = intent.key();
        // A key with no record (most claims) is one insert: the rules' answer is known, no compute to make.
        Tick time = tick(lease);
        if (!records.containsKey(key) && records.putIfAbsent(key,
                ClaimRules.started(intent, owner, time.now, time.leaseUntil, time.expiresAt, 1)) == null) {
            trimIfFull();
            return ClaimRules.FIRST_CLAIM;
        }
        Claim[] answer = new Claim[1];
        records.compute(key, (k, existing) -> {
            ClaimRules.Transition transition = ClaimRules.claim(existing, intent, owner, lease, reDrivable,
                    time.now, retention);
            answer[0] = transition.answer();
            return transition.next() != null ? transition.next() : existing;
        });
        trimIfFull();
        return answer[0];
    }

    @Override
    public boolean renew(String key, long epoch, Duration lease) {
        Journals.requirePositive(lease, "lease");
        boolean[] renewed = new boolean[1];
        records.computeIfPresent(key, (k, existing) -> {
            CallRecord next = ClaimRules.renew(existing, epoch, lease, now());
            renewed[0] = next != null;
            return next != null ? next : existing;
        });
        return renewed[0];
    }

    @Override
    public boolean complete(String key, long epoch, CallOutcome outcome) {
        Objects.requireNonNull(outcome, "outcome");
        Tick time = tick(null);
        // A swap of the record read, not a compute (no lambda per call): a record changed meanwhile
        // is read again and judged anew, as a compute after that change would have judged it.
        CallRecord existing;
        CallRecord next;
        do {
            existing = records.get(key);
            next = ClaimRules.complete(existing, epoch, outcome, time.now, time.expiresAt);
            if (next == null) {
                return false;
            }
        } while (!records.replace(key, existing, next));
        if (capacity != Integer.MAX_VALUE) {
            synchronized (completedInOrder) {
                completedInOrder.addLast(key);
                // Keys of records purged by expiry stay queued until polled: bound the queue too.
                if (completedInOrder.size() > 2 * capacity) {
                    completedInOrder.pollFirst();
                }
            }
        }
        return true;
    }

    @Override
    public List<CallRecord> unresolved(UnresolvedQuery query) {
        Instant now = now();
        return records.values().stream().filter(record -> ResolutionRules.selects(query, record, now))
                .sorted(Comparator.comparing(CallRecord::createdAt)).limit(query.limit()).toList();
    }

    @Override
    public List<CallRecord> succeeded(String tool, int limit) {
        Objects.requireNonNull(tool, "tool");
        return records.values().stream().filter(record -> record.status() == CallStatus.SUCCEEDED
                && record.tool().equals(tool)).sorted(Comparator.comparing(CallRecord::createdAt)).limit(limit).toList();
    }

    @Override
    public Resolved resolve(String key, Resolution resolution) {
        Objects.requireNonNull(resolution, "resolution");
        Resolved[] answer = new Resolved[1];
        records.compute(key, (k, existing) -> {
            Instant now = now();
            String refusal = ResolutionRules.refusal(key, existing, now);
            if (refusal != null) {
                answer[0] = new Resolved.Refused(refusal, existing);
                return existing;
            }
            CallRecord resolved = ResolutionRules.resolve(existing, resolution, now, retention);
            answer[0] = new Resolved.Done(resolved);
            return resolved;
        });
        return answer[0];
    }

    private Instant now() {
        return tick(null).now;
    }

    /** This millisecond's instants, with the end of a {@code lease} taken now ({@code null}: any lease). */
    private Tick tick(Duration lease) {
        long millis = clock.millis();
        Tick last = tick;
        if (last.millis == millis && (lease == null || lease.equals(last.lease))) {
            return last;
        }
        Instant now = Instant.ofEpochMilli(millis);
        Duration taken = lease != null ? lease : last.lease;
        Tick next = new Tick(millis, now, now.plus(retention), taken, now.plus(taken));
        tick = next;
        return next;
    }

    private void trimIfFull() {
        if (records.size() > capacity) {
            trim();
        }
    }

    /**
     * Forgets completed records, expired ones first, then the longest completed, until a sixteenth
     * below capacity, so that the scan for expired ones is paid once per that many new records.
     */
    private void trim() {
        if (!trimming.compareAndSet(false, true)) {
            return; // one thread trims; the others go on
        }
        try {
            // Expired records go first, but not by a walk of every record at each trim (a full
            // journal trims every capacity/16 claims): at most once a second of the journal's clock.
            long millis = clock.millis();
            if (millis - purgedAtMillis >= PURGE_INTERVAL_MS) {
                purgedAtMillis = millis;
                purge();
            }
            int target = capacity - capacity / 16;
            while (records.size() > target) {
                String key;
                synchronized (completedInOrder) {
                    key = completedInOrder.pollFirst();
                }
                if (key == null) {
                    return; // only STARTED records left: they are never forgotten
                }
                // an unknown outcome whose body may still run is as live as a STARTED record
                records.computeIfPresent(key, (k, r) -> r.status().isCompleted() && r.leaseUntil() == null ? null : r);
            }
        } finally {
            trimming.set(false);
        }
    }

    @Override
    public Optional<CallRecord> find(String key) {
        return Optional.ofNullable(records.get(key));
    }

    @Override
    public int purge() {
        Instant now = now(); // once: a purge of a full journal reads every record
        int[] removed = new int[1];
        records.forEach((key, record) -> {
            if (ClaimRules.isExpired(record, now)
                    && records.computeIfPresent(key, (k, r) -> ClaimRules.isExpired(r, now) ? null : r) == null) {
                removed[0]++;
            }
        });
        return removed[0];
    }
}
