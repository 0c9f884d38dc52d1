package dev.idem.agent;

import dev.idem.ErrorType;
import dev.idem.approvals.ApprovalRequest;
import dev.idem.internal.CauseChain;
import dev.idem.internal.ErrorText;
import dev.idem.internal.Mode;
import dev.idem.llm.ChatMessage;
import dev.idem.llm.ChatModel;
import dev.idem.llm.ChatRequest;
import dev.idem.llm.ChatResponse;
import dev.idem.llm.StreamListener;
import dev.idem.llm.Usage;
import dev.idem.llm.failover.FailoverDecision;
import dev.idem.llm.failover.ModelCallDriver;
import dev.idem.llm.failover.ModelCallException;
import dev.idem.tool.ToolCall;
import dev.idem.tool.ToolDescriptor;
import dev.idem.tool.RetryDecision;
import dev.idem.tool.ToolCallObservation;
import dev.idem.tool.ToolFailure;
import dev.idem.tool.ToolRegistry;
import dev.idem.tool.ToolResult;
import dev.idem.tool.ToolRun;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One run of an agent: model turn, then its tool calls in order, then the next turn, until an
 * answer, a limit or a surfaced model failure. Works on a private copy of the conversation and
 * hands it back only through {@link AgentResult} and the {@code committed} list: the agent
 * decides whether to keep it. Both entry points run this code; they differ only in {@link Mode}.
 * Used by one run at a time: each step happens-after the previous one through the stage it chains
 * on; only the trace is touched from tool threads (concurrent read-only calls), so it is guarded.
 */
final class AgentRun {

    private static final Logger LOG = LoggerFactory.getLogger(Agent.class);

    private final AgentSettings settings;
    private final Mode mode;
    private final String intentId;
    private final ToolRun tools;
    private final ModelCallDriver driver;
    private final TurnJournal turns; // null when the agent has no journal
    // Open where each model request and tool call starts, so their spans are children of the run's.
    private final RunObservations observations;
    private final List<ChatMessage> messages;
    private final List<ToolResult> toolResults = new ArrayList<>();
    // Appended from tool threads when read-only calls run concurrently.
    private final List<TraceEvent> trace = new ArrayList<>();
    private Usage usage = Usage.ZERO;
    // Read by listeners on other threads while a turn is in flight; written only between turns.
    private volatile int turn;
    private volatile int failedAttemptsThisTurn;
    private int toolCallsMade;
    private final ApprovalStep approvals;
    // Results of declined calls of the current turn, by call id: answered without running.
    private Map<String, ToolResult> declined = Map.of();

    AgentRun(AgentSettings settings, Mode mode, List<ChatMessage> history, String prompt, String intentId,
            RunObservations observations) {
        this.settings = settings;
        this.observations = observations;
        this.mode = mode;
        this.intentId = intentId;
        this.messages = new ArrayList<>(history);
        this.messages.add(ChatMessage.user(prompt));
        this.tools = settings.toolExecutor().newRun(intentId, (call, tool) -> new ToolCallObservation() {
            @Override
            public void retrying(int attempt, int maxAttempts, long delayMs, ToolFailure failure,
                    RetryDecision.Reason rule) {
                record(new TraceEvent.ToolRetried(turn, call.name(), attempt, maxAttempts, delayMs, failure.type(),
                        ErrorText.of(failure.error())));
            }
        });
        this.turns = settings.journal() == null ? null
                : new TurnJournal(settings.journal(), settings.name(), intentId, settings.instructions(), history, prompt);
        this.approvals = new ApprovalStep(settings, tools, intentId, this::record);
        this.driver = settings.newDriver((attempt, failure, decision) -> {
            failedAttemptsThisTurn = attempt;
            record(new TraceEvent.ModelAttemptFailed(turn, attempt, failure, decision));
        });
    }

    /** The conversation as this run leaves it (system message not included). */
    List<ChatMessage> messages() {
        return List.copyOf(messages);
    }

    CompletionStage<AgentResult> start() {
        return nextTurn();
    }

    private CompletionStage<AgentResult> nextTurn() {
        if (turn >= settings.maxModelTurns()) {
            return done(AgentStatus.LIMIT_REACHED, "", "", null, "maxModelTurns (" + settings.maxModelTurns() + ")");
        }
        turn++;
        failedAttemptsThisTurn = 0;
        ChatRequest request = requestFor(messages);
        if (turns == null) {
            return callModel(request)
                    .handle((response, error) -> error == null ? afterAnswer(response) : afterFailure(error))
                    .thenCompose(next -> next);
        }
        int thisTurn = turn;
        // A turn the journal already has is replayed, not asked again: the run reaches the same tool calls.
        return journalIo(() -> turns.replayOrClaim(thisTurn)).thenCompose(recorded -> recorded.isPresent()
                ? replayed(recorded.get())
                : callModel(request).handle((response, error) -> error == null
                        ? journalIo(() -> turns.record(thisTurn, response)).thenCompose(ofRecord -> ofRecord == response
                                ? afterAnswer(response)
                                : spentOn(response).replayed(ofRecord))
                        : journalIo(() -> {
                            turns.recordFailure(thisTurn, error);
                            return null;
                        }).handle((ignored, journalError) -> afterFailure(error)).thenCompose(next -> next))
                        .thenCompose(next -> next));
    }

