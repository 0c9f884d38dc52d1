package dev.idem.journal;

import dev.idem.state.StateStore;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.function.BooleanSupplier;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The embedded durable journal: a directory owned by one process.
 *
 * <ul>
 *   <li><b>Durable before it answers.</b> Every claim and every completion is appended as one line
 *       to {@code calls-<generation>.log} and forced to the device before the method returns, so a
 *       body never runs without its STARTED record on disk, and a recorded outcome survives a
 *       crash. A line cut by a crash is ignored and truncated at the next open.
 *   <li><b>Group commit.</b> Calls on different keys append at once and share a force (see
 *       {@link JournalLog}): each waits, outside the journal's monitor, for the force that covers
 *       its line. Calls on one key take turns, each deciding on the record the one before it
 *       stored; what a call has written but not yet forced is in no answer, so memory holds only
 *       forced records and {@code find} sees a record once its call may return.
 *   <li><b>One process.</b> An exclusive lock on {@code journal.lock} is held from open to close;
 *       a second process (or a second open in this one) fails at once. Several processes or
 *       replicas share the PostgreSQL journal instead ({@code idem-journal-postgres}).
 *   <li><b>The restart is the takeover.</b> Every STARTED record found at open belongs to a process
 *       that died: open turns it into OUTCOME_UNKNOWN, so an idempotent tool is re-driven under
 *       the same key and any other is reported OUTCOME_UNKNOWN and never run again. For the same
 *       reason lease renewals are kept in memory only: no other process can take a claim over.
 *   <li><b>Compaction.</b> After {@code compactAfter} lines (and at open, and on purge) the live
 *       records are written as {@code snapshot.json} through {@link StateStore}'s atomic write and
 *       a new, empty log generation starts; a crash at any point leaves either the old snapshot
 *       and its log, or the new snapshot (the old log is then stale and deleted at open).
 *   <li><b>A full disk is a fault like any other.</b> An append or force that fails (no space, a
 *       read-only file system, an I/O error) is cut back out of the log and the claim or completion
 *       throws with nothing changed, in memory or on disk: the caller runs nothing. Once there is
 *       space again the next append works, without a restart. A compaction that fails after its
 *       record was appended does not fail the call (the record is durable in the log): it is logged
 *       as a warning and retried at the next append. A snapshot that does not read is refused at
 *       open, naming the file; so is a missing one beside a log it started (any log of generation 1
 *       or later but the empty one a first compaction cut short leaves beside {@code calls-0.log}).
 * </ul>
 *
 * <pre>{@code
 * try (CallJournal journal = FileCallJournal.builder(Path.of("journal")).retention(Duration.ofDays(2)).open()) {
 *     ToolExecutor executor = ToolExecutor.builder(registry).journal(journal).build();
 *     ...
 * }
 * }</pre>
 */
public final class FileCallJournal implements CallJournal, JournalInspection {

    static final String SNAPSHOT = "snapshot";
    private static final Logger LOG = LoggerFactory.getLogger(FileCallJournal.class);
    private static final String LOCK_FILE = "journal.lock";
    private static final Pattern LOG_NAME = Pattern.compile("calls-(\\d+)\\.log");

    private final Path directory;
    private final Clock clock;
    private final Duration retention;
    private final int compactAfter;
    private final StateStore store;
    private final FileChannel lockChannel;
    private final FileLock lock;
    private final JournalLog.Force force;
    // Guarded by this: every operation reads and writes the map and the log under the monitor,
    // except the wait for a force, which runs outside it (see update). The map holds forced
    // records only.
    private final Map<String, CallRecord> records = new HashMap<>();
    /** Keys whose record is written to the log and not yet forced: their next call waits its turn. */
    private final Set<String> appending = new HashSet<>();
    /** Purges waiting for the appends in flight to settle; new appends wait behind them. */
    private int draining;
    private long generation;
    private JournalLog log;
    private boolean closed;

