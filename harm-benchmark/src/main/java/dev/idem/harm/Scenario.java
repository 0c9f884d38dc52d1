package dev.idem.harm;

/**
 * One named fault at one named moment, played once per faulted intent. Every intent is a user
 * asking for one payment; the fault decides what goes wrong on its way.
 */
public enum Scenario {
    /** The service makes the payment, then the connection closes before its answer is written. */
    ANSWER_LOST("answer lost", "the service acts, then closes the connection without answering"),
    /** The tool's HTTP client gives up (300 ms) while the service is still working; the payment lands at 700 ms. */
    TIMEOUT_LATE_EFFECT("timeout, late effect", "the client times out at 300 ms; the payment lands at 700 ms"),
    /** The request was delivered and acted on; the service answers with a TCP reset. */
    RESET_AFTER_DELIVERY("reset after delivery", "the service acts, then resets the connection"),
    /** 503 with Retry-After: 1, then 429 with Retry-After: 1, before the service acts at all. */
    THROTTLED_BEFORE_ACTING("503/429 Retry-After", "503 then 429, each with Retry-After: 1, nothing done"),
    /** The model asks for the same call again on its next turn, after a success. */
    MODEL_REISSUES("model re-issues", "the model repeats the same call on its next turn"),
    /** The model emits two identical calls in one response. */
    DOUBLE_CALL("two identical calls", "one model response holds the same call twice"),
    /** The user sends the same request again once it answered (a double click, a browser retry). */
    USER_RETRY("user retry", "the same request arrives twice, one after the other"),
    /** The model call after the tool ran fails: its answer is cut after the request was sent. */
    MODEL_FAILS_AFTER_TOOL("model fails after tool", "the model call after the tool result times out"),
    /** The process dies right after the service acted, before it hears the answer, and is restarted. */
    CRASH_MID_CALL("killed mid-call", "the process dies after the effect, a new one takes the request"),
    /** Two replicas take the same request at once (a load balancer's retry of a slow request). */
    TWO_REPLICAS("two replicas", "two processes run the same request 20 ms apart"),
    /** The model's first call has truncated JSON or an amount its schema forbids; it then corrects itself. */
    BAD_ARGUMENTS("malformed arguments", "truncated JSON or cents = -1250, then the right call");

    private final String label;
    private final String description;

    Scenario(String label, String description) {
        this.label = label;
        this.description = description;
    }

    /**
     * The column heading.
     *
     * @return a short name
     */
    public String label() {
        return label;
    }

    /**
     * What is played, in one sentence.
     *
     * @return the fault and its moment
     */
    public String description() {
        return description;
    }
}
