package dev.idem.tool;

import static org.assertj.core.api.Assertions.assertThat;

import dev.idem.ErrorType;
import dev.idem.internal.call.ToolArguments;
import dev.idem.internal.call.VerifierRun;
import dev.idem.journal.CallIntent;
import dev.idem.journal.CallJournal;
import dev.idem.journal.CallOutcome;
import dev.idem.journal.CallRecord;
import dev.idem.journal.CallStatus;
import dev.idem.journal.Claim;
import dev.idem.journal.FileCallJournal;
import dev.idem.journal.JournalSettings;
import dev.idem.journal.TestClock;
import dev.idem.journal.crash.EffectService;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * Where a call's outcome would be unknown, the tool's verifier decides: APPLIED is recorded
 * SUCCEEDED and replayed (the body never runs again), NOT_APPLIED lets the call run, UNKNOWN, a
 * failing verifier and one that overruns its limit keep the outcome unknown. Effects are counted
 * by a transfer service on loopback that the body posts to and the verifier looks the key up in.
 */
class OutcomeVerificationTest {

    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    private EffectService bank;

    @BeforeEach
    void start() throws IOException {
        bank = new EffectService();
    }

    @AfterEach
    void stop() {
        bank.close();
    }

    private JsonNode transfer(ToolContext context) throws Exception {
        HttpResponse<String> response = http.send(HttpRequest.newBuilder(
                        URI.create("http://127.0.0.1:" + bank.port() + "/effect"))
                .header("Idempotency-Key", context.idempotencyKey()).header("X-Owner", "test")
                .POST(HttpRequest.BodyPublishers.ofString("{\"cents\":100}")).build(), HttpResponse.BodyHandlers.ofString());
        return ToolArguments.MAPPER.readTree(response.body());
    }

