package dev.idem.tool;

import dev.idem.internal.Mode;
import dev.idem.internal.canonical.CanonicalWriter;
import dev.idem.journal.CallIntent;
import dev.idem.journal.JournalSettings;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.ScheduledExecutorService;

/**
 * The executor's use of its call journal: which calls are journaled, and the threads journal I/O
 * and lease renewals run on. One per executor; each journaled call gets a {@link JournaledCall}.
 */
final class JournalStep {

    private final JournalSettings settings;
    private final ExecutorService io;
    private final ScheduledExecutorService timer;
    private final Sleeper sleeper;

    JournalStep(JournalSettings settings, ExecutorService io, ScheduledExecutorService timer, Sleeper sleeper) {
        this.settings = settings;
        this.io = io;
        this.timer = timer;
        this.sleeper = sleeper;
    }

    /** Whether calls of {@code tool} are journaled: not read-only tools, unless the settings ask for them. */
    boolean journals(ToolDescriptor tool) {
        return !tool.readOnly() || settings.readOnlyTools();
    }

    /**
     * The journaled call for a bound call of {@code tool}, or {@code null} when the tool is not
     * {@linkplain #journals journaled}.
     *
     * @param argumentsHash the {@linkplain #argumentsHash hash} of the call's canonical arguments
     * @param timeoutMs the tool's wall-clock limit per body run, 0 for none: how long the call waits
     *                  for the same intent running elsewhere
     */
    JournaledCall forCall(ToolDescriptor tool, ToolRun run, String callId, String argumentsHash,
            String idempotencyKey, long timeoutMs, Mode mode) {
        if (!journals(tool)) {
            return null;
        }
        CallIntent intent = new CallIntent(idempotencyKey, run.intentId(), tool.name(), argumentsHash);
        long waitLimitMs = timeoutMs > 0 ? timeoutMs : settings.inFlightWait().toMillis();
        return new JournaledCall(this, tool, run, callId, intent, waitLimitMs, mode);
    }

    JournalSettings settings() {
        return settings;
    }

    ExecutorService io() {
        return io;
    }

    ScheduledExecutorService timer() {
        return timer;
    }

    Sleeper sleeper() {
        return sleeper;
    }

    /** The hash of the canonical arguments a journal record keeps: hex SHA-256 of their text. */
    static String argumentsHash(String text) {
        return HexFormat.of().formatHex(sha256().digest(text.getBytes(StandardCharsets.UTF_8)));
    }

    /** The same hash, of the canonical arguments {@code canonical} holds. */
    static String argumentsHash(CanonicalWriter canonical) {
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
