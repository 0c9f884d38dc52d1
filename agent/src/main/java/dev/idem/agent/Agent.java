package dev.idem.agent;

import dev.idem.approvals.ApprovalDecision;
import dev.idem.approvals.Approvals;
import dev.idem.internal.CauseChain;
import dev.idem.internal.Mode;
import dev.idem.journal.CallJournal;
import dev.idem.journal.JournalSettings;
import dev.idem.llm.ChatMessage;
import dev.idem.llm.ChatModel;
import dev.idem.llm.StreamListener;
import dev.idem.llm.Usage;
import dev.idem.llm.failover.FailoverPolicy;
import dev.idem.llm.failover.IdleTimeoutBreaker;
import dev.idem.llm.failover.ModelCallDriver;
import dev.idem.state.StateStore;
import dev.idem.tool.EffectivePolicies;
import dev.idem.tool.PolicyOverrides;
import dev.idem.tool.RetryPolicy;
import dev.idem.retry.Sleeper;
import dev.idem.tool.ToolExecutor;
import dev.idem.tool.ToolRegistry;
import dev.idem.tool.ToolSet;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.UUID;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;

/**
 * Instructions, a {@link ChatModel} and tools, under Idem's rules (DESIGN.md sections 3 to 5):
 * {@link #run} loops model turn, tool calls, results, until an answer, a limit or a surfaced
 * model failure, and returns an {@link AgentResult} with the answer, the trace and the usage.
 *
 * <ul>
 *   <li>Model calls go through one {@link ModelCallDriver} loop: on a turn that offers tools, a
 *       failure after dispatch is never replayed; it ends the run as
 *       {@link AgentStatus#OUTCOME_UNKNOWN}. Streaming falls back to a plain call through the
 *       same gate.</li>
 *   <li>Tool calls of one turn run in the model's order through one {@link ToolExecutor} run per
 *       agent run, whose intent id (given by the caller, or generated) keys every effect: running
 *       the same request again with the same intent id reuses the idempotency keys.</li>
 *   <li>The conversation is kept across runs. A run works on a copy and commits it only when it
 *       ends with an answer (a refusal included) or a limit; a run that ends FAILED or OUTCOME_UNKNOWN leaves the
 *       conversation as it was before the run.</li>
 *   <li>Usage is summed from the answers each run received, so agents sharing one model client
 *       on many threads each count only their own tokens.</li>
 *   <li>Nothing escapes {@code run} but the caller's bugs ({@link IllegalArgumentException},
 *       {@link IllegalStateException}) and the tools' or listeners' own errors: model failures
 *       come back as a result.</li>
 * </ul>
 *
 * <p><b>Runs of one agent are serialized</b>: a run starts after the previous run of the same
 * agent ended, whichever entry point started them, because each run continues the conversation
 * the previous one left. Different agents run in parallel, also on one shared model client.
 *
 * <pre>{@code
 * Agent agent = Agent.builder()
 *         .name("travel")
 *         .instructions("You book flights and pay with Pix.")
 *         .model(OpenAiChatModel.fromEnvironment().build())
 *         .tools(FlightBooking_ToolSet.of(new FlightBooking()), PixBank_ToolSet.of(bank))
 *         .retryPolicy(RetryPolicy.builder().maxAttempts(4).build())
 *         .build();
 * AgentResult result = agent.run("Book ID101 on 2026-12-01 for Ana", "ticket-4711");
 * System.out.println(result.orThrow());
 * }</pre>
 */
public final class Agent {

    /** How long a call waits for approval unless the builder says otherwise: a day, the journal's default retention. */
    public static final Duration DEFAULT_APPROVAL_TIMEOUT = Duration.ofHours(24);

    private final AgentSettings settings;
    private final Conversation conversation;
    // Tokens spent by all runs of this agent; summed under the lock.
    private Usage usage = Usage.ZERO;

    private Agent(AgentSettings settings) {
        this.settings = settings;
        this.conversation = new Conversation(settings.name(), settings.window());
    }

    /**
     * A builder; {@link Builder#model} is required.
     *
     * @return a new builder
     */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * Runs {@code prompt} under a new, generated intent id.
     *
     * @param prompt the user's request
     * @return how the run ended, with the answer and the tokens spent
     */
    public AgentResult run(String prompt) {
        return run(prompt, UUID.randomUUID().toString());
    }

