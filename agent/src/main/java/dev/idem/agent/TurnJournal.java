package dev.idem.agent;

import dev.idem.ErrorType;
import dev.idem.llm.ChatMessage;
import dev.idem.llm.ChatResponse;
import dev.idem.llm.Usage;
import dev.idem.journal.CallError;
import dev.idem.journal.CallIntent;
import dev.idem.journal.CallOutcome;
import dev.idem.journal.CallRecord;
import dev.idem.journal.CallStatus;
import dev.idem.journal.Claim;
import dev.idem.journal.JournalSettings;
import dev.idem.internal.DaemonThreads;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * The model answers of one agent run, journaled per (intent, turn), so that the same run started
 * again after a crash replays the answers it already got instead of asking the model again: it
 * reaches the same tool calls, whose idempotency keys are then the same, and the tool journal
 * answers for them. The journal's answer of a turn is the one truth: a run whose own answer comes
 * back after another owner recorded one (it stalled past its lease) continues with the recorded one.
 *
 * <p>A turn's record is a {@link CallRecord} of tool {@value #TOOL} whose key derives from the
 * intent id and the turn number, and whose arguments hash is the run's input (instructions,
 * history, prompt): the same intent id reused for another request is a conflict, refused with
 * {@link IllegalStateException}, like a second run of the intent still in flight elsewhere.
 * Blocking: called on the run's own thread (or a thread of the agent's pool when asynchronous).
 *
 * <p>While this run owns a turn (its model call, retries and backoff included), the claim's lease is
 * renewed every third of it, so a model call longer than the lease is not taken over and asked
 * again by another replica: that one waits, then replays this run's answer.
 */
final class TurnJournal {

    static final String TOOL = "model-turn";
    static final String STOP_TOOL = "agent-run-stop";
    private static final Logger LOG = LoggerFactory.getLogger(Agent.class);
    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final long FIRST_WAIT_MS = 25;
    private static final long MAX_WAIT_STEP_MS = 1_000;

    private final JournalSettings settings;
    private final String agentName;
    private final String intentId;
    private final String inputHash;
    private final List<ChatMessage> history;
    private final String prompt;
    private long epoch;
    // Set by the claim, cancelled before the outcome is written; those steps may run on different
    // threads of the agent's pool (one after the other), the renewal task on the lease thread.
    private volatile ScheduledFuture<?> renewal;
    private final AtomicLong renewing = new AtomicLong(); // the epoch whose lease is renewed, 0 when none

    /** Renewals are journal I/O (a database round trip): they get a thread of their own, not a shared timer's. */
    private static final class Leases {
        static final ScheduledExecutorService THREAD = DaemonThreads.timer("idem-turn-lease");
    }

    TurnJournal(JournalSettings settings, String agentName, String intentId, String instructions,
            List<ChatMessage> history, String prompt) {
        this.settings = settings;
        this.agentName = agentName;
        this.intentId = intentId;
        ObjectNode input = JSON.createObjectNode();
        input.put("instructions", instructions);
        input.set("history", ConversationJson.write(agentName, history));
        input.put("prompt", prompt);
        this.inputHash = sha256(JSON.writeValueAsString(input));
        this.history = List.copyOf(history);
        this.prompt = prompt;
    }

    /** What a run that stopped for approval started from, for {@code Agent.resume}. */
    record Stopped(List<ChatMessage> history, String prompt) {}

    /**
     * Records that the run stopped awaiting approval, with what it started from (history and
     * prompt), once per intent: a later stop of the same run finds it recorded.
     */
    void recordStop() {
        ObjectNode stop = JSON.createObjectNode();
        stop.set("history", ConversationJson.write(agentName, history));
        stop.put("prompt", prompt);
        CallIntent intent = new CallIntent(stopKey(intentId), intentId, STOP_TOOL, inputHash);
        Claim claim = settings.journal().claim(intent, settings.owner(), settings.lease(), true);
        if (claim instanceof Claim.Owned owned) {
            settings.journal().complete(intent.key(), owned.epoch(),
                    CallOutcome.succeeded(JSON.writeValueAsString(stop), 1));
        }
    }

    /** The run of {@code intentId} that stopped for approval, if the journal has one. */
    static Optional<Stopped> stopped(JournalSettings settings, String agentName, String intentId) {
        return settings.journal().find(stopKey(intentId))
                .filter(record -> record.status() == CallStatus.SUCCEEDED)
                .map(record -> {
                    JsonNode stop = JSON.readTree(record.resultJson());
                    return new Stopped(ConversationJson.read(stop.get("history")), stop.get("prompt").asString());
                });
    }

    private static String stopKey(String intentId) {
        return "idem-stop-" + sha256(intentId.length() + ":" + intentId);
    }