    /** Journal I/O: on this thread when blocking, on the agent's own threads when not. */
    private <T> CompletionStage<T> journalIo(Supplier<T> work) {
        return mode.offload(work, settings.streamThreads());
    }

    /** Counts the tokens of an answer that lost to the journal's (another owner recorded the turn first). */
    private AgentRun spentOn(ChatResponse discarded) {
        usage = usage.plus(discarded.usage());
        return this;
    }

    /** A turn answered before (by this intent's earlier run, or another owner): no model call, no tokens. */
    private CompletionStage<AgentResult> replayed(ChatResponse response) {
        record(new TraceEvent.ModelAnswerReplayed(turn, response.toolCalls().size()));
        return continueWith(response);
    }

    private CompletionStage<AgentResult> afterFailure(Throwable error) {
        Throwable cause = CauseChain.unwrap(error);
        if (cause instanceof ModelCallException surfaced) {
            boolean unknown = surfaced.decision().reason() == FailoverDecision.Reason.PROVIDER_OUTCOME_UNKNOWN;
            return done(unknown ? AgentStatus.OUTCOME_UNKNOWN : AgentStatus.FAILED, "", "", surfaced, null);
        }
        return CompletableFuture.failedFuture(cause); // a bug, not a model failure: the caller must see it
    }

    private CompletionStage<AgentResult> afterAnswer(ChatResponse response) {
        usage = usage.plus(response.usage());
        List<ToolCall> calls = response.toolCalls();
        record(new TraceEvent.ModelAnswered(turn, failedAttemptsThisTurn + 1, calls.size(), response.finishReason(),
                response.usage()));
        return continueWith(response);
    }

    private CompletionStage<AgentResult> continueWith(ChatResponse response) {
        List<ToolCall> calls = response.toolCalls();
        if (calls.isEmpty() && response.refused()) {
            // A refusal is an answer: kept in the conversation (as the assistant's words, so the
            // next turn's model sees it declined) and reported as such, never retried.
            messages.add(ChatMessage.assistant(response.refusal()));
            return done(AgentStatus.REFUSED, "", response.refusal(), null, null);
        }
        if (calls.isEmpty()) {
            messages.add(response.message());
            return done(AgentStatus.ANSWERED, response.text(), "", null, null);
        }
        if (toolCallsMade + calls.size() > settings.maxToolCalls()) {
            // None of this turn's calls run, and the assistant message is not kept: a kept tool
            // call without its result would make the conversation unusable for the next run.
            return done(AgentStatus.LIMIT_REACHED, "", "", null, "maxToolCalls (" + settings.maxToolCalls() + ")");
        }
        toolCallsMade += calls.size();
        messages.add(response.message());
        int thisTurn = turn;
        return journalIo(() -> approvals.check(thisTurn, calls)).thenCompose(gate -> {
            if (!gate.pending().isEmpty()) {
                // None of the turn's calls ran; the journal keeps the turn, the requests and what the run started from.
                if (turns != null) {
                    return journalIo(() -> {
                        turns.recordStop();
                        return null;
                    }).thenCompose(ignored -> awaiting(gate.pending()));
                }
                return awaiting(gate.pending());
            }
            declined = gate.declined();
            return runCalls(calls, 0).thenCompose(ignored -> nextTurn());
        });
    }

    private CompletionStage<AgentResult> awaiting(List<ApprovalRequest> pending) {
        LOG.info("agent '{}' intent '{}' stopped at model turn {}: {} call(s) await approval", settings.name(), intentId,
                turn, pending.size());
        return done(AgentStatus.AWAITING_APPROVAL, "", "", null, null, pending);
    }