    /** The verifier a bank allows: the transfer made with this key, or none. */
    private Verification<JsonNode> lookUp(String key) throws Exception {
        HttpResponse<String> response = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + bank.port()
                + "/lookup?key=" + URLEncoder.encode(key, StandardCharsets.UTF_8))).GET().build(),
                HttpResponse.BodyHandlers.ofString());
        return switch (response.statusCode()) {
            case 200 -> Verification.applied(ToolArguments.MAPPER.readTree(response.body()));
            case 404 -> Verification.notApplied();
            default -> Verification.unknown("the bank answered " + response.statusCode());
        };
    }

    private static ToolExecutor executor(Transfers tools, CallJournal journal) {
        ToolExecutor.Builder builder = ToolExecutor.builder(ToolRegistry.builder().discover(tools).build())
                .circuitBreaker(1000, Duration.ofSeconds(1));
        return journal == null ? builder.build() : builder.journal(journal).build();
    }

    /** The bank drops the connection once, at {@code moment}: after the request was sent, so the outcome is unknown. */
    private void dropOnce(EffectService.Moment at) {
        bank.hook(new EffectService.Hook() {
            private boolean dropped;

            @Override
            public synchronized boolean at(String key, String owner, EffectService.Moment moment) {
                if (moment == at && !dropped) {
                    dropped = true;
                    return false;
                }
                return true;
            }
        });
    }

    @Test
    void appliedVerdictAfterAConnectionBrokenAfterDispatchIsRecordedSucceededAndNeverFollowedByARun(@TempDir Path dir) {
        dropOnce(EffectService.Moment.AFTER_EFFECT);
        Transfers tools = new TransferTools.Verified(this::transfer, this::lookUp);
        try (CallJournal journal = CallJournal.file(dir)) {
            ToolExecutor executor = executor(tools, journal);
            ToolResult first = executor.newRun("pay-1").execute(new ToolCall("c1", "transfer", "{}"));
            ToolResult again = executor.newRun("pay-1").execute(new ToolCall("c2", "transfer", "{}"));

            assertThat(first.success()).as(first.textForModel()).isTrue();
            assertThat(first.replayed()).isTrue();
            assertThat(first.value().get("replayed").booleanValue()).isFalse();
            assertThat(again.success()).isTrue();
            assertThat(again.attempts()).isZero();
            assertThat(journal.find(first.idempotencyKey()).orElseThrow().status()).isEqualTo(CallStatus.SUCCEEDED);
            assertThat(tools.bodyRuns.get()).isEqualTo(1);
            assertThat(bank.effects(first.idempotencyKey())).isEqualTo(1);
        }
    }

    @Test
    void notAppliedVerdictAfterAConnectionBrokenBeforeTheEffectLetsTheNextCallRunOnce() {
        dropOnce(EffectService.Moment.BEFORE_EFFECT);
        Transfers tools = new TransferTools.Verified(this::transfer, this::lookUp);
        ToolExecutor executor = executor(tools, null);
        ToolRun run = executor.newRun("pay-2");
        ToolResult first = run.execute(new ToolCall("c1", "transfer", "{}"));
        ToolResult again = run.execute(new ToolCall("c2", "transfer", "{}"));
        ToolResult third = run.execute(new ToolCall("c3", "transfer", "{}"));

        assertThat(first.isError()).isTrue();
        assertThat(first.outcomeUnknown()).as(first.textForModel()).isFalse();
        assertThat(first.textForModel()).contains("did NOT take effect");
        assertThat(again.success()).as(again.textForModel()).isTrue();
        assertThat(again.attempts()).isEqualTo(1);
        assertThat(third.attempts()).isZero();
        assertThat(tools.bodyRuns.get()).isEqualTo(2);
        assertThat(bank.effects(first.idempotencyKey())).isEqualTo(1);
    }

    @Test
    void unknownVerdictKeepsTheOutcomeUnknownAndNothingRunsAgain() {
        dropOnce(EffectService.Moment.AFTER_EFFECT);
        Transfers tools = new TransferTools.Verified(this::transfer,
                key -> Verification.unknown("the bank's search is down"));
        ToolExecutor executor = executor(tools, null);
        ToolResult first = executor.newRun("pay-3").execute(new ToolCall("c1", "transfer", "{}"));
        ToolResult again = executor.newRun("pay-3").execute(new ToolCall("c2", "transfer", "{}"));

        assertThat(first.outcomeUnknown()).isTrue();
        assertThat(again.errorType()).isEqualTo(ErrorType.OUTCOME_UNKNOWN);
        assertThat(again.attempts()).isZero();
        assertThat(tools.questions.get()).isEqualTo(2);
        assertThat(tools.bodyRuns.get()).isEqualTo(1);
        assertThat(bank.effects(first.idempotencyKey())).isEqualTo(1);
    }

    @Test
    void failingVerifierIsAskedAtMostThreeTimesWhenTransientOnceOtherwiseAndTheOutcomeStaysUnknown() {
        dropOnce(EffectService.Moment.AFTER_EFFECT);
        Transfers tools = new TransferTools.Verified(this::transfer, key -> {
            throw new java.net.ConnectException("Connection refused");
        });
        ToolExecutor executor = executor(tools, null);
        ToolResult first = executor.newRun("pay-4").execute(new ToolCall("c1", "transfer", "{}"));

        assertThat(first.outcomeUnknown()).isTrue();
        assertThat(first.errorType()).isNotEqualTo(ErrorType.OUTCOME_UNKNOWN); // the body's own failure, as before
        assertThat(tools.questions.get()).isEqualTo(VerifierRun.MAX_TRIES);

        tools.check(key -> {
            throw new IllegalArgumentException("a bug in the verifier");
        });
        ToolResult again = executor.newRun("pay-4").execute(new ToolCall("c2", "transfer", "{}"));
        assertThat(again.errorType()).isEqualTo(ErrorType.OUTCOME_UNKNOWN);
        assertThat(tools.questions.get()).isEqualTo(VerifierRun.MAX_TRIES + 1);
        assertThat(tools.bodyRuns.get()).isEqualTo(1);
        assertThat(bank.effects(first.idempotencyKey())).isEqualTo(1);
    }

    @Test
    void verifierThatFailsWithAPlainExceptionIsAskedOnce() {
        dropOnce(EffectService.Moment.AFTER_EFFECT);
        Transfers tools = new TransferTools.Verified(this::transfer, key -> {
            throw new RuntimeException("the ledger answered something it does not document");
        });
        ToolResult first = executor(tools, null).newRun("pay-11").execute(new ToolCall("c1", "transfer", "{}"));

        assertThat(first.outcomeUnknown()).isTrue();
        assertThat(tools.questions.get()).as("only a timeout, a connection error or a rate limit is asked again")
                .isEqualTo(1);
        assertThat(bank.effects(first.idempotencyKey())).isEqualTo(1);
    }

    /**
     * The executor built without a journal, as a new user builds it: a transfer the bank applies a
     * second after the tool's timeout, re-issued at once, is not run again on its verifier's
     * NOT_APPLIED; once the late transfer lands, the verifier's APPLIED is replayed.
     */
    @Test
    void notAppliedIsNoEvidenceWhileATimedOutBodyMayStillReachTheServiceOnTheDefaultJournal() throws Exception {
        try (LateBank late = new LateBank(1_000)) {
            Transfers tools = new TransferTools.VerifiedWithin200Ms(late::transfer,
                    late::lookUp);
            ToolExecutor executor = executor(tools, null);

            ToolResult first = executor.newRun("pay-10").execute(new ToolCall("c1", "transfer", "{}"));
            ToolResult reissued = executor.newRun("pay-10").execute(new ToolCall("c2", "transfer", "{}"));

            assertThat(first.outcomeUnknown()).as("%s", first).isTrue();
            assertThat(reissued.errorType()).as("%s", reissued).isEqualTo(ErrorType.OUTCOME_UNKNOWN);
            assertThat(reissued.mayStillBeRunning()).isTrue();
            assertThat(tools.questions.get()).isEqualTo(2);
            assertThat(tools.bodyRuns.get()).isEqualTo(1);

            late.awaitEffects(first.idempotencyKey(), 1);
            ToolResult after = executor.newRun("pay-10").execute(new ToolCall("c3", "transfer", "{}"));
            assertThat(after.success()).as("%s", after).isTrue();
            assertThat(after.replayed()).isTrue();
            Thread.sleep(300); // nothing else is on its way
            assertThat(tools.bodyRuns.get()).isEqualTo(1);
            assertThat(late.effects(first.idempotencyKey())).isEqualTo(1);
        }
    }

    @Test
    void verifierThatOverrunsItsLimitKeepsTheOutcomeUnknown() throws Exception {
        dropOnce(EffectService.Moment.AFTER_EFFECT);
        CountDownLatch never = new CountDownLatch(1);
        Transfers tools = new TransferTools.VerifiedWithin150Ms(this::transfer, key -> {
            never.await();
            return Verification.applied(null);
        });
        try {
            ToolResult first = executor(tools, null).newRun("pay-5").execute(new ToolCall("c1", "transfer", "{}"));
            assertThat(first.outcomeUnknown()).isTrue();
            assertThat(tools.questions.get()).isEqualTo(VerifierRun.MAX_TRIES);
            assertThat(bank.effects(first.idempotencyKey())).isEqualTo(1);
        } finally {
            never.countDown();
        }
    }

    @Test
    void timeoutOfANonIdempotentToolIsResolvedByAnAppliedVerdictAndNotAppliedWhileItMayStillRunIsNotTrusted()
            throws Exception {
        CountDownLatch released = new CountDownLatch(1);
        // The transfer arrives, then waits past the tool's timeout before it takes effect: "not applied" is not final.
        bank.hook((key, owner, moment) -> {
            if (moment == EffectService.Moment.BEFORE_EFFECT) {
                try {
                    released.await(10, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            return true;
        });
        Transfers tools = new TransferTools.VerifiedWithin200Ms(this::transfer, this::lookUp);
        ToolExecutor executor = executor(tools, null);
        ToolResult first = executor.newRun("pay-6").execute(new ToolCall("c1", "transfer", "{}"));
        assertThat(first.outcomeUnknown()).as("NOT_APPLIED while the body may still run").isTrue();
        assertThat(first.errorType()).isEqualTo(ErrorType.TIMEOUT);

        released.countDown();
        while (bank.effects(first.idempotencyKey()) == 0) {
            Thread.onSpinWait();
        }
        ToolResult again = executor.newRun("pay-6").execute(new ToolCall("c2", "transfer", "{}"));
        assertThat(again.success()).as(again.textForModel()).isTrue();
        assertThat(again.replayed()).isTrue();
        assertThat(tools.bodyRuns.get()).isEqualTo(1);
        assertThat(bank.effects(first.idempotencyKey())).isEqualTo(1);
    }

    /** A journal whose owner dies after its body ran: the outcome is never written, the record stays STARTED. */
    private static CallJournal diesBeforeRecording(CallJournal journal) {
        return new CallJournal() {
            @Override
            public Claim claim(CallIntent intent, String owner, Duration lease, boolean reDrivable) {
                return journal.claim(intent, owner, lease, reDrivable);
            }

            @Override
            public boolean renew(String key, long epoch, Duration lease) {
                return true;
            }

            @Override
            public boolean complete(String key, long epoch, CallOutcome outcome) {
                return true;
            }

            @Override
            public Optional<CallRecord> find(String key) {
                return journal.find(key);
            }

            @Override
            public int purge() {
                return 0;
            }
        };
    }

    @Test
    void reIssuedCallOfAnOutcomeUnknownRecordAsksTheVerifierAndAppliedReplaysWithoutARun(@TempDir Path dir) {
        dropOnce(EffectService.Moment.AFTER_EFFECT);
        Transfers tools = new TransferTools.Unverified(this::transfer);
        try (CallJournal journal = CallJournal.file(dir)) {
            ToolResult first = executor(tools, journal).newRun("pay-7").execute(new ToolCall("c1", "transfer", "{}"));
            assertThat(journal.find(first.idempotencyKey()).orElseThrow().status()).isEqualTo(CallStatus.OUTCOME_UNKNOWN);

            Transfers release = new TransferTools.Verified(tools, this::lookUp); // a later release names a verifier
            ToolResult again = executor(release, journal).newRun("pay-7").execute(new ToolCall("c2", "transfer", "{}"));
            assertThat(again.success()).as(again.textForModel()).isTrue();
            assertThat(again.replayed()).isTrue();
            assertThat(again.attempts()).isZero();
            assertThat(journal.find(first.idempotencyKey()).orElseThrow().status()).isEqualTo(CallStatus.SUCCEEDED);
            assertThat(tools.bodyRuns.get()).isEqualTo(1);
            assertThat(bank.effects(first.idempotencyKey())).isEqualTo(1);
        }
    }

    @Test
    void takeoverOfALostOwnersStartedRecordAsksTheVerifier(@TempDir Path dir) {
        for (boolean idempotent : new boolean[] {false, true}) {
            for (boolean effectMade : new boolean[] {true, false}) {
                TestClock clock = new TestClock();
                String intent = "pay-8-" + idempotent + "-" + effectMade;
                Path journalDir = dir.resolve(intent);
                try (CallJournal journal = FileCallJournal.builder(journalDir).clock(clock).open()) {
                    Transfers.Body dies = effectMade ? this::transfer : context -> "died before sending";
                    Transfers dying = idempotent ? new TransferTools.IdempotentUnverified(dies)
                            : new TransferTools.Unverified(dies);
                    ToolExecutor first = ToolExecutor.builder(ToolRegistry.builder().discover(dying).build())
                            .journal(JournalSettings.of(diesBeforeRecording(journal)).withLease(Duration.ofSeconds(5)))
                            .build();
                    String key = first.newRun(intent).execute(new ToolCall("c1", "transfer", "{}")).idempotencyKey();
                    assertThat(journal.find(key).orElseThrow().status()).isEqualTo(CallStatus.STARTED);
                    clock.advance(Duration.ofSeconds(6)); // its lease ends: the owner is presumed lost

                    Transfers tools = idempotent ? new TransferTools.IdempotentVerified(this::transfer, this::lookUp)
                            : new TransferTools.Verified(this::transfer, this::lookUp);
                    ToolResult taken = executor(tools, journal).newRun(intent).execute(new ToolCall("c2", "transfer", "{}"));

                    assertThat(taken.success()).as(intent + ": " + taken.textForModel()).isTrue();
                    assertThat(taken.replayed()).as(intent).isEqualTo(effectMade);
                    assertThat(tools.bodyRuns.get()).as(intent + ": APPLIED is never followed by a run")
                            .isEqualTo(effectMade ? 0 : 1);
                    assertThat(bank.effects(key)).as(intent).isEqualTo(1);
                    assertThat(journal.find(key).orElseThrow().status()).isEqualTo(CallStatus.SUCCEEDED);
                }
            }
        }
    }
}