    private FileCallJournal(Builder builder, FileChannel lockChannel, FileLock lock) {
        this.directory = builder.directory;
        this.clock = builder.clock;
        this.retention = builder.retention;
        this.compactAfter = builder.compactAfter;
        this.force = builder.force;
        this.store = StateStore.open(directory);
        this.lockChannel = lockChannel;
        this.lock = lock;
    }

    /**
     * A builder for the journal in {@code directory} (created when missing).
     *
     * @param directory the journal's directory
     * @return a builder with the default retention, clock and compaction
     */
    public static Builder builder(Path directory) {
        return new Builder(directory);
    }

    /**
     * The directory this journal owns.
     *
     * @return the directory this journal owns
     */
    public Path directory() {
        return directory;
    }

    @Override
    public Claim claim(CallIntent intent, String owner, Duration lease, boolean reDrivable) {
        Journals.checkClaim(intent, owner, lease);
        return update(intent.key(), existing -> {
            ClaimRules.Transition transition = ClaimRules.claim(existing, intent, owner, lease, reDrivable,
                    clock.instant(), retention);
            return new Step<>(transition.next(), transition.answer());
        });
    }

    @Override
    public synchronized boolean renew(String key, long epoch, Duration lease) {
        Journals.requirePositive(lease, "lease");
        // After the call in flight on this key: it decided on the record this renewal would change.
        awaitWhile(() -> !closed && appending.contains(key));
        ensureOpen();
        CallRecord renewed = ClaimRules.renew(records.get(key), epoch, lease, clock.instant());
        if (renewed == null) {
            return false;
        }
        // Memory only: after a crash every STARTED record is a lost owner's, whatever its lease said.
        records.put(key, renewed);
        return true;
    }

    @Override
    public boolean complete(String key, long epoch, CallOutcome outcome) {
        Objects.requireNonNull(outcome, "outcome");
        return update(key, existing -> {
            CallRecord completed = ClaimRules.complete(existing, epoch, outcome, clock.instant(), retention);
            return new Step<>(completed, completed != null);
        });
    }

    @Override
    public synchronized List<CallRecord> unresolved(UnresolvedQuery query) {
        ensureOpen();
        Instant now = clock.instant();
        return records.values().stream().filter(record -> ResolutionRules.selects(query, record, now))
                .sorted(Comparator.comparing(CallRecord::createdAt)).limit(query.limit()).toList();
    }

    @Override
    public synchronized List<CallRecord> succeeded(String tool, int limit) {
        Objects.requireNonNull(tool, "tool");
        ensureOpen();
        return records.values().stream().filter(record -> record.status() == CallStatus.SUCCEEDED
                && record.tool().equals(tool)).sorted(Comparator.comparing(CallRecord::createdAt)).limit(limit).toList();
    }

    @Override
    public Resolved resolve(String key, Resolution resolution) {
        Objects.requireNonNull(resolution, "resolution");
        return update(key, existing -> {
            Instant now = clock.instant();
            String refusal = ResolutionRules.refusal(key, existing, now);
            if (refusal != null) {
                return new Step<>(null, new Resolved.Refused(refusal, existing));
            }
            CallRecord resolved = ResolutionRules.resolve(existing, resolution, now, retention);
            return new Step<>(resolved, new Resolved.Done(resolved));
        });
    }

    @Override
    public synchronized Optional<CallRecord> find(String key) {
        ensureOpen();
        return Optional.ofNullable(records.get(key));
    }

    @Override
    public synchronized int purge() {
        drainAppends();
        ensureOpen();
        Instant now = clock.instant();
        Map<String, CallRecord> live = new HashMap<>(records);
        live.values().removeIf(record -> ClaimRules.isExpired(record, now));
        int removed = records.size() - live.size();
        if (removed > 0) {
            // The snapshot first: a purge whose snapshot cannot be written forgets nothing.
            compact(live.values());
            records.keySet().retainAll(live.keySet());
        }
        return removed;
    }