    /**
     * Runs {@code prompt} for the intent {@code intentId} (the click, the ticket), waiting on this
     * thread. Running the same request again with the same intent id (for instance after
     * {@link AgentStatus#OUTCOME_UNKNOWN}) derives the same idempotency keys for the same tool
     * calls, so services that honour them deduplicate.
     *
     * @param prompt the user's request
     * @param intentId the id of what the user asked for, stable across retries of the same request
     * @return how the run ended, with the answer and the tokens spent
     */
    public AgentResult run(String prompt, String intentId) {
        return Mode.join(start(Mode.BLOCKING, prompt, intentId));
    }

    /**
     * {@link #runAsync(String, String)} under a new, generated intent id.
     *
     * @param prompt the user's request
     * @return completes with how the run ended
     */
    public CompletionStage<AgentResult> runAsync(String prompt) {
        return runAsync(prompt, UUID.randomUUID().toString());
    }

    /**
     * The same run as {@link #run(String, String)}, to the letter, without blocking: model retries
     * are scheduled and tool bodies run on the tool executor's threads. Completes exceptionally
     * only for what {@link #run} would throw.
     *
     * @param prompt the user's request
     * @param intentId the id of what the user asked for, stable across retries of the same request
     * @return completes with how the run ended
     */
    public CompletionStage<AgentResult> runAsync(String prompt, String intentId) {
        return start(Mode.NON_BLOCKING, prompt, intentId);
    }

    /**
     * The model client given to the builder (for telemetry: its {@link ChatModel#description()}).
     *
     * @return the model client
     */
    public ChatModel model() {
        return settings.model();
    }

    /**
     * The agent's name.
     *
     * @return the name given to the builder, {@code agent} by default
     */
    public String name() {
        return settings.name();
    }

    /**
     * The conversation kept so far, oldest first, without the system message.
     *
     * @return the messages of the conversation, oldest first
     */
    public List<ChatMessage> conversation() {
        return conversation.messages();
    }

    /**
     * The tokens all runs of this agent spent, failed runs included.
     *
     * @return the tokens spent so far
     */
    public synchronized Usage usage() {
        return usage;
    }

    /**
     * The policies this agent's tools run under, with where each value came from; {@code toString()}
     * prints them as a table.
     *
     * @return the effective policy of every tool
     */
    public EffectivePolicies effectivePolicies() {
        return settings.toolExecutor().effectivePolicies();
    }

    /**
     * The tools this agent may call.
     *
     * @return the registry of this agent's tools
     */
    public ToolRegistry tools() {
        return settings.toolExecutor().registry();
    }

    /**
     * Writes the conversation to {@code store} as document {@code documentName}, atomically,
     * after any run in progress ended.
     *
     * @param store where to write
     * @param documentName the name of the document in {@code store}
     */
    public void saveConversation(StateStore store, String documentName) {
        conversation.save(store, documentName);
    }

    /**
     * Replaces the conversation with document {@code documentName} from {@code store}, after any
     * run in progress ended; returns false (and changes nothing) when there is no such document.
     *
     * @param store where to read
     * @param documentName the name of the document in {@code store}
     * @return true when the conversation was replaced, false when there is no such document
     */
    public boolean restoreConversation(StateStore store, String documentName) {
        return conversation.restore(store, documentName);
    }

    /** Forgets the conversation, after any run in progress ended. */
    public void clearConversation() {
        conversation.clear();
    }

    /**
     * Records {@code decisions} in the journal, then continues the run of {@code intentId} that
     * stopped {@link AgentStatus#AWAITING_APPROVAL}, here or in any process on the same journal,
     * days later: recorded model turns are replayed (the model is not asked again), approved calls
     * run once under their key, declined ones answer the model "declined by who: why; the tool was
     * NOT executed". Decisions recorded earlier (through {@code Approvals}) count as well; a call
     * still undecided stops the run again. The conversation the run started from comes from the
     * journal; when the run ends it becomes this agent's conversation, as after {@link #run}.
     *
     * <pre>{@code
     * AgentResult waiting = agent.run("Pay the rent", "ticket-4711");          // AWAITING_APPROVAL
     * String key = waiting.pendingApprovals().get(0).idempotencyKey();
     * // ... later, anywhere:
     * AgentResult done = agent.resume("ticket-4711", ApprovalDecision.approve(key, "ana", "checked"));
     * }</pre>
     *
     * @param intentId  the intent id of the run that stopped
     * @param decisions decisions on its pending calls (none: only those already recorded count)
     * @return how the run ended this time
     * @throws dev.idem.approvals.ApprovalConflictException when a call was already decided the other way;
     *     nothing ran
     * @throws IllegalStateException when the agent has no journal, or no run of {@code intentId} stopped
     *     for approval
     */
    public AgentResult resume(String intentId, ApprovalDecision... decisions) {
        return Mode.join(resumeIn(Mode.BLOCKING, intentId, List.of(decisions)));
    }

