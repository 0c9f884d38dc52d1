package dev.idem.samples.faults;

import static org.assertj.core.api.Assertions.assertThat;

import dev.idem.ErrorType;
import dev.idem.samples.bank.BankServer;
import dev.idem.samples.bank.Fault;
import dev.idem.samples.bank.KeyHistory;
import dev.idem.samples.tools.PixBank;
import dev.idem.samples.tools.PixBank_ToolSet;
import dev.idem.tool.ToolCall;
import dev.idem.tool.ToolExecutor;
import dev.idem.tool.ToolRegistry;
import dev.idem.tool.ToolResult;
import dev.idem.tool.ToolRun;
import dev.idem.tool.ToolSet;
import java.net.http.HttpClient;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The tool side of the fault-injection suite: the generated tool sets of the Pix transfer run by
 * the real {@link ToolExecutor} against the Stripe-like bank, one bank fault at a time. Headline
 * rule, checked after every test: no idempotency key moved money more than once, and a call whose
 * key moved money is never reported as a plain failure (it succeeded, or its outcome is unknown).
 */
class BankFaultTest {
    private static final String ARGUMENTS = "{\"key\":\"ana@example.com\",\"cents\":500,\"date\":\"2026-12-01\"}";

    private final List<Long> delays = Collections.synchronizedList(new ArrayList<>());
    private final List<ToolResult> results = new ArrayList<>();
    private BankServer bank;

    @AfterEach
    void noEffectTwiceAndNoEffectReportedAsFailed() {
        if (bank == null) {
            return;
        }
        try {
            for (KeyHistory history : bank.ledger().values()) {
                assertThat(history.effects()).as("effects for %s", history.idempotencyKey()).isLessThanOrEqualTo(1);
            }
            for (ToolResult result : results) {
                if (result.isError() && result.idempotencyKey() != null && bank.effectsFor(result.idempotencyKey()) > 0) {
                    assertThat(outcomeUnknown(result))
                            .as("a call whose transfer happened was reported as failed: %s", result.textForModel())
                            .isTrue();
                }
            }
        } finally {
            bank.close();
        }
    }

    /** What the model is told when it cannot know whether the effect happened. */
    private static boolean outcomeUnknown(ToolResult result) {
        return result.outcomeUnknown();
    }

    private BankServer bank(Fault... faults) {
        bank = BankServer.builder().lostResponseHold(Duration.ofMillis(ShortTimeoutPix.TIMEOUT_MS * 3L))
                .slowResponseDelay(Duration.ofMillis(ShortTimeoutPix.TIMEOUT_MS * 2L))
                .retryAfter(Duration.ofMillis(40)).start();
        bank.injectNext(faults);
        return bank;
    }

    private ToolRun run(ToolSet tools, String intent) {
        ToolExecutor executor = ToolExecutor.builder(ToolRegistry.of(tools))
                .sleeper(millis -> {
                    delays.add(millis);
                    return CompletableFuture.completedFuture(null);
                })
                .build();
        return executor.newRun(intent);
    }

    private ToolRun shortTimeout(String intent) {
        return run(ShortTimeoutPix_ToolSet.of(new ShortTimeoutPix(pixBank())), intent);
    }

    private ToolRun sample(String intent) {
        return run(PixBank_ToolSet.of(pixBank()), intent);
    }

    private PixBank pixBank() {
        return new PixBank(bank.baseUri(), HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build());
    }

    private ToolResult execute(ToolRun run, String callId) {
        ToolResult result = run.execute(new ToolCall(callId, "schedulePix", ARGUMENTS));
        results.add(result);
        return result;
    }

    @Test
    void responseLostAfterCommitIsReDrivenWithTheSameKeyAndTheBankReplaysIt() {
        bank(Fault.RESPONSE_LOST_AFTER_COMMIT);

        ToolResult result = execute(shortTimeout("lost"), "c1");

        assertThat(result.success()).as(result.textForModel()).isTrue();
        assertThat(result.attempts()).isEqualTo(2);
        assertThat(bank.effectsFor(result.idempotencyKey())).isEqualTo(1);
        assertThat(bank.ledger().get(result.idempotencyKey()).requests()).isEqualTo(2);
    }

    @Test
    void responseLostOnTheSampleIsReDrivenWithTheSameKeyAndTheBankReplaysIt() {
        bank(Fault.RESPONSE_LOST_AFTER_COMMIT);

        ToolResult result = execute(sample("lost-sample"), "c1");

        assertThat(result.success()).as(result.textForModel()).isTrue();
        assertThat(result.attempts()).isEqualTo(2);
        assertThat(bank.effectsFor(result.idempotencyKey())).isEqualTo(1);
        assertThat(bank.ledger().get(result.idempotencyKey()).requests()).isEqualTo(2);
    }