    /** Runs {@code calls} from {@code index} on, in order; consecutive read-only calls together when allowed. */
    private CompletionStage<Void> runCalls(List<ToolCall> calls, int index) {
        if (index == calls.size()) {
            return CompletableFuture.completedFuture(null);
        }
        int end = index + 1;
        if (settings.concurrentReadOnlyTools() && isReadOnly(calls.get(index))) {
            while (end < calls.size() && isReadOnly(calls.get(end))) {
                end++;
            }
        }
        int groupEnd = end;
        CompletionStage<List<ToolResult>> group;
        if (groupEnd - index == 1) {
            group = callTool(calls.get(index)).thenApply(List::of);
        } else {
            // Read-only: no effect to order, so they may overlap; results still go back in call order.
            List<CompletableFuture<ToolResult>> started = new ArrayList<>();
            for (ToolCall call : calls.subList(index, groupEnd)) {
                ToolResult refused = declined.get(call.id());
                started.add(refused != null ? CompletableFuture.completedFuture(refused)
                        : observations.within(() -> tools.executeAsync(call)).toCompletableFuture());
            }
            group = mode.settle(CompletableFuture.allOf(started.toArray(CompletableFuture[]::new))
                    .thenApply(ignored -> started.stream().map(CompletableFuture::join).toList()));
        }
        return group.thenCompose(results -> {
            results.forEach(this::append);
            return runCalls(calls, groupEnd);
        });
    }

    /** The request for the next turn: the instructions, then the window of the conversation. */
    private ChatRequest requestFor(List<ChatMessage> conversation) {
        List<ChatMessage> sent = new ArrayList<>();
        if (!settings.instructions().isEmpty()) {
            sent.add(ChatMessage.system(settings.instructions()));
        }
        sent.addAll(settings.window().apply(conversation));
        return ChatRequest.of(sent, settings.toolExecutor().registry().descriptors());
    }

    /**
     * One model call through the driver, in this run's mode. Blocking, the stream is read on this
     * thread; non-blocking, {@code ChatModel.stream} (which blocks while the answer arrives) gets a
     * thread of its own and plain calls use {@code chatAsync}.
     */
    private CompletionStage<ChatResponse> callModel(ChatRequest request) {
        List<ChatModel> profiles = List.of(settings.model());
        boolean exposesTools = request.exposesTools();
        // Each attempt starts within the run's observations, on whatever thread the driver starts it.
        RunObservations run = observations;
        if (mode.isBlocking()) {
            return Mode.now(() -> settings.streaming()
                    ? driver.stream(profiles, exposesTools,
                            m -> run.within(() -> m.stream(request, settings.streamListener())),
                            m -> run.within(() -> m.chat(request)))
                    : driver.call(profiles, exposesTools, m -> run.within(() -> m.chat(request))));
        }
        if (!settings.streaming()) {
            return driver.callAsync(profiles, exposesTools, m -> run.within(() -> m.chatAsync(request)));
        }
        StreamListener listener = settings.streamListener();
        return driver.streamAsync(profiles, exposesTools,
                m -> mode.offload(() -> run.within(() -> m.stream(request, listener)), settings.streamThreads()),
                m -> run.within(() -> m.chatAsync(request)));
    }

    private CompletionStage<ToolResult> callTool(ToolCall call) {
        ToolResult refused = declined.get(call.id());
        if (refused != null) {
            return CompletableFuture.completedFuture(refused); // declined: the tool never runs
        }
        return mode.isBlocking() ? Mode.now(() -> observations.within(() -> tools.execute(call)))
                : observations.within(() -> tools.executeAsync(call));
    }

    private boolean isReadOnly(ToolCall call) {
        ToolRegistry.Entry entry = settings.toolExecutor().registry().find(call.name());
        ToolDescriptor tool = entry == null ? null : entry.descriptor();
        return tool != null && tool.readOnly();
    }

    private void append(ToolResult result) {
        toolResults.add(result);
        record(new TraceEvent.ToolFinished(turn, result));
        messages.add(result.isError()
                ? ChatMessage.toolError(result.callId(), result.toolName(), result.textForModel())
                : ChatMessage.toolResult(result.callId(), result.toolName(), result.textForModel()));
    }

    private CompletionStage<AgentResult> done(AgentStatus status, String answer, String refusal,
            ModelCallException error, String limit) {
        return done(status, answer, refusal, error, limit, List.of());
    }

    private CompletionStage<AgentResult> done(AgentStatus status, String answer, String refusal,
            ModelCallException error, String limit, List<ApprovalRequest> pending) {
        List<TraceEvent> events;
        synchronized (trace) {
            events = List.copyOf(trace);
        }
        return CompletableFuture.completedFuture(new AgentResult(status, answer, refusal, error, limit, toolResults, events,
                usage, intentId, turn, pending));
    }

    private void record(TraceEvent event) {
        synchronized (trace) {
            trace.add(event);
        }
        for (AgentListener listener : settings.listeners()) {
            try {
                listener.onEvent(intentId, event);
            } catch (RuntimeException e) {
                LOG.warn("agent listener {} failed on {}", listener, event, e);
            }
        }
    }
}
