package dev.idem;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a method as a tool an LLM agent may call. The Idem annotation processor turns every
 * class with {@code @Tool} methods into a generated {@code <Class>_ToolSet} that binds JSON
 * arguments and calls the method directly.
 *
 * <pre>{@code
 * @Tool(restartSafe = false, idempotent = true,
 *       retryPolicy = @Retry(maxAttempts = 3, retryOn = ErrorType.TIMEOUT))
 * public Receipt schedulePix(String key, @Param(min = 1) long cents, ToolContext ctx) { ... }
 * }</pre>
 *
 * <p>The flags tell the executor what is safe to repeat:
 * <ul>
 *   <li>{@link #restartSafe()} false: the body runs at most once per call, whatever the policy.
 *   <li>{@link #idempotent()} true: running it twice with the same idempotency key has the
 *       effect of running it once, so a timed-out attempt may be driven again.
 *   <li>{@link #readOnly()} true: no side effect at all; implies both of the above.
 * </ul>
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.METHOD)
public @interface Tool {

    /**
     * Tool name shown to the model; defaults to the method name. Must match {@code ^[a-zA-Z0-9_-]{1,64}$}.
     *
     * @return the tool's name, or empty for the method's name
     */
    String name() default "";

    /**
     * What the tool does, for the model; defaults to the method's Javadoc summary.
     *
     * @return the description, or empty for the Javadoc summary
     */
    String description() default "";

    /**
     * Whether the body may be started again after it failed. False: at most one run per call.
     *
     * @return whether a failed run may be started again
     */
    boolean restartSafe() default true;

    /**
     * Whether repeating the call with the same idempotency key has no further effect.
     *
     * @return whether a repeat with the same key has no further effect
     */
    boolean idempotent() default false;

    /**
     * Whether the tool has no side effect; implies {@code idempotent} and {@code restartSafe}.
     *
     * @return whether the tool only reads
     */
    boolean readOnly() default false;

    /**
     * The tool's own retry policy; at most one element. Empty (the default) inherits the
     * executor's policy, which itself defaults to {@link Retry}'s defaults. Inherit is not
     * "no retries": write {@code @Retry(maxAttempts = 1)} for that.
     *
     * @return the retry policy, or none to inherit
     */
    Retry[] retryPolicy() default {};

    /**
     * Wall-clock limit for one run of the body, in milliseconds. {@code -1} (the default)
     * inherits the executor's timeout; {@code 0} means no limit.
     *
     * @return the limit in milliseconds, {@code -1} to inherit, {@code 0} for none
     */
    long timeoutMs() default -1;

    /**
     * The name of a method of the same class that asks the downstream service whether a call with
     * a given idempotency key took effect; empty (the default) for none. The executor asks it
     * whenever the call's outcome would be unknown (a timeout, a connection broken after the
     * request was sent, a takeover after a crash, a re-issued call of an unknown outcome) and
     * replays, runs, or keeps the outcome unknown by its answer. The method is read-only, is not a
     * {@code @Tool} with side effects, and has one of these signatures ({@code R} the tool's result
     * type, boxed; {@code Void} for none; {@code T} of a {@code CompletionStage<T>}):
     * <pre>{@code
     * Verification<R> name(String idempotencyKey)
     * Verification<R> name(String idempotencyKey, P1 p1, ..., Pn pn)   // the tool's parameters, in order, no ToolContext
     * }</pre>
     * The processor checks it (docs/writing-tools.md, "Verifiers").
     *
     * @return the verifier method's name, or empty for none
     */
    String verifier() default "";

    /**
     * A human-readable title for people choosing tools (an MCP client's tool list); empty (the
     * default) for none. The model reads {@link #name()} and {@link #description()}.
     *
     * @return the title, or empty
     */
    String title() default "";

    /**
     * Whether the tool may delete or overwrite, rather than only add (MCP's
     * {@code destructiveHint}). Idem cannot infer it; {@code true} (the default, MCP's) is the
     * cautious answer. A compile error with {@code readOnly = true}.
     *
     * @return whether the tool may delete or overwrite
     */
    boolean destructive() default true;

    /**
     * Whether the tool reaches beyond a closed domain, such as the web or a third party's
     * service (MCP's {@code openWorldHint}); {@code false} for, say, a local ledger. Default
     * {@code true}, MCP's.
     *
     * @return whether the tool reaches an open world
     */
    boolean openWorld() default true;
    /**
     * Whether a person must approve a call before the tool runs. The call is bound and checked
     * first (bad arguments are refused at once, never sent for approval); an agent run then stops,
     * recorded in its journal as awaiting approval, and resumes from the journal when decided (see
     * docs/approvals.md). Configuration may add this requirement ({@code
     * idem.tool.<name>.requires-approval=true}), never remove it.
     *
     * @return whether calls need a person's approval
     */
    boolean requiresApproval() default false;

    /**
     * With {@link #requiresApproval()}: only calls whose bound arguments satisfy this condition
     * need approval. The default, {@code ApprovalCondition.class} itself, means every call.
     *
     * @return the condition's class, instantiated by the generated code
     */
    Class<? extends ApprovalCondition> approvalWhen() default ApprovalCondition.class;

    /**
     * With {@link #requiresApproval()}: who may approve or decline, as the application names people
     * or roles; empty (the default) for anyone the application lets decide.
     *
     * @return the names of those who may decide
     */
    String[] approvers() default {};
}
