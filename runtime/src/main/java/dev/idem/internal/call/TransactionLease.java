package dev.idem.internal.call;

import dev.idem.internal.call.BodyRun.AttemptOutcome;
import dev.idem.tool.BoundCall;
import dev.idem.tool.ToolFailure;
import dev.idem.tool.ToolResult;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * The lease of a transactional tool's call: the transaction each attempt runs in holds the key's
 * row, so nobody takes the call over and nothing is renewed; each attempt commits its outcome with
 * its effect or rolls both back, so there is nothing to record at the end, and nothing is left
 * running (the body is waited for, its transaction aborted at the timeout).
 *
 * @param transaction the call's transactions
 */
public record TransactionLease(TransactionalCall transaction) implements Lease {

    @Override
    public BoundCall around(BoundCall body) {
        return transaction.around(body);
    }

    @Override
    public long abandonAfterMs(long timeoutMs) {
        return 0; // TransactionalCall aborts the transaction instead
    }

    @Override
    public AttemptHistory after(AttemptHistory earlier, AttemptOutcome outcome) {
        return AttemptHistory.rolledBack(earlier, outcome.failure());
    }

    @Override
    public CompletionStage<ToolResult> end(ToolResult result, ToolFailure lastFailure,
            CompletionStage<AttemptOutcome> abandoned) {
        transaction.release(); // a transaction no attempt took rolls back
        return CompletableFuture.completedFuture(result);
    }
}