    /**
     * {@link #resume(String, ApprovalDecision...)} without blocking.
     *
     * @param intentId  the intent id of the run that stopped
     * @param decisions decisions on its pending calls
     * @return completes with how the run ended this time
     */
    public CompletionStage<AgentResult> resumeAsync(String intentId, List<ApprovalDecision> decisions) {
        return resumeIn(Mode.NON_BLOCKING, intentId, decisions);
    }

    private CompletionStage<AgentResult> resumeIn(Mode mode, String intentId, List<ApprovalDecision> decisions) {
        if (settings.journal() == null) {
            throw new IllegalStateException("resume needs a journal (Agent.builder().journal(...)): without one no run"
                    + " can continue where it stopped");
        }
        TurnJournal.Stopped stopped = TurnJournal.stopped(settings.journal(), settings.name(), intentId)
                .orElseThrow(() -> new IllegalStateException("no run of intent '" + intentId + "' of agent '"
                        + settings.name() + "' stopped for approval in this journal"));
        Approvals approvals = ApprovalStep.approvals(settings);
        for (ApprovalDecision decision : decisions) {
            approvals.decide(decision); // all recorded (or refused) before anything runs
        }
        return start(mode, stopped.history(), stopped.prompt(), intentId);
    }

    /** One run, in turn after every earlier run of this agent; its usage counted, its work committed or not. */
    private CompletionStage<AgentResult> start(Mode mode, String prompt, String intentId) {
        return start(mode, null, prompt, intentId);
    }

    /** {@code history} null: the agent's conversation. */
    private CompletionStage<AgentResult> start(Mode mode, List<ChatMessage> history, String prompt, String intentId) {
        if (prompt == null || prompt.isBlank()) {
            throw new IllegalArgumentException("prompt must not be blank");
        }
        if (intentId == null || intentId.isBlank()) {
            throw new IllegalArgumentException("intentId must not be blank");
        }
        RunObservations observations = RunObservations.start(settings.listeners(), this, intentId);
        CompletionStage<AgentResult> ran;
        try {
            ran = conversation.inTurn(mode, () -> {
                AgentRun run = new AgentRun(settings, mode, history != null ? history : conversation.messages(), prompt,
                        intentId, observations);
                return run.start().thenApply(result -> {
                    synchronized (this) {
                        usage = usage.plus(result.usage());
                    }
                    conversation.commit(result.status(), run.messages());
                    return result;
                });
            });
        } catch (RuntimeException | Error e) {
            observations.ended(null, e);
            throw e;
        }
        if (observations == RunObservations.NONE) {
            return ran;
        }
        // The run's end as its caller sees it: told before the caller's own stages run.
        return ran.whenComplete((result, error) -> observations.ended(result, error == null ? null
                : CauseChain.unwrap(error)));
    }

    /** Configures an {@link Agent}; only the model is required. */
    public static final class Builder {
        private String name = "agent";
        private String instructions = "";
        private ChatModel model;
        private ToolRegistry registry;
        private final List<ToolSet> toolSets = new ArrayList<>();
        private ToolExecutor toolExecutor;
        private RetryPolicy retryPolicy;
        private Sleeper toolSleeper;
        private PolicyOverrides policyOverrides;
        private FailoverPolicy failoverPolicy = FailoverPolicy.DEFAULT;
        private IdleTimeoutBreaker idleTimeoutBreaker;
        private Sleeper modelSleeper;
        private int maxModelTurns = 10;
        private int maxToolCalls = 50;
        private boolean streaming;
        private StreamListener streamListener = StreamListener.NONE;
        private Executor streamThreads;
        private boolean concurrentReadOnlyTools;
        private ConversationWindow window = ConversationWindow.UNLIMITED;
        private final List<AgentListener> listeners = new ArrayList<>();
        private JournalSettings journal;
        private Duration approvalTimeout = DEFAULT_APPROVAL_TIMEOUT;
        private Clock clock = Clock.systemUTC();

        private Builder() {
        }

        /**
         * A name for logs and saved conversations (default {@code agent}).
         *
         * @param value the name
         * @return this builder
         */
        public Builder name(String value) {
            if (value == null || value.isBlank()) {
                throw new IllegalArgumentException("name must not be blank");
            }
            this.name = value;
            return this;
        }

