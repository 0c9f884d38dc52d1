package dev.idem.journal.postgres;

import static org.assertj.core.api.Assertions.assertThat;

import dev.idem.journal.CallRecord;
import dev.idem.journal.CallStatus;
import dev.idem.journal.crash.CrashChildren;
import dev.idem.tool.RetryPolicy;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Real JVMs running a transactional tool (a ledger insert on the call's connection) are SIGKILLed
 * at each point of the transaction: after the body's write and before the commit, while the
 * COMMIT is on its way (the kill races it by a few random microseconds), and after the commit
 * before the answer reaches the caller. Three replicas run the same intents at once, each killed at
 * one point; then a replacement runs them all again. Counted in the database itself: ledger rows per intent = 1
 * (no effect lost, none duplicated), every record SUCCEEDED, every report of every replica
 * SUCCEEDED (no unknown outcome).
 *
 * <p>Rounds: {@code -Didem.journal.tx.rounds=N} (default {@value #DEFAULT_ROUNDS}; each round
 * kills three replicas, one at each point); seed: {@code -Didem.journal.tx.seed=S}. The soak:
 * <pre>
 * mvn -B -pl journal-postgres -am verify -Dtest=TransactionalCrashTest -Didem.journal.tx.rounds=60 -Dsurefire.failIfNoSpecifiedTests=false
 * </pre>
 */
class TransactionalCrashTest {

    static final int DEFAULT_ROUNDS = 1;
    private static final int INTENTS = 6;

    private enum Point { WROTE, COMMITTING, COMMITTED }

    @Test
    void replicasKilledAtEveryPointOfTheTransactionLeaveEveryEffectExactlyOnceAndNoUnknownOutcome(@TempDir Path work)
            throws Exception {
        int rounds = Integer.getInteger("idem.journal.tx.rounds", DEFAULT_ROUNDS);
        long seed = Long.getLong("idem.journal.tx.seed", System.nanoTime());
        Random random = new Random(seed);
        PostgresCallJournal journal = PostgresCallJournal.builder(TestDatabase.dataSource())
                .table(TestDatabase.freshTable("txcrash")).build();
        journal.createSchema();
        LedgerTools ledger = LedgerTools.create(TestDatabase.dataSource(), RetryPolicy.DEFAULT, 0);
        Map<Point, Integer> kills = new EnumMap<>(Point.class);
        int replayed = 0;
        long started = System.nanoTime();
        for (int round = 1; round <= rounds; round++) {
            String where = "round " + round + " (seed " + seed + ", replay with -Didem.journal.tx.seed=" + seed + ")";
            String prefix = "t" + round + "-intent-";
            // Three replicas on the same intents, each to be killed at one point of the transaction
            // of an intent of its own (which it runs first), then one replacement runs them all.
            List<Integer> victims = new ArrayList<>(List.of(1, 2, 3, 4, 5, 6));
            java.util.Collections.shuffle(victims, random);
            Map<Point, Process> replicas = new EnumMap<>(Point.class);
            for (Point point : Point.values()) {
                replicas.put(point, start(work, journal, ledger, round, point.name(), prefix,
                        victims.get(point.ordinal()), point));
            }
            for (Point point : Point.values()) {
                Process victim = replicas.get(point);
                if (!awaitLine(work.resolve(round + point.name() + ".out"), "AT " + point, victim)) {
                    continue; // another replica ran that intent first: this one replayed it
                }
                if (point == Point.COMMITTING) {
                    LockSupport.parkNanos(TimeUnit.MICROSECONDS.toNanos(random.nextInt(3_000)));
                }
                CrashChildren.kill(victim);
                kills.merge(point, 1, Integer::sum);
            }
            Process replacement = start(work, journal, ledger, round, "C", prefix, 0, Point.WROTE);
            assertThat(replacement.waitFor(120, TimeUnit.SECONDS)).as("replacement finished, %s", where).isTrue();
            assertThat(replacement.exitValue()).as("replacement exit, %s: %s", where,
                    Files.readString(work.resolve(round + "C.err"))).isZero();
            Map<Integer, String> keys = new HashMap<>();
            List<String> reports = new ArrayList<>();
            for (String name : List.of("WROTE", "COMMITTING", "COMMITTED", "C")) {
                for (String line : Files.readAllLines(work.resolve(round + name + ".out"))) {
                    String[] done = line.split(" ");
                    if (done.length == 5 && done[0].equals("done")) {
                        keys.put(Integer.parseInt(done[1]), done[2]);
                        reports.add(name + ":" + done[1] + ":" + done[3]);
                        replayed += Boolean.parseBoolean(done[4]) ? 1 : 0;
                    }
                }
            }
            assertThat(keys).as("every intent reported, %s", where).hasSize(INTENTS);
            assertThat(reports).as("no unknown outcome, no failure, %s", where)
                    .allSatisfy(report -> assertThat(report).endsWith(":SUCCEEDED"));
            for (Map.Entry<Integer, String> intent : keys.entrySet()) {
                String key = intent.getValue();
                CallRecord record = journal.find(key).orElseThrow();
                String what = "intent " + intent.getKey() + ", " + where + ": victims " + victims.subList(0, 3)
                        + ", reports " + reports;
                assertThat(ledger.rows(TestDatabase.dataSource(), key)).as("effects of %s", what).isEqualTo(1);
                assertThat(record.status()).as(what).isEqualTo(CallStatus.SUCCEEDED);
            }
        }
        System.out.printf("TransactionalCrashTest: %d rounds of 3 replicas + 1 replacement x %d intents, kills %s,"
                        + " in %d ms, seed %d; duplicated effects 0, lost effects 0, unknown outcomes 0, %d replays%n",
                rounds, INTENTS, kills, TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started), seed, replayed);
    }

    private static Process start(Path work, PostgresCallJournal journal, LedgerTools ledger, int round, String owner,
            String prefix, int victim, Point point) throws Exception {
        return CrashChildren.start(TransactionalChild.class, work.resolve(round + owner + ".out"),
                work.resolve(round + owner + ".err"), TestDatabase.url(), TestDatabase.user(), TestDatabase.password(),
                journal.table(), ledger.ledger, owner + round, prefix, Integer.toString(INTENTS),
                Integer.toString(victim), point.name());
    }

    /** Whether {@code child} printed {@code line} (it stops there); false when it ended without. */
    private static boolean awaitLine(Path file, String line, Process child) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (System.nanoTime() < deadline) {
            if (Files.exists(file) && Files.readAllLines(file).contains(line)) {
                return true;
            }
            if (!child.isAlive()) {
                return Files.readAllLines(file).contains(line);
            }
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(1));
        }
        throw new AssertionError("a replica neither reached " + line + " nor ended");
    }
}
