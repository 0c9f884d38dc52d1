package dev.idem.journal.postgres;

import static org.assertj.core.api.Assertions.assertThat;

import dev.idem.ErrorType;
import dev.idem.journal.crash.CrashChildren;
import dev.idem.journal.crash.EffectService;
import dev.idem.journal.crash.VerifiedEffectTools;
import dev.idem.tool.ToolCall;
import dev.idem.tool.ToolExecutor;
import dev.idem.tool.ToolResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The harm-twice rule across two JVMs on one PostgreSQL: a replica's e-mail times out while the
 * mail service holds it; another JVM re-issues the same intent at once, and again after the first
 * replica was SIGKILLed; only then does the service let the e-mail land (a fixed delay raced the
 * re-issues on a loaded machine). Its verifier finds nothing yet each
 * time, and that is no evidence: the body never runs in the second JVM. Once the late e-mail
 * lands, the intent is answered with it. Effects are counted at the service.
 */
class LateEffectAcrossReplicasTest {

    private static final long LEASE_MS = 3_000;

    @Test
    void notAppliedIsNoEvidenceAcrossReplicasWhileAnAbandonedRequestMayStillLand(@TempDir Path work)
            throws Exception {
        PostgresCallJournal journal = PostgresCallJournal.builder(TestDatabase.dataSource())
                .table(TestDatabase.freshTable("late")).build();
        journal.createSchema();
        CountDownLatch land = new CountDownLatch(1);
        try (EffectService mail = new EffectService()) {
            mail.hook((key, owner, moment) -> {
                if (moment == EffectService.Moment.BEFORE_EFFECT && "child".equals(owner)) {
                    await(land);
                }
                return true;
            });
            Path out = work.resolve("child.out");
            Process child = CrashChildren.start(LateTransferChild.class, out, work.resolve("child.err"),
                    TestDatabase.url(), TestDatabase.user(), TestDatabase.password(), journal.table(),
                    Integer.toString(mail.port()), Long.toString(LEASE_MS));
            try {
                String[] done = awaitDone(out, child);
                assertThat(done[2]).as("the child's own answer").isEqualTo("TIMEOUT");
                String key = done[1];
                ToolExecutor replica = LateTransferChild.executor(journal, "replica", mail.port(), LEASE_MS);

                ToolResult whileAlive = call(replica, "c2");
                CrashChildren.kill(child);
                ToolResult afterKill = call(replica, "c3");

                for (ToolResult result : List.of(whileAlive, afterKill)) {
                    assertThat(result.errorType()).as("%s", result).isEqualTo(ErrorType.OUTCOME_UNKNOWN);
                }
                land.countDown();
                long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
                while (mail.effects(key) == 0 && System.nanoTime() < deadline) {
                    Thread.sleep(20);
                }
                ToolResult landed = call(replica, "c4");
                assertThat(landed.success()).as("%s", landed).isTrue();
                assertThat(landed.replayed()).isTrue();
                Thread.sleep(500); // nothing else is on its way
                assertThat(mail.effects(key)).isEqualTo(1);
                assertThat(mail.arrivals().get(key)).as("no request from the second JVM").allMatch(
                        arrival -> arrival.owner().equals("child"));
            } finally {
                land.countDown();
                CrashChildren.kill(child);
            }
        }
    }

    private static ToolResult call(ToolExecutor executor, String callId) {
        return executor.newRun("intent-1").execute(new ToolCall(callId, VerifiedEffectTools.SEND_EMAIL, "{\"n\":1}"));
    }

    private static String[] awaitDone(Path out, Process child) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (System.nanoTime() < deadline) {
            if (Files.exists(out)) {
                for (String line : Files.readAllLines(out)) {
                    if (line.startsWith("done ")) {
                        return line.split(" ");
                    }
                }
            }
            assertThat(child.isAlive()).as("the child is running").isTrue();
            Thread.sleep(20);
        }
        throw new AssertionError("the child never answered");
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
