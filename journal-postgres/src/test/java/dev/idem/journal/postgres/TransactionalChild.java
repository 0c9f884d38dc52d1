package dev.idem.journal.postgres;

import dev.idem.journal.JournalSettings;
import dev.idem.tool.RetryPolicy;
import dev.idem.tool.ToolCall;
import dev.idem.tool.ToolExecutor;
import dev.idem.tool.ToolRegistry;
import dev.idem.tool.ToolResult;
import java.time.Duration;
import java.util.concurrent.locks.LockSupport;

/**
 * One replica running a transactional tool over intents {@code 1..count} (the victim's first), printing
 * {@code done <n> <key> <status> <replayed>} per intent. At intent {@code victim} it stops for good
 * at {@code point} after printing {@code AT <point>}, so the parent can SIGKILL it there:
 * {@code WROTE} (the body's write done, no commit yet), {@code COMMITTING} (just before the
 * COMMIT is sent: the kill races it), {@code COMMITTED} (committed, the answer not yet handed
 * back). Arguments: {@code url user password table ledger owner prefix count victim point}
 * ({@code victim} 0: none).
 */
public final class TransactionalChild {

    /** Whether the intent running now is the victim: the child runs its intents one after another. */
    private static volatile boolean victimNow;

    private TransactionalChild() {
    }

    public static void main(String[] args) {
        int count = Integer.parseInt(args[7]);
        int victim = Integer.parseInt(args[8]);
        String point = args[9];
        CountingDataSource data = new CountingDataSource(
                new ReusingDataSource(TestDatabase.dataSource(args[0], args[1], args[2])));
        PostgresCallJournal journal = PostgresCallJournal.builder(data).table(args[3]).build();
        LedgerTools tools = new LedgerTools(args[4], RetryPolicy.builder().maxAttempts(1).build(), 0);
        tools.after = (connection, context) -> {
            if (victimNow && point.equals("WROTE")) {
                stopAt(point);
            }
        };
        data.commitFault = real -> {
            if (victimNow && point.equals("COMMITTING")) {
                System.out.println("AT " + point);
                System.out.flush();
            }
            real.commit();
            if (victimNow && point.equals("COMMITTED")) {
                stopAt(point);
            }
        };
        ToolExecutor executor = ToolExecutor.builder(ToolRegistry.of(tools))
                .journal(JournalSettings.of(journal).withOwner(args[5]).withInFlightWait(Duration.ofSeconds(60)))
                .build();
        // The victim's intent first, so this replica is the one that runs its body; then the others.
        for (int i = victim > 0 ? 0 : 1; i <= count; i++) {
            int n = i == 0 ? victim : i;
            if (i > 0 && n == victim) {
                continue;
            }
            victimNow = n == victim;
            ToolResult result = executor.newRun(args[6] + n)
                    .execute(new ToolCall("c" + n, "book", "{\"cents\":" + n + "}"));
            System.out.println("done " + n + " " + result.idempotencyKey() + " "
                    + (result.success() ? "SUCCEEDED" : result.errorType()) + " " + result.replayed());
            System.out.flush();
        }
        System.exit(0);
    }

    private static void stopAt(String point) {
        System.out.println("AT " + point);
        System.out.flush();
        while (true) {
            LockSupport.park();
        }
    }
}
