package dev.idem.tool;

import java.util.Objects;
import java.util.function.Function;

/**
 * A verifier's answer to "did the call with this idempotency key take effect?". A tool names its
 * verifier with {@code @Tool(verifier = "methodName")}; the executor asks it whenever the call's
 * outcome would otherwise be unknown (docs/running-tools.md):
 * <ul>
 *   <li>{@link #applied(Object)}: it took effect, and this is the result the tool would have
 *       returned; the call is recorded SUCCEEDED with it and answered as a replay, the body never
 *       runs again;
 *   <li>{@link #notApplied()}: it did not take effect; the call runs as if it never started;
 *   <li>{@link #unknown(String)}: the service cannot tell (yet); the outcome stays unknown.
 * </ul>
 *
 * <pre>{@code
 * Verification<Receipt> findTransfer(String idempotencyKey) {
 *     return ledger.byKey(idempotencyKey).map(Verification::applied).orElseGet(Verification::notApplied);
 * }
 * }</pre>
 *
 * @param <T> the tool's result type ({@code Void} for a tool that returns nothing)
 */
public final class Verification<T> {

    /** What a verifier found. */
    public enum Verdict {
        /** The call took effect; the verification carries its result. */
        APPLIED,
        /** The call did not take effect: running it now does it once. */
        NOT_APPLIED,
        /** The service cannot tell. */
        UNKNOWN
    }

    private static final Verification<?> NOT_APPLIED = new Verification<>(Verdict.NOT_APPLIED, null, "");

    private final Verdict verdict;
    private final T result;
    private final String reason;

    private Verification(Verdict verdict, T result, String reason) {
        this.verdict = verdict;
        this.result = result;
        this.reason = reason;
    }

    /**
     * The call took effect and {@code result} is what it returned.
     *
     * @param result the tool's result ({@code null} for a tool that returns nothing)
     * @param <T> the tool's result type
     * @return an APPLIED verification
     */
    public static <T> Verification<T> applied(T result) {
        return new Verification<>(Verdict.APPLIED, result, "");
    }

    /**
     * The call did not take effect.
     *
     * @param <T> the tool's result type
     * @return a NOT_APPLIED verification
     */
    @SuppressWarnings("unchecked")
    public static <T> Verification<T> notApplied() {
        return (Verification<T>) NOT_APPLIED;
    }

    /**
     * The service cannot tell whether the call took effect.
     *
     * @param reason why, for the decision log and the model
     * @param <T> the tool's result type
     * @return an UNKNOWN verification
     */
    public static <T> Verification<T> unknown(String reason) {
        return new Verification<>(Verdict.UNKNOWN, null, Objects.requireNonNull(reason, "reason"));
    }

    /**
     * What the verifier found.
     *
     * @return the verdict
     */
    public Verdict verdict() {
        return verdict;
    }

    /**
     * The call's result when {@link Verdict#APPLIED}, else {@code null}.
     *
     * @return the result
     */
    public T result() {
        return result;
    }

    /**
     * Why the verifier could not tell, when {@link Verdict#UNKNOWN}; else empty.
     *
     * @return the reason
     */
    public String reason() {
        return reason;
    }

    /**
     * The same verdict with the result mapped (how generated code encodes it as JSON).
     *
     * @param mapping maps an APPLIED result
     * @param <U> the mapped type
     * @return the mapped verification
     */
    @SuppressWarnings("unchecked")
    public <U> Verification<U> map(Function<? super T, ? extends U> mapping) {
        return verdict == Verdict.APPLIED ? new Verification<>(verdict, mapping.apply(result), reason)
                : (Verification<U>) this;
    }

    @Override
    public String toString() {
        return verdict == Verdict.UNKNOWN ? "UNKNOWN (" + reason + ")" : verdict.name();
    }
}
