package dev.idem.tool.exchange;

/**
 * What a running tool may say to, and ask of, the client that called it: log messages and
 * progress (sent, never answered), and, where the client supports them, sampling (the client's
 * model answers a prompt) and elicitation (the client's user answers a form). Reached through
 * {@code ToolContext.exchange()}; Idem's own interface, so the transport under it can change
 * (MCP's 2026-07-28 revision replaces server-initiated elicitation with input-required results)
 * without a change to tool classes.
 *
 * <pre>{@code
 * @Tool(readOnly = true)
 * public String summarize(String text, ToolContext ctx) {
 *     ctx.exchange().progress(0, 1, "asking the client's model");
 *     if (!ctx.exchange().canSample()) {
 *         return text.substring(0, Math.min(200, text.length()));
 *     }
 *     return ctx.exchange().sample(SamplingRequest.of("Summarize: " + text, 200)).text();
 * }
 * }</pre>
 *
 * <p>Replay: a call answered from the journal does not run its body, so it sends nothing and
 * asks nothing again. A retry of the body within one call (a restart-safe tool after a transient
 * failure) gets the answers given to earlier attempts of the same call for the same request,
 * without asking the client twice; log and progress are sent again. Answers are not journaled: an
 * idempotent call re-driven in another process after a crash asks again.
 *
 * <p>Outside MCP (Idem's agent, LangChain4j, Spring AI, direct calls) the exchange is
 * {@link #none()}: log and progress go nowhere, {@link #canSample()} and {@link #canElicit()} are
 * false, and {@link #sample} and {@link #elicit} throw {@link UnsupportedOperationException}, a
 * programming error: the call fails for good, with nothing retried.
 */
public interface ToolExchange {

    /**
     * Sends a log message to the client, if it asked for messages of this level; never answered.
     *
     * @param level the message's level
     * @param message the message
     */
    void log(LogLevel level, String message);

    /**
     * Tells the client how far the call is, if it asked for progress; never answered.
     *
     * @param progress how much is done; increases from one report to the next
     * @param total the amount at completion, or a negative number when unknown
     * @param message what is happening now, or {@code null}
     */
    void progress(double progress, double total, String message);

    /**
     * Whether the client can answer {@link #sample}.
     *
     * @return whether the client supports sampling
     */
    boolean canSample();

    /**
     * Asks the client's model; waits for its answer (this thread is the tool body's).
     *
     * @param request the prompt
     * @return the model's answer
     * @throws UnsupportedOperationException when the client cannot sample ({@link #canSample()} is false)
     */
    SamplingAnswer sample(SamplingRequest request);

    /**
     * Whether the client can answer {@link #elicit}.
     *
     * @return whether the client supports elicitation
     */
    boolean canElicit();

    /**
     * Asks the client's user to fill in a form; waits for the answer (this thread is the tool body's).
     *
     * @param request the message and the form's schema
     * @return the user's answer: accepted with content, declined or cancelled
     * @throws UnsupportedOperationException when the client cannot elicit ({@link #canElicit()} is false)
     */
    ElicitationAnswer elicit(ElicitationRequest request);

    /**
     * The exchange of a call from a client that cannot be reached: nothing sent, nothing asked.
     *
     * @return the exchange of no client
     */
    static ToolExchange none() {
        return NoExchange.INSTANCE;
    }
}