    /** Releases the directory: closes the log and the lock. Idempotent. */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        notifyAll(); // calls waiting for their turn now fail as closed
        awaitWhile(() -> !appending.isEmpty()); // those in flight still get their answer
        try {
            log.close();
        } finally {
            try {
                lock.release();
                lockChannel.close();
            } catch (IOException e) {
                throw new UncheckedIOException("cannot release call journal lock in " + directory, e);
            }
        }
    }

    /** What a call decided: the record to store ({@code null}: none) and the answer once it is stored. */
    private record Step<T>(CallRecord next, T answer) {}

    /**
     * One call's change of {@code key}: decided on the stored record and written under the monitor,
     * forced outside it (sharing the force with the calls of other keys), put in memory once
     * forced. The record goes to disk first; memory changes only once it is there, so an append
     * that fails (and throws) changes neither, and no call answers from a record that a failed
     * force could still take back: the next call on the key waits until this one has settled.
     */
    private <T> T update(String key, Function<CallRecord, Step<T>> decide) {
        Step<T> step;
        JournalLog writtenTo;
        JournalLog.Group group;
        synchronized (this) {
            // A compaction due or a purge waits for the log to drain and goes first, or a busy log
            // would never drain. While a compaction keeps failing (a full disk), appends take turns.
            awaitWhile(() -> !closed && (appending.contains(key)
                    || !appending.isEmpty() && (draining > 0 || log.lines() >= compactAfter)));
            ensureOpen();
            step = decide.apply(records.get(key));
            if (step.next() == null) {
                return step.answer();
            }
            writtenTo = log;
            group = log.write(RecordJson.write(step.next()));
            appending.add(key);
        }
        boolean stored = false;
        try {
            writtenTo.awaitForced(group);
            stored = true;
        } finally {
            synchronized (this) {
                appending.remove(key);
                if (stored) {
                    records.put(key, step.next());
                    // The last append in flight compacts: a compaction replaces the log the others are in.
                    if (!closed && appending.isEmpty() && log.lines() >= compactAfter) {
                        compactOrPostpone();
                    }
                }
                notifyAll();
            }
        }
        return step.answer();
    }

    /** Waits for the appends in flight to settle, holding new ones back meanwhile. */
    private void drainAppends() {
        draining++;
        try {
            awaitWhile(() -> !appending.isEmpty());
        } finally {
            draining--;
            notifyAll();
        }
    }

    /** Waits on this journal's monitor while {@code condition} holds; an interrupt is kept, not obeyed. */
    private void awaitWhile(BooleanSupplier condition) {
        JournalLog.awaitWhile(this, condition);
    }

    /**
     * Compacts, or leaves it for the next append. The record that asked for it is durable in the
     * log already, so a compaction that fails (a full disk, a read-only directory) must not fail
     * its claim or completion: the log grows past {@code compactAfter} until one succeeds.
     */
    private void compactOrPostpone() {
        try {
            compact(records.values());
        } catch (RuntimeException e) {
            LOG.warn("call journal compaction in {} failed: {}; every record is safe in {}, and compaction is"
                    + " retried at the next append past {} lines", directory, FileFault.describe(e),
                    logFile(generation), compactAfter, e);
        }
    }

    private void ensureOpen() {
        if (closed) {
            throw new IllegalStateException("call journal in " + directory + " is closed");
        }
    }

    /** Loads the snapshot and its log, settles what the crash left, and compacts. */
    private void recover() {
        Path snapshotFile = store.directory().resolve(SNAPSHOT + ".json");
        Optional<String> snapshot = store.loadText(SNAPSHOT);
        if (snapshot.isEmpty()) {
            refuseLogsOfAMissingSnapshot(snapshotFile);
        }
        generation = snapshot.map(text -> JournalSnapshot.read(snapshotFile, text, this::put)).orElse(0L);
        log = JournalLog.replay(logFile(generation), force, node -> put(RecordJson.read(node)));
        Instant now = clock.instant();
        records.replaceAll((key, record) -> record.status() == CallStatus.STARTED ? lostAtOpen(record, now) : record);
        records.values().removeIf(record -> ClaimRules.isExpired(record, now));
        // Without space for a snapshot the journal still opens on its log: what changed above in
        // memory only is what every open derives again from the same files.
        compactOrPostpone();
    }

    /**
     * Without a snapshot the journal starts from generation 0's log, which no snapshot precedes. The
     * log of any later generation was started by the compaction that wrote its snapshot, so that
     * snapshot is missing rather than still to come, and opening without it would forget every call
     * it holds. One log of a later generation is no such evidence: the empty generation-1 log the
     * first compaction makes before its snapshot is renamed into place, with calls-0.log still there
     * holding every record.
     */
    private void refuseLogsOfAMissingSnapshot(Path snapshotFile) {
        try {
            for (Map.Entry<Long, Path> log : logsOnDisk().entrySet()) {
                long logGeneration = log.getKey();
                boolean firstCompactionCutShort = logGeneration == 1 && Files.size(log.getValue()) == 0
                        && Files.exists(logFile(0));
                if (logGeneration > 0 && !firstCompactionCutShort) {
                    throw JournalSnapshot.missing(snapshotFile, log.getValue());
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list the call journal logs in " + directory, e);
        }
    }

    private void put(CallRecord record) {
        records.put(record.key(), record);
    }

    /** A STARTED record found at open: its owner was this journal's previous process, now dead. */
    private CallRecord lostAtOpen(CallRecord started, Instant now) {
        CallError error = new CallError(dev.idem.ErrorType.OUTCOME_UNKNOWN, "its owner '" + started.owner()
                + "' stopped (the process ended) before recording an outcome", false, false);
        return new CallRecord(started.key(), started.intentId(), started.tool(), started.argumentsHash(),
                CallStatus.OUTCOME_UNKNOWN, started.epoch(), started.owner(), started.attempts(), null, error,
                started.createdAt(), now, null, now.plus(retention));
    }

    /**
     * Writes {@code live} as the next generation's snapshot (atomically), then appends to that
     * generation's log and deletes the older ones. The new log is created, empty, before the
     * snapshot names it, so the directory force of the snapshot's rename makes its creation
     * durable too. When the snapshot cannot be written this throws and nothing has changed: the
     * current log stays the one appended to.
     */
    private void compact(Collection<CallRecord> live) {
        long next = generation + 1;
        Path nextFile = logFile(next);
        JournalLog nextLog = JournalLog.replay(nextFile, force, node -> {
            throw new IllegalStateException("a new journal generation's log already had records: " + nextFile);
        });
        try {
            store.save(SNAPSHOT, JournalSnapshot.write(next, live));
        } catch (RuntimeException e) {
            try {
                nextLog.close();
                Files.deleteIfExists(nextFile); // empty; left behind, the next compaction would take it up
            } catch (IOException | RuntimeException cleanup) {
                e.addSuppressed(cleanup);
            }
            throw e;
        }
        JournalLog previous = log;
        log = nextLog;
        generation = next;
        if (previous != null) {
            try {
                previous.close();
            } catch (UncheckedIOException e) {
                // Its lines are forced and now stale: only the descriptor is at stake.
                LOG.warn("cannot close the previous call journal log in {}", directory, e);
            }
        }
        deleteOtherLogs();
    }

    /** Stale logs are ignored at open and deleted by the next compaction: failing here is only a warning. */
    private void deleteOtherLogs() {
        try {
            for (Map.Entry<Long, Path> log : logsOnDisk().entrySet()) {
                if (log.getKey() != generation) {
                    Files.deleteIfExists(log.getValue());
                }
            }
        } catch (IOException e) {
            LOG.warn("cannot remove old call journal logs in {} ({}); they are stale, and removed by the next"
                    + " compaction", directory, FileFault.reason(e), e);
        }
    }

    /** Every {@code calls-<generation>.log} in the directory, by generation. */
    private SortedMap<Long, Path> logsOnDisk() throws IOException {
        SortedMap<Long, Path> logs = new TreeMap<>();
        try (DirectoryStream<Path> files = Files.newDirectoryStream(directory, "calls-*.log")) {
            for (Path file : files) {
                Matcher name = LOG_NAME.matcher(file.getFileName().toString());
                if (name.matches()) {
                    logs.put(Long.parseLong(name.group(1)), file);
                }
            }
        }
        return logs;
    }

    private Path logFile(long logGeneration) {
        return directory.resolve("calls-" + logGeneration + ".log");
    }

    /** Configures a {@link FileCallJournal}. */
    public static final class Builder {
        private final Path directory;
        private Clock clock = Clock.systemUTC();
        private Duration retention = DEFAULT_RETENTION;
        private int compactAfter = 10_000;
        private JournalLog.Force force = JournalLog.Force.DEVICE;

        private Builder(Path directory) {
            this.directory = Objects.requireNonNull(directory, "directory").toAbsolutePath();
        }

        /**
         * How long completed records are kept (default 24 hours).
         *
         * @param value how long completed records are kept
         * @return this builder
         */
        public Builder retention(Duration value) {
            this.retention = Journals.requirePositive(value, "retention");
            return this;
        }

        /**
         * The clock leases and expiry are read from (default the system clock).
         *
         * @param value the clock leases and expiry are read from
         * @return this builder
         */
        public Builder clock(Clock value) {
            this.clock = Objects.requireNonNull(value, "clock");
            return this;
        }

        /**
         * Compact after this many log lines (default 10,000).
         *
         * @param lines log lines written before the log is compacted
         * @return this builder
         */
        public Builder compactAfter(int lines) {
            if (lines < 1) {
                throw new IllegalArgumentException("compactAfter must be at least 1, was " + lines);
            }
            this.compactAfter = lines;
            return this;
        }

        /** How appends reach the device: the tests' seam for counting forces and failing them. */
        Builder force(JournalLog.Force value) {
            this.force = Objects.requireNonNull(value, "force");
            return this;
        }

        /**
         * Takes the directory's lock and recovers its records.
         *
         * @return the journal, open
         * @throws IllegalStateException when another process (or another open journal of this one)
         *                               holds the directory
         */
        public FileCallJournal open() {
            try {
                Files.createDirectories(directory);
                Path lockFile = directory.resolve(LOCK_FILE);
                FileChannel channel = FileChannel.open(lockFile, StandardOpenOption.CREATE, StandardOpenOption.READ,
                        StandardOpenOption.WRITE);
                FileLock lock;
                try {
                    lock = channel.tryLock();
                } catch (OverlappingFileLockException e) {
                    lock = null;
                }
                if (lock == null) {
                    String holder = holderOf(channel);
                    channel.close();
                    throw new IllegalStateException("the call journal in " + directory + " is in use by " + holder
                            + "; a file journal belongs to one process at a time. For several processes or replicas"
                            + " use the PostgreSQL journal (idem-journal-postgres, PostgresCallJournal)");
                }
                try {
                    channel.truncate(0);
                    channel.write(ByteBuffer.wrap(("pid " + ProcessHandle.current().pid() + "\n")
                            .getBytes(StandardCharsets.US_ASCII)), 0);
                } catch (IOException e) {
                    // The pid only names the holder in another open's error: a full disk must not stop this one.
                }
                FileCallJournal journal = new FileCallJournal(this, channel, lock);
                try {
                    synchronized (journal) {
                        journal.recover();
                    }
                } catch (RuntimeException e) {
                    lock.release();
                    channel.close();
                    throw e;
                }
                return journal;
            } catch (IOException e) {
                throw new UncheckedIOException("cannot open the call journal in " + directory, e);
            }
        }

        private static String holderOf(FileChannel channel) {
            try {
                ByteBuffer content = ByteBuffer.allocate(64);
                channel.read(content, 0);
                String text = new String(content.array(), 0, content.position(), StandardCharsets.US_ASCII).strip();
                return text.isEmpty() ? "another process" : "another process (" + text + ")";
            } catch (IOException e) {
                return "another process";
            }
        }
    }
}
