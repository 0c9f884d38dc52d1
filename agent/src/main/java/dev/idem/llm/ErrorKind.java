package dev.idem.llm;

/** What kind of failure a model call met, as decided by the one classifier of model errors. */
public enum ErrorKind {
    /** Credentials rejected, possibly transiently (expired token); another profile may work. */
    AUTH,
    /** Credentials invalid for good (revoked or malformed key). */
    AUTH_PERMANENT,
    /** Too many requests; wait for the server's hint. */
    RATE_LIMIT,
    /** The provider is overloaded or failing (500, 502, 503, 529). */
    OVERLOADED,
    /** The request does not fit the model's context window. */
    CONTEXT_OVERFLOW,
    /** The connection went quiet for too long, or the answer did not come within the call's deadline. */
    IDLE_TIMEOUT,
    /** Out of quota or credit. */
    BILLING,
    /** The model does not exist or is not available to this key. */
    MODEL_NOT_FOUND,
    /** The provider answered with nothing usable. */
    EMPTY_RESPONSE,
    /** The request or the response was malformed. */
    FORMAT_ERROR,
    /**
     * The answer is larger than the client accepts (its size bound): the same request would bring
     * an answer as large, so it is never sent again, streamed or not.
     */
    RESPONSE_TOO_LARGE,
    /** Nothing more is known. */
    UNKNOWN
}