    /**
     * The recorded answer of {@code turn}, or empty when this run now owns the turn and must ask
     * the model (then {@link #record} or {@link #recordFailure} follows).
     */
    Optional<ChatResponse> replayOrClaim(int turn) {
        CallIntent intent = intentOf(turn);
        long waitedMs = 0;
        long nextWaitMs = FIRST_WAIT_MS;
        while (true) {
            // A model answer has no effect by itself: asking again after a lost owner is always safe.
            Claim claim = settings.journal().claim(intent, settings.owner(), settings.lease(), true);
            if (claim instanceof Claim.Owned owned) {
                epoch = owned.epoch();
                startRenewing(intent.key(), owned.epoch());
                return Optional.empty();
            }
            if (claim instanceof Claim.Recorded recorded) {
                return Optional.of(answerOf(recorded.record()));
            }
            if (claim instanceof Claim.Conflict conflict) {
                throw new IllegalStateException("intent id '" + intentId + "' was already used for another request"
                        + " (instructions, conversation or prompt differ from the journal's, model turn " + turn
                        + "); use a new intent id for a new request");
            }
            Claim.InFlight inFlight = (Claim.InFlight) claim;
            if (waitedMs >= settings.inFlightWait().toMillis()) {
                throw new IllegalStateException("agent run '" + intentId + "' is running elsewhere (owner '"
                        + inFlight.owner() + "' holds model turn " + turn + " until " + inFlight.leaseUntil()
                        + "); it was NOT started again here");
            }
            long waitMs = Math.min(nextWaitMs, settings.inFlightWait().toMillis() - waitedMs);
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(waitMs));
            waitedMs += waitMs;
            nextWaitMs = Math.min(nextWaitMs * 2, MAX_WAIT_STEP_MS);
        }
    }

    /**
     * Records {@code answer} as turn {@code turn}'s and returns the answer of record: this one, or
     * the one another owner recorded after taking the turn over while this run was waiting for
     * the model.
     */
    ChatResponse record(int turn, ChatResponse answer) {
        String json = JSON.writeValueAsString(write(answer));
        while (true) {
            stopRenewing();
            if (settings.journal().complete(intentOf(turn).key(), epoch, CallOutcome.succeeded(json, 1))) {
                return answer;
            }
            Optional<ChatResponse> ofRecord = replayOrClaim(turn);
            if (ofRecord.isPresent()) {
                return ofRecord.get();
            }
            // Owned again (whoever took it over died too): record ours under the new epoch.
        }
    }

    /** The model call of {@code turn} failed: a later run of the intent asks again. */
    void recordFailure(int turn, Throwable error) {
        stopRenewing();
        String message = error.getMessage() == null ? error.getClass().getSimpleName() : error.getMessage();
        settings.journal().complete(intentOf(turn).key(), epoch,
                CallOutcome.failed(new CallError(ErrorType.UNKNOWN, message, true, false), 1));
    }

    private void startRenewing(String key, long claimed) {
        stopRenewing();
        renewing.set(claimed);
        long periodMs = Math.max(1, settings.lease().toMillis() / 3);
        renewal = Leases.THREAD.scheduleAtFixedRate(() -> renew(key, claimed), periodMs, periodMs, TimeUnit.MILLISECONDS);
    }

    private void stopRenewing() {
        renewing.set(0);
        ScheduledFuture<?> current = renewal;
        if (current != null) {
            current.cancel(false);
            renewal = null;
        }
    }

    private void renew(String key, long claimed) {
        if (renewing.get() != claimed) {
            return; // the outcome is being written (or the claim was lost): it needs no more time
        }
        boolean renewed;
        try {
            renewed = settings.journal().renew(key, claimed, settings.lease());
        } catch (RuntimeException e) {
            LOG.warn("agent '{}' intent '{}': the model turn's lease could not be renewed; retrying at the next period",
                    agentName, intentId, e);
            return;
        }
        // Taken over after a stall: nothing left to hold, and record() will yield to the journal's answer.
        // Only this claim's renewal stops; a newer claim of the same run keeps its own.
        if (!renewed && renewing.compareAndSet(claimed, 0)) {
            LOG.warn("agent '{}' intent '{}': the model turn's claim {} was taken over; its answer will yield to the"
                    + " journal's", agentName, intentId, claimed);
        }
    }

    private CallIntent intentOf(int turn) {
        String key = "idem-turn-" + sha256(intentId.length() + ":" + intentId + "\n" + turn);
        return new CallIntent(key, intentId, TOOL, inputHash);
    }

    private ChatResponse answerOf(CallRecord record) {
        if (record.status() != CallStatus.SUCCEEDED) {
            // Only a retryable failure is recorded for a turn, and a claim takes those over.
            throw new IllegalStateException("model turn record " + record.key() + " is " + record.status());
        }
        return read(JSON.readTree(record.resultJson()));
    }

    private ObjectNode write(ChatResponse answer) {
        ObjectNode node = JSON.createObjectNode();
        node.set("message", ConversationJson.write(agentName, List.of(answer.message())));
        node.put("finishReason", answer.finishReason());
        node.put("model", answer.model());
        if (answer.refused()) {
            node.put("refusal", answer.refusal()); // a refusal is the answer: the replay must refuse too
        }
        return node;
    }

    private static ChatResponse read(JsonNode node) {
        ChatMessage message = ConversationJson.read(node.get("message")).get(0);
        JsonNode finish = node.get("finishReason");
        // The tokens were spent by the run that asked; a replay costs none.
        return new ChatResponse(message, Usage.ZERO, finish == null || finish.isNull() ? null : finish.asString(),
                node.path("model").asString(""), node.path("refusal").asString(""));
    }

    private static String sha256(String text) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform must support SHA-256", e);
        }
    }
}
