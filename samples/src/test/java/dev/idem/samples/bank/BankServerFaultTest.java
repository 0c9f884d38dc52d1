package dev.idem.samples.bank;

import static dev.idem.samples.bank.BankClient.body;
import static dev.idem.samples.bank.BankClient.errorCode;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class BankServerFaultTest {
    private static final String PIX = body("maria@example.com", 12_345, "2026-12-01");
    // Far apart, so a loaded machine cannot turn a lost response into an answer in time.
    private static final Duration CLIENT_TIMEOUT = Duration.ofMillis(400);

    private final BankServer bank = BankServer.builder()
            .lostResponseHold(Duration.ofSeconds(3))
            .slowResponseDelay(Duration.ofSeconds(1))
            .retryAfter(Duration.ofMillis(1500))
            .start();
    private final BankClient client = new BankClient(bank);

    @AfterEach
    void closeBank() {
    }

    @Test
    void responseLostAfterCommitTimesTheClientOutYetItsRetryReplaysTheCommittedTransfer() throws Exception {
        bank.injectNext(Fault.RESPONSE_LOST_AFTER_COMMIT);

        assertThatThrownBy(() -> client.post("intent-1", PIX, CLIENT_TIMEOUT)).isInstanceOf(HttpTimeoutException.class);
        awaitEffect("intent-1");

        HttpResponse<String> retry = client.post("intent-1", PIX);
        assertThat(retry.statusCode()).isEqualTo(200);
        assertThat(BankClient.json(retry).get("id").asString()).isEqualTo("tr_1");
        assertThat(bank.effectsFor("intent-1")).isEqualTo(1);
        assertThat(bank.faults()).containsExactly(new InjectedFault(1, Fault.RESPONSE_LOST_AFTER_COMMIT, "intent-1", true));
    }

    @Test
    void responseLostAfterCommitEndsInAnIOExceptionForAClientThatWaitsLongerThanTheHold() {
        BankServer quick = BankServer.builder().lostResponseHold(Duration.ofMillis(50)).start();
        quick.injectNext(Fault.RESPONSE_LOST_AFTER_COMMIT);

        try (quick) {
            assertThatThrownBy(() -> new BankClient(quick).post("intent-1", PIX, Duration.ofSeconds(10)))
                    .isInstanceOf(IOException.class)
                    .isNotInstanceOf(HttpTimeoutException.class);
            assertThat(quick.effectsFor("intent-1")).isEqualTo(1);
            assertThat(quick.ledger().get("intent-1").lastStatus()).as("no answer was sent").isZero();
        }
    }

    @Test
    void resetBeforeCommitIsAnIOExceptionAndNothingMovesUntilTheRetry() throws Exception {
        bank.injectNext(Fault.RESET_BEFORE_COMMIT);

        assertThatThrownBy(() -> client.post("intent-1", PIX))
                .isInstanceOf(IOException.class)
                .isNotInstanceOf(HttpTimeoutException.class);
        assertThat(bank.effectsFor("intent-1")).isZero();
        assertThat(bank.requests()).as("the client did not resend the POST on its own").isEqualTo(1);

        assertThat(client.post("intent-1", PIX).statusCode()).isEqualTo(200);
        assertThat(bank.effectsFor("intent-1")).isEqualTo(1);
        assertThat(bank.faults()).containsExactly(new InjectedFault(1, Fault.RESET_BEFORE_COMMIT, "intent-1", false));
    }

    @Test
    void slowResponsePastTheClientTimeoutHasCommittedAndTheKeyIsInFlightUntilAnswered() throws Exception {
        bank.injectNext(Fault.SLOW_RESPONSE);

        assertThatThrownBy(() -> client.post("intent-1", PIX, CLIENT_TIMEOUT)).isInstanceOf(HttpTimeoutException.class);
        awaitEffect("intent-1");
        HttpResponse<String> tooEarly = client.post("intent-1", PIX);
        assertThat(tooEarly.statusCode()).isEqualTo(409);

        HttpResponse<String> later = retryWhileInFlight("intent-1");
        assertThat(later.statusCode()).isEqualTo(200);
        assertThat(bank.effectsFor("intent-1")).isEqualTo(1);
    }

    @Test
    void injectedInFlight409MovesNothingAndTheRetryExecutes() throws Exception {
        bank.injectNext(Fault.IN_FLIGHT_409);

        HttpResponse<String> conflict = client.post("intent-1", PIX);

        assertThat(conflict.statusCode()).isEqualTo(409);
        assertThat(errorCode(conflict)).isEqualTo("IN_FLIGHT");
        assertThat(bank.effectsFor("intent-1")).isZero();
        assertThat(client.post("intent-1", PIX).statusCode()).isEqualTo(200);
        assertThat(bank.effectsFor("intent-1")).isEqualTo(1);
    }

    @Test
    void injected503MovesNothingAndTheRetryExecutes() throws Exception {
        bank.injectNext(Fault.SERVICE_UNAVAILABLE_503);

        HttpResponse<String> unavailable = client.post("intent-1", PIX);

        assertThat(unavailable.statusCode()).isEqualTo(503);
        assertThat(errorCode(unavailable)).isEqualTo("SERVICE_UNAVAILABLE");
        assertThat(bank.effectsFor("intent-1")).isZero();
        assertThat(client.post("intent-1", PIX).statusCode()).isEqualTo(200);
        assertThat(bank.effectsFor("intent-1")).isEqualTo(1);
    }

    @Test
    void injected429SaysWhenToRetryAndMovesNothing() throws Exception {
        bank.injectNext(Fault.RATE_LIMITED_429);

        HttpResponse<String> limited = client.post("intent-1", PIX);

        assertThat(limited.statusCode()).isEqualTo(429);
        assertThat(errorCode(limited)).isEqualTo("RATE_LIMITED");
        assertThat(limited.headers().firstValue("Retry-After")).contains("2");
        assertThat(limited.headers().firstValue("Retry-After-Ms")).contains("1500");
        assertThat(bank.effectsFor("intent-1")).isZero();
    }

    @Test
    void injectedInsufficientFundsIsADeclineStoredForTheKey() throws Exception {
        bank.injectNext(Fault.INSUFFICIENT_FUNDS_400);

        HttpResponse<String> declined = client.post("intent-1", PIX);
        HttpResponse<String> retried = client.post("intent-1", PIX);

        assertThat(declined.statusCode()).isEqualTo(400);
        assertThat(errorCode(declined)).isEqualTo("INSUFFICIENT_FUNDS");
        assertThat(retried.body()).isEqualTo(declined.body());
        assertThat(bank.totalEffects()).isZero();
    }

    @Test
    void sameSeedPlaysTheSameFaultSchedule() throws Exception {
        List<Fault> first = playRandomSchedule(42);
        List<Fault> second = playRandomSchedule(42);

        assertThat(first).isNotEmpty().isEqualTo(second);
    }

    private List<Fault> playRandomSchedule(long seed) throws Exception {
        try (BankServer seeded = BankServer.builder().lostResponseHold(Duration.ZERO)
                .slowResponseDelay(Duration.ZERO).retryAfter(Duration.ZERO).start()) {
            seeded.injectRandomly(seed, 0.5);
            BankClient seededClient = new BankClient(seeded);
            for (int i = 0; i < 20; i++) {
                try {
                    seededClient.post("intent-" + i, PIX);
                } catch (IOException e) {
                    // a lost response or a reset: part of the schedule
                }
            }
            return seeded.faults().stream().map(InjectedFault::fault).toList();
        }
    }

    @Test
    void clientsThatRetryThroughARandomFaultScheduleNeverMoveMoneyTwicePerKey() throws Exception {
        long seed = Long.getLong("idem.bank.seed", System.nanoTime());
        try (BankServer random = BankServer.builder()
                .lostResponseHold(Duration.ofMillis(120))
                .slowResponseDelay(Duration.ofMillis(60))
                .retryAfter(Duration.ZERO)
                .start()) {
            random.injectRandomly(seed, 0.4);
            BankClient randomClient = new BankClient(random);
            ExecutorService clients = Executors.newFixedThreadPool(4);
            try {
                List<CompletableFuture<Integer>> finals = new ArrayList<>();
                for (int intent = 0; intent < 24; intent++) {
                    String key = "intent-" + intent;
                    String pix = body("pix-" + intent, 1_000 + intent, "2026-12-01");
                    finals.add(CompletableFuture.supplyAsync(() -> retryUntilFinal(randomClient, key, pix), clients));
                }
                for (int intent = 0; intent < 24; intent++) {
                    int status = finals.get(intent).join();
                    String key = "intent-" + intent;
                    KeyHistory history = random.ledger().get(key);
                    assertThat(history.effects()).as("effects of %s, seed %d (replay: -Didem.bank.seed=%d)",
                            key, seed, seed).isLessThanOrEqualTo(1);
                    if (status == 200) {
                        assertThat(history.effects()).as("%s answered 200 without an effect, seed %d", key, seed)
                                .isEqualTo(1);
                    }
                }
            } finally {
                clients.shutdownNow();
            }
            assertThat(random.faults()).as("seed %d injected faults", seed).isNotEmpty();
            assertThat(random.faults()).allSatisfy(fault ->
                    assertThat(random.effectsFor(fault.idempotencyKey())).isLessThanOrEqualTo(1));
        }
    }

    /** Retries transient outcomes until a final answer: 200, or a stored decline. */
    private static int retryUntilFinal(BankClient client, String key, String pix) {
        for (int attempt = 0; attempt < 30; attempt++) {
            try {
                HttpResponse<String> response = client.post(key, pix, Duration.ofMillis(80));
                if (response.statusCode() == 200 || response.statusCode() == 400) {
                    return response.statusCode();
                }
            } catch (IOException e) {
                // timeout or reset: the outcome is unknown, the same key makes the retry safe
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return -1;
            }
        }
        return -1;
    }

    private void awaitEffect(String key) throws InterruptedException {
        // The client gave up; the request it sent may still be on its way to the bank.
        for (int i = 0; i < 1000 && bank.effectsFor(key) == 0; i++) {
            Thread.sleep(5);
        }
        assertThat(bank.effectsFor(key)).as("the money moved although the client saw a timeout").isEqualTo(1);
    }

    private HttpResponse<String> retryWhileInFlight(String key) throws Exception {
        HttpResponse<String> response = client.post(key, PIX);
        for (int i = 0; i < 200 && response.statusCode() == 409; i++) {
            Thread.sleep(5);
            response = client.post(key, PIX);
        }
        return response;
    }
}
