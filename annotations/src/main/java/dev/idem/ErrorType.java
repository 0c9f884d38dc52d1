package dev.idem;

/**
 * Why a tool call failed. The first four may be retried when a policy's {@code retryOn} names
 * them; the others are terminal: the executor never runs the body again for them.
 */
public enum ErrorType {
    /** The body or a service it called did not answer in time. */
    TIMEOUT,
    /** A service asked to slow down (429 and the like). */
    RATE_LIMIT,
    /** The connection could not be made or broke (refused, reset, unknown host). */
    CONNECTION_ERROR,
    /** Nothing more is known; retried only when a policy names it. */
    UNKNOWN,

    /** The model named a tool that does not exist. Terminal. */
    TOOL_NOT_FOUND,
    /** The argument text was not complete, valid JSON; the tool was not executed. Terminal. */
    MALFORMED_ARGUMENTS,
    /** The arguments did not match the tool's parameters; the tool was not executed. Terminal. */
    INVALID_ARGUMENTS,
    /** The tool failed on a bug (NullPointerException, IllegalArgumentException...). Terminal. */
    PROGRAMMING_ERROR,
    /** The service refused the request for good (insufficient funds, validation). Terminal. */
    REJECTED,
    /** The caller may not do this, or a human denied approval. Terminal. */
    PERMISSION_DENIED,
    /** The tool's circuit breaker is open; the body was not run. Terminal. */
    CIRCUIT_OPEN,
    /** The same call already failed terminally in this run; it was not run again. Terminal. */
    REPEATED_CALL,
    /** The call was cancelled by its caller. Terminal. */
    CANCELLED,
    /**
     * The call journal shows an earlier run of this call intent (in this or another process) that
     * may have taken effect, and the tool is not idempotent: it was not run again. Terminal.
     */
    OUTCOME_UNKNOWN,
    /** The same call intent is running elsewhere (another thread, process or replica); not started again. Terminal. */
    IN_FLIGHT,
    /** The call's idempotency key is recorded for another tool or other arguments; not run. Terminal. */
    KEY_CONFLICT;

    /** Whether a policy may ever retry this type. */
    public boolean isRetryable() {
        return ordinal() <= UNKNOWN.ordinal();
    }
}
