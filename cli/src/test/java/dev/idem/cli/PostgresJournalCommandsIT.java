package dev.idem.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.idem.ErrorType;
import dev.idem.approvals.ApprovalRequest;
import dev.idem.approvals.Approvals;
import dev.idem.journal.CallError;
import dev.idem.journal.CallIntent;
import dev.idem.journal.CallOutcome;
import dev.idem.journal.CallStatus;
import dev.idem.journal.postgres.PostgresCallJournal;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@code java -jar idem-cli.jar journal ...} on a PostgreSQL journal (the embedded server the
 * journal's own tests use), while the journal stays open in this process as a running replica's
 * would: the same commands, the password from the environment.
 */
class PostgresJournalCommandsIT {

    private static final Duration LEASE = Duration.ofHours(1);
    private static EmbeddedPostgres server;
    private static PostgresCallJournal replica;

    @BeforeAll
    static void start() throws IOException {
        server = EmbeddedPostgres.builder().start();
        replica = PostgresCallJournal.builder(server.getPostgresDatabase()).table("idem_cli_journal").build();
        replica.createSchema();
        replica.claim(new CallIntent("k1", "intent-1", "sendPix", "h1"), "replica-a", LEASE, false);
        replica.complete("k1", 1, CallOutcome.unknown(new CallError(ErrorType.TIMEOUT, "read timed out", false, false), 1));
        Instant now = Instant.now();
        Approvals.over(replica).record(new ApprovalRequest("ticket-1", "c1", "transfer", "t1", "{\"cents\":480000}",
                List.of("ana"), now, now.plus(Duration.ofDays(1))));
    }

    @AfterAll
    static void stop() throws IOException {
        server.close();
    }

    private static String[] command(String name, String... more) {
        String[] base = {"journal", name, server.getJdbcUrl("postgres", "postgres"), "--user", "postgres", "--table",
                "idem_cli_journal"};
        String[] all = new String[base.length + more.length];
        System.arraycopy(base, 0, all, 0, base.length);
        System.arraycopy(more, 0, all, base.length, more.length);
        return all;
    }

    private static CliJar.Run run(String... args) {
        return CliJar.run(Map.of(JournalLocation.PASSWORD_VARIABLE, "from-the-environment"), args);
    }

    @Test
    void listAndResolveAnUnknownOutcomeOnPostgresWhileAReplicaHoldsTheJournal() {
        CliJar.Run list = run(command("list", "--tool", "sendPix"));
        assertThat(list.status()).as(list.toString()).isZero();
        assertThat(list.out()).contains("k1\tsendPix\tintent-1\tOUTCOME_UNKNOWN").contains("1 with an unknown outcome");

        CliJar.Run resolve = run(command("resolve", "k1", "applied", "--result", "{\"id\":\"tr_7\"}", "--by", "ana",
                "--why", "bank statement"));
        assertThat(resolve.status()).as(resolve.toString()).isZero();
        assertThat(replica.find("k1").orElseThrow().status()).isEqualTo(CallStatus.SUCCEEDED);
        assertThat(replica.find("k1").orElseThrow().resultJson()).isEqualTo("{\"id\":\"tr_7\"}");

        CliJar.Run again = run(command("resolve", "k1", "not-applied", "--by", "bruno", "--why", "second opinion"));
        assertThat(again.status()).as(again.toString()).isEqualTo(1);
        assertThat(again.err()).contains("refused");
    }

    @Test
    void approvalsAndDecideOnPostgresAreSeenByTheReplicaAndRecordedOnce() {
        CliJar.Run pending = run(command("approvals"));
        assertThat(pending.status()).as(pending.toString()).isZero();
        assertThat(pending.out()).contains("t1\ttransfer\tticket-1\tc1\tana\t").contains("1 awaiting approval");

        CliJar.Run approve = run(command("decide", "t1", "approve", "--by", "ana", "--why", "invoice 311 checked"));
        assertThat(approve.status()).as(approve.toString()).isZero();
        assertThat(Approvals.over(replica).decision("t1").orElseThrow().by()).isEqualTo("ana");
        CliJar.Run decline = run(command("decide", "t1", "decline", "--by", "ana", "--why", "changed my mind"));
        assertThat(decline.status()).as(decline.toString()).isEqualTo(1);
        assertThat(decline.err()).contains("already APPROVED by ana");
        assertThat(Approvals.over(replica).decision("t1").orElseThrow().approved()).isTrue();
    }

    @Test
    void aTableThatIsNotThereIsAFailure() {
        CliJar.Run run = run("journal", "list", server.getJdbcUrl("postgres", "postgres"), "--user", "postgres",
                "--table", "no_such_table");
        assertThat(run.status()).as(run.toString()).isEqualTo(1);
        assertThat(run.err()).contains("failed:").contains("no_such_table");
    }
}