        /**
         * The system message sent first on every turn (default: none).
         *
         * @param value the system message
         * @return this builder
         */
        public Builder instructions(String value) {
            this.instructions = Objects.requireNonNull(value, "instructions");
            return this;
        }

        /**
         * The model; required. One client may be shared by many agents.
         *
         * @param value the model client
         * @return this builder
         */
        public Builder model(ChatModel value) {
            this.model = Objects.requireNonNull(value, "model");
            return this;
        }

        /**
         * Adds tool sets (generated {@code *_ToolSet}s); tool names must be unique across all.
         *
         * @param sets the tool sets to add
         * @return this builder
         */
        public Builder tools(ToolSet... sets) {
            for (ToolSet set : sets) {
                toolSets.add(Objects.requireNonNull(set, "tool set"));
            }
            return this;
        }

        /**
         * Adds every tool of {@code value}.
         *
         * @param value the registry whose tools are added
         * @return this builder
         */
        public Builder tools(ToolRegistry value) {
            this.registry = Objects.requireNonNull(value, "registry");
            return this;
        }

        /**
         * A ready executor (its tools, policy, breakers, budget, threads and listeners); instead of
         * {@link #tools}, {@link #retryPolicy} and {@link #toolSleeper}.
         *
         * @param value the executor that runs tool calls
         * @return this builder
         */
        public Builder toolExecutor(ToolExecutor value) {
            this.toolExecutor = Objects.requireNonNull(value, "toolExecutor");
            return this;
        }

        /**
         * The retry policy of tools without their own {@code @Retry} (default {@link RetryPolicy#DEFAULT}).
         *
         * @param value the retry policy
         * @return this builder
         */
        public Builder retryPolicy(RetryPolicy value) {
            this.retryPolicy = Objects.requireNonNull(value, "retryPolicy");
            return this;
        }

        /**
         * Tool policies from configuration, read once by {@link #build()}: typically
         * {@code PolicyConfiguration.standard(args)} ({@code idem.tool.<name>.retry.max-attempts} and the like).
         *
         * @param value the configured tool policies
         * @return this builder
         */
        public Builder policyOverrides(PolicyOverrides value) {
            this.policyOverrides = Objects.requireNonNull(value, "policyOverrides");
            return this;
        }

        /**
         * How the tool executor waits between attempts (tests: record instead of waiting).
         *
         * @param value the sleeper of the tool executor
         * @return this builder
         */
        public Builder toolSleeper(Sleeper value) {
            this.toolSleeper = Objects.requireNonNull(value, "toolSleeper");
            return this;
        }

        /**
         * What to do after a failed model call (default {@link FailoverPolicy#DEFAULT}).
         *
         * @param value the failover policy of model calls
         * @return this builder
         */
        public Builder failoverPolicy(FailoverPolicy value) {
            this.failoverPolicy = Objects.requireNonNull(value, "failoverPolicy");
            return this;
        }

        /**
         * The idle-timeout breaker of the model client. It counts per client, so agents sharing
         * one client should share one breaker (default: a new one for this agent).
         *
         * @param value the breaker
         * @return this builder
         */
        public Builder idleTimeoutBreaker(IdleTimeoutBreaker value) {
            this.idleTimeoutBreaker = Objects.requireNonNull(value, "idleTimeoutBreaker");
            return this;
        }

        /**
         * How model calls wait before a retry, in {@link #run} and {@link #runAsync} alike (default:
         * real waits on one shared daemon thread; {@code Sleeper.using(scheduler)} for your own;
         * tests: {@link Sleeper#recording}).
         *
         * @param value the sleeper of model calls
         * @return this builder
         */
        public Builder modelSleeper(Sleeper value) {
            this.modelSleeper = Objects.requireNonNull(value, "modelSleeper");
            return this;
        }

        /**
         * The most model turns per run, at least 1 (default 10).
         *
         * @param value the most model turns
         * @return this builder
         */
        public Builder maxModelTurns(int value) {
            this.maxModelTurns = AgentSettings.atLeast("maxModelTurns", value, 1);
            return this;
        }

        /**
         * The most tool calls per run, at least 0 (default 50); a turn that would go beyond runs none of its calls.
         *
         * @param value the most tool calls
         * @return this builder
         */
        public Builder maxToolCalls(int value) {
            this.maxToolCalls = AgentSettings.atLeast("maxToolCalls", value, 0);
            return this;
        }

