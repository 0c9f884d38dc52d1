package dev.idem.internal.call;

import dev.idem.ErrorType;
import dev.idem.journal.CallIntent;
import dev.idem.journal.CallOutcome;
import dev.idem.journal.CallRecord;
import dev.idem.journal.CallStatus;
import dev.idem.journal.Claim;
import dev.idem.journal.JournalOutcomeUnknownException;
import dev.idem.journal.JournalTransaction;
import dev.idem.journal.TransactionalJournal;
import dev.idem.tool.BoundCall;
import dev.idem.tool.ToolContext;
import dev.idem.tool.ToolException;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import tools.jackson.databind.JsonNode;

/**
 * The journal side of one call of a transactional tool: every attempt is one transaction that
 * claims the key, runs the body on the transaction's connection, records the outcome and commits
 * (docs/journal.md, "Transactional tools"). The first claim is the call's {@linkplain
 * CallClaim#begin begin}: its answer decides whether the body runs at all, as for every tool;
 * when it owns the key, its transaction is the first attempt's. A later attempt claims again in a
 * new transaction (the previous one rolled back).
 *
 * <p>Timeouts: the body is not abandoned. At its deadline the transaction is aborted (the running
 * statement cancelled, the connection closed, so the server rolls back effect and claim) and the
 * attempt fails with TIMEOUT once the body returns, which a body blocked on that connection does
 * at once. A body that reached its commit first wins the race and commits: one state, changed once,
 * decides which.
 *
 * <p>The body gets the transaction's connection as a {@link CallConnection}: what would end the
 * transaction or change it after the claim is refused, and a refused call fails the attempt.
 */
public final class TransactionalCall {

    private static final int RUNNING = 0;
    private static final int COMMITTING = 1;
    private static final int ABORTED = 2;

    private final TransactionalJournal journal;
    private final JournalAccess access;
    private final CallIntent intent;
    private final long waitMs;
    // The first claim's transaction until the first attempt takes it.
    private final AtomicReference<JournalTransaction> open = new AtomicReference<>();

    public TransactionalCall(TransactionalJournal journal, JournalAccess access, CallIntent intent, long waitMs) {
        this.journal = journal;
        this.access = access;
        this.intent = intent;
        this.waitMs = waitMs;
    }

    /** Claims the key in a new transaction; an owned claim's transaction waits for the first attempt. */
    public Claim claim() {
        JournalTransaction transaction = begin();
        Claim claim = transaction.claim();
        if (claim instanceof Claim.Owned) {
            open.set(transaction);
        } else {
            transaction.close();
        }
        return claim;
    }

    /** Ends a transaction no attempt took (the call stopped before its first attempt): it rolls back. */
    public void release() {
        JournalTransaction left = take();
        if (left != null) {
            left.close();
        }
    }

    /** {@code body} run in a transaction of its own per attempt. */
    public BoundCall around(BoundCall body) {
        return context -> CompletableFuture.completedFuture(attempt(body, context));
    }

    private JsonNode attempt(BoundCall body, ToolContext context) throws Exception {
        JournalTransaction transaction = take();
        if (transaction == null) {
            long sentAt = System.nanoTime();
            transaction = begin();
            Claim claim = transaction.claim();
            if (!(claim instanceof Claim.Owned)) {
                transaction.close();
                return answerOf(claim, TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - sentAt));
            }
        }
        AtomicInteger state = new AtomicInteger(RUNNING);
        JournalTransaction running = transaction;
        Duration remaining = context.remaining();
        // The timer only decides; ending the transaction is I/O, so it runs on the I/O threads.
        ScheduledFuture<?> deadline = remaining == null ? null : access.timer().schedule(() -> {
            if (state.compareAndSet(RUNNING, ABORTED)) {
                access.io().execute(running::abort);
            }
        }, remaining.toNanos(), TimeUnit.NANOSECONDS);
        try {
            JsonNode value;
            CallConnection connection = new CallConnection(transaction.connection());
            try {
                CompletionStage<JsonNode> stage = body.run(context.withConnection(connection));
                value = stage == null ? null : stage.toCompletableFuture().join();
            } catch (CompletionException e) {
                throw connection.refusalOr(e.getCause() instanceof Exception cause ? cause : e);
            } catch (Exception e) {
                throw state.get() == ABORTED ? timedOut(context, e) : connection.refusalOr(e);
            }
            connection.throwIfRefused();
            if (!state.compareAndSet(RUNNING, COMMITTING)) {
                throw timedOut(context, null);
            }
            String json = JournalCall.jsonOf(value == null ? tools.jackson.databind.node.NullNode.getInstance() : value);
            Optional<CallRecord> committed;
            try {
                committed = transaction.commit(CallOutcome.succeeded(json, context.attempt()));
            } catch (JournalOutcomeUnknownException e) {
                throw new ToolException(ErrorType.OUTCOME_UNKNOWN, false, "the commit's answer was lost and the"
                        + " journal could not be read afterwards: " + e.getMessage(), e);
            }
            if (committed.isEmpty()) {
                throw new ToolException(ErrorType.CONNECTION_ERROR, true, "the transaction did not commit (the"
                        + " connection failed before or during COMMIT); it rolled back, nothing took effect", null);
            }
            // Read back by key after a lost COMMIT answer, the row is the truth: the call's result is its result.
            String recorded = committed.get().resultJson();
            return json.equals(recorded) ? value : JournalCall.valueOf(recorded);
        } finally {
            if (deadline != null) {
                deadline.cancel(false);
            }
            transaction.close();
        }
    }

    /**
     * What an IN_FLIGHT claim of a transactional call says: who holds the call, that it may still
     * take effect, and the wait that happened ({@code waitedMs}, measured by the caller), none other.
     */
    public static String heldElsewhere(Claim.InFlight inFlight, long waitedMs) {
        if (TransactionalJournal.OPEN_TRANSACTION.equals(inFlight.owner())) {
            return "another transaction holds this call: its claim of the key is not committed yet (it is running"
                    + " the tool or committing); it may still commit, so whether the call takes effect is unknown"
                    + " here. This claim waited " + waitedMs + " ms on it; the tool was NOT started again";
        }
        return "the same call is recorded as running under owner '" + inFlight.owner() + "' (lease until "
                + inFlight.leaseUntil() + "), claimed outside a transaction: it may still take effect, so the outcome"
                + " is unknown here; the tool was NOT started again";
    }

    /** A later attempt's claim that did not take the key: an earlier commit of this call did, or another call. */
    private JsonNode answerOf(Claim claim, long waitedMs) {
        if (claim instanceof Claim.Recorded recorded && recorded.record().status() == CallStatus.SUCCEEDED) {
            return JournalCall.valueOf(recorded.record().resultJson());
        }
        if (claim instanceof Claim.InFlight inFlight) {
            throw new ToolException(ErrorType.IN_FLIGHT, false, heldElsewhere(inFlight, waitedMs), null);
        }
        throw new ToolException(ErrorType.KEY_CONFLICT, false, "idempotency key " + intent.key()
                + " is recorded otherwise (" + claim + "); the tool was NOT executed again", null);
    }

    private ToolException timedOut(ToolContext context, Exception cause) {
        return new ToolException(ErrorType.TIMEOUT, true, "tool call '" + context.callId() + "' did not finish"
                + " within its timeout; its transaction was rolled back, nothing took effect", cause);
    }

    private JournalTransaction begin() {
        return journal.begin(intent, access.settings().owner(), access.settings().lease(), waitMs);
    }

    private JournalTransaction take() {
        return open.getAndSet(null);
    }
}
