package dev.idem.internal.call;

import dev.idem.internal.Mode;
import dev.idem.internal.call.Preparation.PreparedCall;
import dev.idem.internal.canonical.CanonicalWriter;
import dev.idem.journal.CallIntent;
import dev.idem.journal.CallJournal;
import dev.idem.journal.JournalSettings;
import dev.idem.journal.TransactionalJournal;
import dev.idem.retry.Sleeper;
import dev.idem.tool.ToolDescriptor;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.time.Duration;
import java.util.HexFormat;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.ScheduledExecutorService;

/**
 * The executor's use of its call journal: which calls are journaled, the threads journal I/O and
 * lease renewals run on, and the outcomes known here whose record could not be written yet
 * ({@link JournalAccess}). One per executor; each journaled call gets a {@link CallClaim},
 * which knows the access, not this step.
 *
 * <p>Every executor has one: built without a journal, it records in its own in-memory journal
 * ({@link #inProcess}), so a re-issued call is answered by the same table in one process as by a
 * file or PostgreSQL journal across processes. That journal lives and dies with the process that
 * runs its calls, so its claims need no lease: none is renewed, none lapses.
 */
public final class JournalStep {

    /** The lease of the in-process journal's claims: its owner is this process, which it cannot outlive. */
    private static final Duration IN_PROCESS_LEASE = Duration.ofDays(365L * 100);

    private final JournalAccess access;

    private JournalStep(JournalAccess access) {
        this.access = access;
    }

    /** The step for a journal the executor was given. */
    public static JournalStep of(JournalSettings settings, ExecutorService io, ScheduledExecutorService timer, Sleeper sleeper,
            Clock clock) {
        return new JournalStep(new JournalAccess(settings, false, io, timer, sleeper, new UnwrittenOutcomes(), clock));
    }

    /** The step of an executor built without a journal: an in-memory journal of its own, read by {@code clock}. */
    public static JournalStep inProcess(Clock clock, ExecutorService io, ScheduledExecutorService timer, Sleeper sleeper) {
        CallJournal journal = CallJournal.inMemory(clock, CallJournal.DEFAULT_RETENTION, CallJournal.IN_PROCESS_CAPACITY);
        JournalSettings settings = JournalSettings.of(journal).withOwner("this process").withLease(IN_PROCESS_LEASE);
        return new JournalStep(new JournalAccess(settings, true, io, timer, sleeper, new UnwrittenOutcomes(), clock));
    }

    /** Whether the journal is the executor's own, in memory: claims then need no lease renewal or confirmation. */
    public boolean inProcess() {
        return access.inProcess();
    }

    /** Whether calls of {@code tool} are journaled: not read-only tools, unless the settings ask for them. */
    public boolean journals(ToolDescriptor tool) {
        return !tool.readOnly() || access.settings().readOnlyTools();
    }

    /**
     * The claim of {@code prepared}'s intent in {@code run}, or {@code null} when its tool is not
     * {@linkplain #journals journaled}. What holds the call once owned is chosen here, once: a
     * transaction for a transactional tool, else the journal's lease. A call waits for the same
     * intent running elsewhere as long as its tool's wall-clock limit, or the settings' in-flight
     * wait for a tool without one.
     */
    public CallClaim forCall(PreparedCall prepared, RunMemory run, Mode mode) {
        if (!journals(prepared.tool())) {
            return null;
        }
        String key = prepared.idempotencyKey();
        // In one process a key is only ever derived from the canonical arguments, so it stands for their hash.
        CallIntent intent = new CallIntent(key, run.intentId(), prepared.toolName(),
                access.inProcess() ? key : prepared.argumentsHash());
        long waitLimitMs = prepared.timeoutMs() > 0 ? prepared.timeoutMs() : access.settings().inFlightWait().toMillis();
        JournalCall call = new JournalCall(access, prepared.tool(), prepared.callId(), intent,
                JournalCall.leaseFor(access.settings().lease(), prepared.timeoutMs()), waitLimitMs, mode);
        CallClaim.Holding holding = prepared.tool().transactional()
                ? new CallClaim.Holding.InTransaction(new TransactionalCall(
                        (TransactionalJournal) access.settings().journal(), access, intent, waitLimitMs))
                : CallClaim.Holding.ON_JOURNAL; // the executor checked the journal at build time (TransactionalTools)
        return new CallClaim(call, holding, run.hadUnknownOutcome(key));
    }

    public JournalSettings settings() {
        return access.settings();
    }

    /** The hash of the canonical arguments a journal record keeps: hex SHA-256 of their text. */
    public static String argumentsHash(String text) {
        return HexFormat.of().formatHex(sha256().digest(text.getBytes(StandardCharsets.UTF_8)));
    }

    /** The same hash, of the canonical arguments {@code canonical} holds. */
    public static String argumentsHash(CanonicalWriter canonical) {
        MessageDigest digest = sha256();
        canonical.updateDigest(digest);
        return HexFormat.of().formatHex(digest.digest());
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform must support SHA-256", e);
        }
    }
}