        /**
         * Whether to stream answers (default false). A failed stream goes on without streaming when
         * the failover policy allows it; the replay gate applies to that fallback too.
         *
         * @param value true to stream answers
         * @return this builder
         */
        public Builder streaming(boolean value) {
            this.streaming = value;
            return this;
        }

        /**
         * Receives streamed pieces (implies nothing unless {@link #streaming} is on).
         *
         * @param value the listener of streamed pieces
         * @return this builder
         */
        public Builder streamListener(StreamListener value) {
            this.streamListener = Objects.requireNonNull(value, "streamListener");
            return this;
        }

        /**
         * Threads for streamed calls on the asynchronous path (default: shared daemon threads).
         *
         * @param value the executor of streamed calls
         * @return this builder
         */
        public Builder streamThreads(Executor value) {
            this.streamThreads = Objects.requireNonNull(value, "streamThreads");
            return this;
        }

        /**
         * Whether consecutive read-only tool calls of one turn may run at the same time (default
         * false). Results still go back to the model in call order; calls with effects always run
         * one after the other, in order.
         *
         * @param value true to let read-only calls of one turn overlap
         * @return this builder
         */
        public Builder concurrentReadOnlyTools(boolean value) {
            this.concurrentReadOnlyTools = value;
            return this;
        }

        /**
         * How much conversation is kept and sent (default: all).
         *
         * @param value the conversation window
         * @return this builder
         */
        public Builder window(ConversationWindow value) {
            this.window = Objects.requireNonNull(value, "window");
            return this;
        }

        /**
         * Adds a listener of every run's trace events, called in the order added.
         *
         * @param value the listener to add
         * @return this builder
         */
        public Builder listener(AgentListener value) {
            listeners.add(Objects.requireNonNull(value, "listener"));
            return this;
        }

        /**
         * Makes runs durable: every side-effecting tool call and every model answer is recorded in
         * {@code journal} (per intent and turn), so {@code run(prompt, intentId)} after a crash, a
         * restart or on another replica replays the recorded turns instead of asking the model
         * again, reaches the same tool calls with the same keys, and continues where it stopped.
         * Reusing an intent id for another request (other instructions, history or prompt) is
         * refused with {@link IllegalStateException}, as is a run of an intent still in flight
         * elsewhere (after waiting up to the settings' in-flight wait).
         *
         * @param value the journal of calls and answers
         * @return this builder
         */
        public Builder journal(CallJournal value) {
            return journal(JournalSettings.of(value));
        }

        /**
         * {@link #journal(CallJournal)} with these settings (owner, lease, waits).
         *
         * @param value the journal and its settings
         * @return this builder
         */
        public Builder journal(JournalSettings value) {
            this.journal = Objects.requireNonNull(value, "journal");
            return this;
        }

        /**
         * The agent.
         *
         * @return a new agent with this configuration
         * @throws NullPointerException     when no model was given
         * @throws IllegalArgumentException when a tool executor was given together with tools, a
         *                                  retry policy, a tool sleeper or policy overrides, a journal with an executor
         *                                  that has none, or tool names collide
         */
        public Agent build() {
            return new Agent(new AgentSettings(name, instructions,
                    Objects.requireNonNull(model, "model (Agent.builder().model(...) is required)"),
                    AgentSettings.toolExecutor(toolExecutor, registry, toolSets, retryPolicy, toolSleeper, policyOverrides,
                            journal),
                    failoverPolicy, idleTimeoutBreaker != null ? idleTimeoutBreaker : new IdleTimeoutBreaker(),
                    modelSleeper, maxModelTurns, maxToolCalls, streaming, streamListener,
                    streamThreads != null ? streamThreads : AgentSettings.defaultStreamThreads(), concurrentReadOnlyTools,
                    window, listeners, journal, approvalTimeout, clock));
        }

        /**
         * How long a call may wait for a person's approval before it counts as declined by expiry
         * (default {@link Agent#DEFAULT_APPROVAL_TIMEOUT}). Keep the journal's retention longer.
         *
         * @param value the longest wait, positive
         * @return this builder
         */
        public Builder approvalTimeout(Duration value) {
            if (value == null || value.isNegative() || value.isZero()) {
                throw new IllegalArgumentException("approvalTimeout must be positive, was " + value);
            }
            this.approvalTimeout = value;
            return this;
        }

        /**
         * The clock approvals are requested and expire by (default: the system's, UTC).
         *
         * @param value the clock
         * @return this builder
         */
        public Builder clock(Clock value) {
            this.clock = Objects.requireNonNull(value, "clock");
            return this;
        }

    }
}
