package dev.idem;

/**
 * Why a tool call failed. Each type says whether it is retryable: a retryable type is retried
 * when a policy's {@code retryOn} names it (and the tool's flags allow it); a terminal type never
 * runs the body again. The table of types in docs/writing-tools.md lists the same flags, and a test keeps the two
 * equal.
 */
public enum ErrorType {
    /** The body or a service it called did not answer in time. */
    TIMEOUT(true),
    /** A service asked to slow down (429 and the like). */
    RATE_LIMIT(true),
    /** The connection could not be made or broke (refused, reset, unknown host). */
    CONNECTION_ERROR(true),
    /** Nothing more is known; retried only when a policy names it. */
    UNKNOWN(true),

    /** The model named a tool that does not exist. Terminal. */
    TOOL_NOT_FOUND(false),
    /** The argument text was not complete, valid JSON; the tool was not executed. Terminal. */
    MALFORMED_ARGUMENTS(false),
    /** The arguments did not match the tool's parameters; the tool was not executed. Terminal. */
    INVALID_ARGUMENTS(false),
    /** The tool failed on a bug (NullPointerException, IllegalArgumentException...). Terminal. */
    PROGRAMMING_ERROR(false),
    /** The service refused the request for good (insufficient funds, validation). Terminal. */
    REJECTED(false),
    /** The caller may not do this, or a human denied approval. Terminal. */
    PERMISSION_DENIED(false),
    /** The tool's circuit breaker is open; the body was not run. Terminal. */
    CIRCUIT_OPEN(false),
    /** The same call already failed terminally in this run; it was not run again. Terminal. */
    REPEATED_CALL(false),
    /** The call was cancelled by its caller. Terminal. */
    CANCELLED(false),
    /**
     * The call journal shows an earlier run of this call intent (in this or another process) that
     * may have taken effect, and the tool is not idempotent: it was not run again. Terminal.
     */
    OUTCOME_UNKNOWN(false),
    /** The same call intent is running elsewhere (another thread, process or replica); not started again. Terminal. */
    IN_FLIGHT(false),
    /** The call's idempotency key is recorded for another tool or other arguments; not run. Terminal. */
    KEY_CONFLICT(false);

    private final boolean retryable;

    ErrorType(boolean retryable) {
        this.retryable = retryable;
    }

    /**
     * Whether a policy may ever retry this type; stated per constant, never derived from the order.
     *
     * @return true when a retry policy may retry this type
     */
    public boolean isRetryable() {
        return retryable;
    }
}
