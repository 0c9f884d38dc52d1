package dev.idem.approvals;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.idem.journal.CallJournal;
import dev.idem.journal.FaultedJournal;
import dev.idem.journal.FileCallJournal;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The approvals rules on the file journal, two deciders in the process that owns it; and its reopen. */
class FileApprovalsTest extends ApprovalsContract {

    @TempDir
    Path work;

    private final AtomicInteger journals = new AtomicInteger();

    @Override
    protected CallJournal newJournal() {
        return FileCallJournal.builder(work.resolve("j" + journals.incrementAndGet())).clock(clock).open();
    }

    @Override
    protected int races() {
        return 200;
    }

    @Test
    void aDecisionRecordLeftUnfinishedByACrashIsClaimedAgainAtOnceAfterTheJournalReopens() {
        Path directory = work.resolve("crashed");
        FaultedJournal crashing = new FaultedJournal(FileCallJournal.builder(directory).clock(clock).open());
        Instant now = clock.instant();
        Approvals.over(crashing, "replica-a", clock).record(new ApprovalRequest("ticket-1", "c1", "transfer", "k1",
                "{\"cents\":480000}", List.of(), now, now.plus(Duration.ofDays(1))));
        crashing.failCompletions("idem-decision-k1", 2, false); // as if the process died between claim and write
        assertThatThrownBy(() -> Approvals.over(crashing, "replica-a", clock)
                .decide(ApprovalDecision.approve("k1", "ana", "ok"))).isInstanceOf(IllegalStateException.class);
        crashing.close();

        try (CallJournal reopened = FileCallJournal.builder(directory).clock(clock).open()) {
            Approvals approvals = Approvals.over(reopened, "replica-b", clock);
            ApprovalDecision declined = approvals.decide(ApprovalDecision.decline("k1", "bruno", "wrong account"));

            assertThat(declined.by()).isEqualTo("bruno");
            assertThat(approvals.decision("k1")).contains(declined);
        }
    }
}