    @Test
    void lostAnswerOnEveryAttemptIsReportedAsOutcomeUnknownAndTheReIssuedCallIsReplayed() {
        bank(Fault.RESPONSE_LOST_AFTER_COMMIT, Fault.RESET_BEFORE_COMMIT, Fault.RESET_BEFORE_COMMIT);
        ToolRun run = sample("lost-everywhere");

        ToolResult first = execute(run, "c1");
        ToolResult again = execute(run, "c2");

        assertThat(first.isError()).isTrue();
        assertThat(first.attempts()).isEqualTo(3);
        assertThat(outcomeUnknown(first)).as(first.textForModel()).isTrue();
        assertThat(again.success()).as(again.textForModel()).isTrue();
        assertThat(again.idempotencyKey()).isEqualTo(first.idempotencyKey());
        assertThat(bank.effectsFor(first.idempotencyKey())).isEqualTo(1);
    }

    @Test
    void resetBeforeCommitIsRetriedWithTheSameKeyAndMovesMoneyOnce() {
        bank(Fault.RESET_BEFORE_COMMIT);

        ToolResult result = execute(shortTimeout("reset"), "c1");

        assertThat(result.success()).as(result.textForModel()).isTrue();
        assertThat(result.attempts()).isEqualTo(2);
        assertThat(bank.effectsFor(result.idempotencyKey())).isEqualTo(1);
    }

    @Test
    void inFlight409IsRetriedWithTheSameKeyAndMovesMoneyOnce() {
        bank(Fault.IN_FLIGHT_409);

        ToolResult result = execute(shortTimeout("in-flight"), "c1");

        assertThat(result.success()).as(result.textForModel()).isTrue();
        assertThat(result.attempts()).isEqualTo(2);
        assertThat(bank.effectsFor(result.idempotencyKey())).isEqualTo(1);
    }

    @Test
    void slowResponsePastTheToolTimeoutIsReDrivenAndTheKeyStaysAtOneEffect() {
        bank(Fault.SLOW_RESPONSE);

        ToolResult result = execute(shortTimeout("slow"), "c1");

        // The slow request still holds the key when the re-driven one arrives (409 IN_FLIGHT), so
        // the call ends either replayed or with its outcome unknown; never with a second transfer.
        if (result.isError()) {
            assertThat(outcomeUnknown(result)).as(result.textForModel()).isTrue();
        }
        assertThat(result.attempts()).isGreaterThanOrEqualTo(2);
        assertThat(bank.effectsFor(result.idempotencyKey())).isEqualTo(1);
    }

    @Test
    void serviceUnavailable503IsRetriedAndMovesMoneyOnce() {
        bank(Fault.SERVICE_UNAVAILABLE_503, Fault.SERVICE_UNAVAILABLE_503);

        ToolResult result = execute(shortTimeout("503"), "c1");

        assertThat(result.success()).as(result.textForModel()).isTrue();
        assertThat(result.attempts()).isEqualTo(3);
        assertThat(bank.effectsFor(result.idempotencyKey())).isEqualTo(1);
    }

    @Test
    void rateLimited429IsRetriedAfterABackoffAndMovesMoneyOnce() {
        bank(Fault.RATE_LIMITED_429);

        ToolResult result = execute(shortTimeout("429"), "c1");

        assertThat(result.success()).as(result.textForModel()).isTrue();
        assertThat(result.attempts()).isEqualTo(2);
        assertThat(delays).as("one wait before the retry").hasSize(1);
        assertThat(delays.get(0)).isPositive();
        assertThat(bank.effectsFor(result.idempotencyKey())).isEqualTo(1);
    }

    @Test
    void insufficientFunds400IsRejectedAndNeverRetried() {
        bank(Fault.INSUFFICIENT_FUNDS_400);

        ToolResult result = execute(shortTimeout("funds"), "c1");

        assertThat(result.isError()).isTrue();
        assertThat(result.errorType()).isEqualTo(ErrorType.REJECTED);
        assertThat(result.attempts()).isEqualTo(1);
        assertThat(delays).isEmpty();
        assertThat(result.textForModel()).contains("INSUFFICIENT_FUNDS");
        assertThat(bank.effectsFor(result.idempotencyKey())).isZero();
    }

    @Test
    void keyReusedWithOtherParameters422IsRejectedAndNeverRetried() throws Exception {
        bank(Fault.RESET_BEFORE_COMMIT, Fault.RESET_BEFORE_COMMIT, Fault.RESET_BEFORE_COMMIT);
        ToolRun run = sample("reused");
        ToolResult lost = execute(run, "c1");
        String key = lost.idempotencyKey();
        assertThat(bank.effectsFor(key)).isZero();
        // Another client (an old deployment, a copy-pasted key) uses the key for another amount.
        PixBank other = pixBank();
        other.schedulePix("bob@example.com", 999, java.time.LocalDate.parse("2026-12-01"),
                dev.idem.tool.ToolContext.of("other", "schedulePix", key));

        ToolResult reissued = execute(run, "c2");

        assertThat(reissued.idempotencyKey()).isEqualTo(key);
        assertThat(reissued.errorType()).isEqualTo(ErrorType.REJECTED);
        assertThat(reissued.attempts()).isEqualTo(1);
        assertThat(reissued.textForModel()).contains("KEY_REUSED");
        assertThat(bank.transfers()).as("only the other client's transfer happened").hasSize(1);
        assertThat(bank.transfers().get(0).cents()).isEqualTo(999);
        // The key's one effect belongs to the other client, not to these calls.
        results.remove(lost);
        results.remove(reissued);
    }
}
