package dev.idem.tool;

import dev.idem.ErrorType;
import dev.idem.internal.call.IntentIds;
import dev.idem.tool.exchange.ToolExchange;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Tool calls that reach Idem through a framework (an MCP server, a LangChain4j tool provider, a
 * Spring AI callback): the one layer every adapter goes through. It decides three questions, so
 * no adapter decides them again:
 *
 * <ul>
 *   <li><b>Which intent.</b> The caller's intent id travels under {@value #INTENT_ID_KEY} in
 *       whatever entries the framework carries (MCP's {@code _meta}, LangChain4j's invocation
 *       parameters, Spring AI's tool context). It must be a {@link String} of 1 to
 *       {@value #MAX_INTENT_ID_LENGTH} characters, not blank; anything else is refused and the
 *       tool NOT executed, so two different ids are never one intent and no id grows memory
 *       without bound. Calls of one intent share one {@link ToolRun}; the
 *       {@code intentCapacity} most recently used intents are kept ({@link IntentRuns}).</li>
 *   <li><b>Never throw.</b> {@link #execute} and {@link #executeAsync} always end in a
 *       {@link ToolResult} the framework can show; a failure inside the adapter is an unknown
 *       outcome, never a plain failure.</li>
 *   <li><b>Which safety flags.</b> {@link #safetyFlags} gives every tool's flags as one map, the
 *       same keys for every framework; each adapter only maps it to its framework's slot.</li>
 * </ul>
 *
 * <pre>{@code
 * FrameworkCalls calls = FrameworkCalls.builder(executor, "my-framework").intentCapacity(10_000).build();
 * FrameworkCalls.Intent intent = calls.intent(request.metadata(), "my-framework-session-" + sessionId);
 * ToolResult result = calls.execute(intent, request.id(), request.toolName(), request.argumentsJson());
 * Map<String, Object> flags = calls.safetyFlags(descriptor);   // e.g. {readOnlyHint=false, ...}
 * }</pre>
 *
 * <p>Thread-safe; build one per adapter instance and share it.
 */
public final class FrameworkCalls {

    /** The key under which a caller's intent id travels, in every framework. */
    public static final String INTENT_ID_KEY = "dev.idem/intentId";

    /**
     * The longest intent id accepted, in characters ({@link String#length()}): the intents kept
     * then hold at most {@code intentCapacity} times this many characters of ids.
     */
    public static final int MAX_INTENT_ID_LENGTH = 256;

    /** How many intents keep their run unless the adapter is told otherwise. */
    public static final int DEFAULT_INTENT_CAPACITY = 10_000;

    /** The prefix of Idem's own keys among the safety flags. */
    private static final String IDEM = "dev.idem/";

    private static final Logger log = LoggerFactory.getLogger(FrameworkCalls.class);

    private final ToolExecutor executor;
    private final String adapter;
    private final IntentRuns runs;

    private FrameworkCalls(Builder builder) {
        this.executor = builder.executor;
        this.adapter = builder.adapter;
        this.runs = new IntentRuns(builder.executor, builder.intentCapacity);
    }

    /**
     * A builder for the calls of {@code executor}'s tools through one adapter.
     *
     * @param adapter the adapter's short name ({@code mcp}, {@code spring-ai}): it prefixes the
     *                ids Idem makes for calls and intents, and names the adapter in logs
     * @param executor the executor whose tools the adapter calls
     * @return a builder with the default intent capacity
     */
    public static Builder builder(ToolExecutor executor, String adapter) {
        return new Builder(executor, adapter);
    }

    /**
     * The executor the calls run on.
     *
     * @return the executor the calls run on
     */
    public ToolExecutor executor() {
        return executor;
    }

    /**
     * How many intents keep their run now (at most the capacity, give or take racing calls).
     *
     * @return how many intents keep their run now
     */
    public int rememberedIntents() {
        return runs.size();
    }

    /**
     * The intent of a call: the value under {@value #INTENT_ID_KEY} in {@code entries} when it is
     * there (accepted or refused, see the class comment), else {@code fallbackIntentId} (the
     * framework's own session or invocation, which the adapter names), else a fresh intent of this
     * call alone, not remembered. Never throws: entries that cannot be read refuse the call.
     *
     * @param entries          the framework's entries for this call, or {@code null} for none
     * @param fallbackIntentId the intent when the caller gives none, or {@code null} for a fresh one
     * @return the intent, refused when its id breaks the rule
     */
    public Intent intent(Map<String, ?> entries, String fallbackIntentId) {
        Object given;
        try {
            if (entries == null || !entries.containsKey(INTENT_ID_KEY)) {
                return fallbackIntentId != null ? new Intent(fallbackIntentId, true, null)
                        : new Intent(adapter + "-call-" + IntentIds.next(), false, null);
            }
            given = entries.get(INTENT_ID_KEY);
        } catch (RuntimeException e) {
            return refused("unreadable (" + e.getClass().getSimpleName() + ")");
        }
        if (!(given instanceof String text)) {
            return refused(kindOf(given));
        }
        if (text.isBlank()) {
            return refused("blank");
        }
        if (text.length() > MAX_INTENT_ID_LENGTH) {
            return refused(text.length() + " characters long");
        }
        return new Intent(text, true, null);
    }

    /**
     * Runs one call of {@code intent}, waiting on this thread. Never throws: a refused intent, a
     * missing name or a failure inside the adapter is a {@link ToolResult} too.
     *
     * @param intent        from {@link #intent}; {@code null} is a fresh intent of this call alone
     * @param callId        the framework's id for the call, or {@code null} to make one
     * @param toolName      the tool the model named; {@code null} is no tool (nothing runs)
     * @param argumentsJson the argument text as received; {@code null} or empty is {@code {}}
     * @return the call's result; a refused intent's result is an error
     */
    public ToolResult execute(Intent intent, String callId, String toolName, String argumentsJson) {
        ToolCall call = call(callId, toolName, argumentsJson);
        try {
            Intent of = intent != null ? intent : intent(null, null);
            return of.refused() ? refusal(call, of) : runOf(of).execute(call);
        } catch (RuntimeException e) {
            return failure(call.id(), call.name(), e);
        }
    }

    /**
     * As {@link #execute}, without blocking this thread; the stage always completes normally,
     * with a result.
     *
     * @param intent        from {@link #intent}; {@code null} is a fresh intent of this call alone
     * @param callId        the framework's id for the call, or {@code null} to make one
     * @param toolName      the tool the model named; {@code null} is no tool (nothing runs)
     * @param argumentsJson the argument text as received; {@code null} or empty is {@code {}}
     * @return the stage of the call's result
     */
    public CompletionStage<ToolResult> executeAsync(Intent intent, String callId, String toolName,
            String argumentsJson) {
        return executeAsync(intent, callId, toolName, argumentsJson, ToolExchange.none());
    }

    /**
     * As {@link #executeAsync(Intent, String, String, String)}, for a client the body can reach
     * through {@code ToolContext.exchange()}.
     *
     * @param intent        from {@link #intent}; {@code null} is a fresh intent of this call alone
     * @param callId        the framework's id for the call, or {@code null} to make one
     * @param toolName      the tool the model named; {@code null} is no tool (nothing runs)
     * @param argumentsJson the argument text as received; {@code null} or empty is {@code {}}
     * @param exchange      the exchange with the client that sent the call
     * @return the stage of the call's result
     */
    public CompletionStage<ToolResult> executeAsync(Intent intent, String callId, String toolName,
            String argumentsJson, ToolExchange exchange) {
        ToolCall call = call(callId, toolName, argumentsJson);
        try {
            Intent of = intent != null ? intent : intent(null, null);
            if (of.refused()) {
                return CompletableFuture.completedFuture(refusal(call, of));
            }
            return runOf(of).executeAsync(call, exchange == null ? ToolExchange.none() : exchange)
                    .handle((result, error) -> error == null ? result : failure(call.id(), call.name(), error));
        } catch (RuntimeException e) {
            return CompletableFuture.completedFuture(failure(call.id(), call.name(), e));
        }
    }

    /**
     * The {@link ToolRun} a call of {@code intent} runs in: the intent's shared run when it is
     * remembered, else a fresh run of this call alone. For an adapter that must act on the run
     * before executing (approve a call a person approved, answer a declined one); keep the run for
     * the whole call.
     *
     * @param intent from {@link #intent}, accepted
     * @return the run of the intent
     * @throws IllegalArgumentException when the intent is refused
     */
    public ToolRun run(Intent intent) {
        if (intent.refused()) {
            throw new IllegalArgumentException(intent.refusal());
        }
        return runOf(intent);
    }

    /**
     * The result for a failure inside the adapter, around or after a call (encoding its answer,
     * say): whether the body ran is not known there, so it is an unknown outcome, never a plain
     * failure. Logged once, with the trace.
     *
     * @param callId   the id of the call
     * @param toolName the tool the call named
     * @param error    what failed in the adapter
     * @return an error result with an unknown outcome
     */
    public ToolResult failure(String callId, String toolName, Throwable error) {
        Throwable cause = unwrap(error);
        String id = callId != null ? callId : newCallId();
        String name = toolName != null ? toolName : "";
        log.warn("tool call {} to '{}' failed inside the {} adapter", id, name, adapter, cause);
        return ToolResult.outcomeUnknown(id, name, ErrorType.UNKNOWN, "the tool call failed inside the " + adapter
                + " adapter (" + (cause == null ? "no cause" : cause.getClass().getSimpleName()) + ")", 0, null);
    }

    /**
     * The tool's safety flags as every adapter publishes them: one map, insertion-ordered, the same
     * keys everywhere. MCP's annotation names for what MCP has words for ({@code title} when the
     * tool has one, {@code readOnlyHint}, {@code destructiveHint}, {@code idempotentHint},
     * {@code openWorldHint}), then Idem's own under {@code dev.idem/}: {@code restartSafe},
     * {@code idempotent}, {@code readOnly}, {@code retryPolicy} (the effective policy as a map:
     * {@code source} {@code tool} or {@code executor}, {@code maxAttempts}, delays,
     * {@code retryOn}), and {@code timeoutMs} when the tool has its own.
     *
     * @param tool the tool's descriptor
     * @return the flags, in the order every adapter publishes them
     */
    public Map<String, Object> safetyFlags(ToolDescriptor tool) {
        Map<String, Object> flags = new LinkedHashMap<>();
        tool.ownTitle().ifPresent(title -> flags.put("title", title));
        flags.put("readOnlyHint", tool.readOnly());
        flags.put("destructiveHint", tool.destructive());
        flags.put("idempotentHint", tool.idempotent());
        flags.put("openWorldHint", tool.openWorld());
        flags.put(IDEM + "restartSafe", tool.restartSafe());
        flags.put(IDEM + "idempotent", tool.idempotent());
        flags.put(IDEM + "readOnly", tool.readOnly());
        flags.put(IDEM + "retryPolicy", retryPolicy(tool));
        if (tool.timeoutMs() != ToolDescriptor.INHERIT_TIMEOUT) {
            flags.put(IDEM + "timeoutMs", tool.timeoutMs());
        }
        if (tool.requiresApproval()) {
            // Published so a client can say before calling that a person will have to approve.
            flags.put(IDEM + "requiresApproval", tool.approval() == dev.idem.ApprovalCondition.ALWAYS
                    ? "always" : "when " + tool.approval().getClass().getSimpleName());
            if (!tool.approvers().isEmpty()) {
                flags.put(IDEM + "approvers", tool.approvers());
            }
        }
        return Collections.unmodifiableMap(flags);
    }

    private Map<String, Object> retryPolicy(ToolDescriptor tool) {
        RetryPolicy policy = tool.ownRetryPolicy().orElse(executor.retryPolicy());
        Map<String, Object> retry = new LinkedHashMap<>();
        retry.put("source", tool.ownRetryPolicy().isPresent() ? "tool" : "executor");
        retry.put("maxAttempts", policy.maxAttempts());
        retry.put("initialDelayMs", policy.initialDelayMs());
        retry.put("backoffFactor", policy.backoffFactor());
        retry.put("maxDelayMs", policy.maxDelayMs());
        retry.put("jitter", policy.jitter());
        retry.put("jitterFactor", policy.jitterFactor());
        List<String> retryOn = new ArrayList<>();
        for (ErrorType type : ErrorType.values()) {
            if (policy.retryOn().contains(type)) {
                retryOn.add(type.name());
            }
        }
        retry.put("retryOn", Collections.unmodifiableList(retryOn));
        return Collections.unmodifiableMap(retry);
    }

    private ToolRun runOf(Intent intent) {
        return intent.remembered ? runs.forIntent(intent.id) : executor.newRun(intent.id);
    }

    private ToolCall call(String callId, String toolName, String argumentsJson) {
        // No name is no tool: the executor answers TOOL_NOT_FOUND with the tools there are.
        return new ToolCall(callId != null ? callId : newCallId(), toolName != null ? toolName : "", argumentsJson);
    }

    private String newCallId() {
        return adapter + "-" + IntentIds.next();
    }

    private static ToolResult refusal(ToolCall call, Intent intent) {
        // Refused before an intent is looked up: nothing runs, and nothing is remembered.
        return ToolResult.error(call.id(), call.name(), ErrorType.REJECTED, intent.refusal, 0, null);
    }

    private static Intent refused(String was) {
        return new Intent(null, false, "the intent id under '" + INTENT_ID_KEY + "' must be a string of 1 to "
                + MAX_INTENT_ID_LENGTH + " characters, not blank, but was " + was
                + "; the tool was NOT executed. Send a valid intent id, or none");
    }

    /** What a value that is not a string is, in JSON's words where it has them; never the value itself. */
    private static String kindOf(Object value) {
        if (value == null) {
            return "null";
        }
        if (value instanceof Map) {
            return "an object";
        }
        if (value instanceof Collection || value.getClass().isArray()) {
            return "an array";
        }
        if (value instanceof Boolean) {
            return "a boolean";
        }
        if (value instanceof Number) {
            return "a number";
        }
        return "not a string (" + value.getClass().getSimpleName() + ")";
    }

    private static Throwable unwrap(Throwable error) {
        Throwable cause = error;
        while ((cause instanceof CompletionException || cause instanceof ExecutionException) && cause.getCause() != null) {
            cause = cause.getCause();
        }
        return cause;
    }

    /**
     * The intent of one call, as {@link FrameworkCalls#intent} found it: accepted (its id), or
     * refused (why). Made only there, so every intent that runs has passed the one rule.
     */
    public static final class Intent {
        private final String id;
        private final boolean remembered;
        private final String refusal;

        private Intent(String id, boolean remembered, String refusal) {
            this.id = id;
            this.remembered = remembered;
            this.refusal = refusal;
        }

        /**
         * The intent id the call runs under; {@code null} when refused.
         *
         * @return the intent id, or {@code null} when refused
         */
        public String id() {
            return id;
        }

        /**
         * Whether the call is refused (its intent id broke the rule); nothing runs then.
         *
         * @return whether the call is refused
         */
        public boolean refused() {
            return refusal != null;
        }

        /**
         * Why the call is refused, a sentence for the model; {@code null} when accepted.
         *
         * @return the refusal sentence, or {@code null} when accepted
         */
        public String refusal() {
            return refusal;
        }

        @Override
        public String toString() {
            return refused() ? "Intent[refused]" : "Intent[" + id + (remembered ? "" : ", this call alone") + "]";
        }
    }

    /** Configures {@link FrameworkCalls}. */
    public static final class Builder {
        private final ToolExecutor executor;
        private final String adapter;
        private int intentCapacity = DEFAULT_INTENT_CAPACITY;

        private Builder(ToolExecutor executor, String adapter) {
            this.executor = Objects.requireNonNull(executor, "executor");
            this.adapter = Objects.requireNonNull(adapter, "adapter");
        }

        /**
         * How many intents keep their {@link ToolRun}, least recently used forgotten first; default
         * {@value FrameworkCalls#DEFAULT_INTENT_CAPACITY}. A forgotten intent keeps its idempotency
         * keys; only its repetition guard starts afresh. With ids of at most
         * {@value FrameworkCalls#MAX_INTENT_ID_LENGTH} characters, the ids kept take at most this
         * many times 512 bytes (about 5 MB at the default).
         *
         * @param value the most intents remembered, at least 1
         * @return this builder
         * @throws IllegalArgumentException when {@code value} is below 1
         */
        public Builder intentCapacity(int value) {
            if (value < 1) {
                throw new IllegalArgumentException("intentCapacity must be at least 1, was " + value);
            }
            this.intentCapacity = value;
            return this;
        }

        /**
         * The calls, with a fresh memory of intents.
         *
         * @return the calls, with an empty memory of intents
         */
        public FrameworkCalls build() {
            return new FrameworkCalls(this);
        }
    }
}
