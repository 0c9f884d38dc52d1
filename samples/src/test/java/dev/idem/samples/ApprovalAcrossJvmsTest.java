package dev.idem.samples;

import static org.assertj.core.api.Assertions.assertThat;

import dev.idem.approvals.ApprovalDecision;
import dev.idem.approvals.Approvals;
import dev.idem.journal.CallJournal;
import dev.idem.journal.CallRecord;
import dev.idem.journal.CallStatus;
import dev.idem.samples.bank.BankServer;
import dev.idem.testkit.OpenAiWireServer;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The approval's durability across real processes on the file journal: the run stops awaiting
 * approval in one JVM, which ends; a second JVM records the approval and is killed with SIGKILL,
 * either before the approved payment reached the bank or after the bank made it and before its
 * outcome was recorded; a third, fresh JVM resumes the run. The bank counts what reached it.
 */
class ApprovalAcrossJvmsTest {

    /**
     * One moment per run, picked by a seed ({@code -Didem.approval.seed=<n>} replays a run, its
     * seed is printed), to keep the normal run short; {@code -Didem.approval.crash=all} plays
     * both, {@code =<MOMENT>} one.
     */
    static Stream<CrashPointHttp.Moment> moments() {
        String chosen = System.getProperty("idem.approval.crash", "seeded");
        if (chosen.equals("all")) {
            return Stream.of(CrashPointHttp.Moment.values());
        }
        if (!chosen.equals("seeded")) {
            return Stream.of(CrashPointHttp.Moment.valueOf(chosen));
        }
        long seed = Long.getLong("idem.approval.seed", System.nanoTime());
        CrashPointHttp.Moment moment = CrashPointHttp.Moment.values()[new Random(seed).nextInt(2)];
        System.out.println("ApprovalAcrossJvmsTest: -Didem.approval.seed=" + seed + " kills " + moment);
        return Stream.of(moment);
    }

    @ParameterizedTest
    @MethodSource("moments")
    void anApprovedCallRunsExactlyOnceAcrossASigkillAndAFreshJvm(CrashPointHttp.Moment killedAt,
            @TempDir Path dir) throws IOException {
        Path journalDir = dir.resolve("journal");
        Path stderr = dir.resolve("child-stderr");
        try (BankServer bank = BankServer.start(); OpenAiWireServer wire = OpenAiWireServer.start(SupplierAgent.model())) {
            String[] common = {bank.baseUri().toString(), wire.baseUrl(), journalDir.toString()};

            // JVM 1: the run stops awaiting approval, and the process ends.
            String key;
            try (SupplierProcess first = SupplierProcess.start(stderr, null, with(common, "run"))) {
                key = first.awaitLine(SupplierChild.PENDING);
                assertThat(first.awaitLine(SupplierChild.FINISHED)).startsWith("AWAITING_APPROVAL");
                assertThat(first.awaitExit()).isZero();
            }
            assertThat(bank.requestsFor(key)).isEmpty();

            // JVM 2: ana approves; the process is killed before the payment runs, or after the bank made it.
            try (SupplierProcess second = SupplierProcess.start(stderr, null,
                    with(common, "approve-and-stop", key, killedAt.name()))) {
                assertThat(second.awaitLine(SupplierChild.CRASH_POINT)).isEqualTo(key);
                int effectsAtKill = bank.effectsFor(key);
                assertThat(second.kill()).isEqualTo(137);
                assertThat(effectsAtKill).isEqualTo(killedAt == CrashPointHttp.Moment.BEFORE_THE_REQUEST ? 0 : 1);
            }

            // JVM 3: a fresh process resumes with the decision of record.
            try (SupplierProcess third = SupplierProcess.start(stderr, null, with(common, "resume"))) {
                assertThat(third.awaitLine(SupplierChild.FINISHED)).startsWith("ANSWERED");
                assertThat(third.awaitExit()).isZero();
            }

            // The approved payment reached the bank once and moved money once.
            assertThat(bank.requestsFor(key)).hasSize(1);
            assertThat(bank.effectsFor(key)).isEqualTo(1);
            assertThat(bank.totalEffects()).isEqualTo(1);
            try (CallJournal journal = CallJournal.file(journalDir)) {
                assertThat(journal.find(key)).map(CallRecord::status).contains(CallStatus.SUCCEEDED);
                assertThat(Approvals.over(journal).decision(key)).hasValueSatisfying(decision -> {
                    assertThat(decision.verdict()).isEqualTo(ApprovalDecision.Verdict.APPROVED);
                    assertThat(decision.by()).isEqualTo(SupplierAgent.APPROVER);
                });
            }
        }
    }

    private static String[] with(String[] common, String... step) {
        String[] args = new String[common.length + step.length];
        System.arraycopy(common, 0, args, 0, common.length);
        System.arraycopy(step, 0, args, common.length, step.length);
        return args;
    }
}
