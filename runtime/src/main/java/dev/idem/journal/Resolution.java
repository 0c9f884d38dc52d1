package dev.idem.journal;

import java.util.Objects;

/**
 * A person's (or a program's) answer to an unknown outcome, recorded with who gave it and why
 * ({@link JournalInspection#resolve}). The resolved record is what later calls of the intent see:
 * APPLIED is a SUCCEEDED record whose result they replay; NOT_APPLIED is a FAILED record that
 * left no effect, so the next call runs the body.
 *
 * <pre>{@code
 * inspection.resolve(key, Resolution.applied("{\"id\":\"tx-81\"}", "ana@ops", "found in the bank statement"));
 * inspection.resolve(key, Resolution.notApplied("ana@ops", "no such transfer at the bank"));
 * }</pre>
 *
 * @param verdict    whether the call took effect
 * @param resultJson the result later calls replay when APPLIED (JSON text), else {@code null}
 * @param by         who resolved it
 * @param reason     why
 */
public record Resolution(Verdict verdict, String resultJson, String by, String reason) {

    /** Whether the call took effect. */
    public enum Verdict {
        /** It took effect: the record becomes SUCCEEDED with the given result. */
        APPLIED,
        /** It did not: the record becomes a FAILED call that left no effect, and the next call runs. */
        NOT_APPLIED
    }

    /**
     * Checks the values: who and why are required, a result only and always with APPLIED.
     *
     * @param verdict    whether the call took effect
     * @param resultJson the result later calls replay when APPLIED (JSON text), else {@code null}
     * @param by         who resolved it
     * @param reason     why
     * @throws IllegalArgumentException when they do not fit
     */
    public Resolution {
        Objects.requireNonNull(verdict, "verdict");
        if (by == null || by.isBlank()) {
            throw new IllegalArgumentException("by: say who resolves the outcome");
        }
        if (reason == null || reason.isBlank()) {
            throw new IllegalArgumentException("reason: say why the outcome is resolved so");
        }
        if (verdict == Verdict.APPLIED && (resultJson == null || resultJson.isBlank())) {
            throw new IllegalArgumentException("resultJson: an APPLIED resolution gives the result later calls replay");
        }
        if (verdict == Verdict.NOT_APPLIED && resultJson != null) {
            throw new IllegalArgumentException("resultJson: a NOT_APPLIED resolution has no result");
        }
    }

    /**
     * The call took effect and returned {@code resultJson}.
     *
     * @param resultJson the result later calls replay, as JSON text
     * @param by         who resolved it
     * @param reason     why
     * @return an APPLIED resolution
     */
    public static Resolution applied(String resultJson, String by, String reason) {
        return new Resolution(Verdict.APPLIED, resultJson, by, reason);
    }

    /**
     * The call did not take effect.
     *
     * @param by     who resolved it
     * @param reason why
     * @return a NOT_APPLIED resolution
     */
    public static Resolution notApplied(String by, String reason) {
        return new Resolution(Verdict.NOT_APPLIED, null, by, reason);
    }
}
