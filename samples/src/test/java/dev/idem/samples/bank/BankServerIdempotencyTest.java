package dev.idem.samples.bank;

import static dev.idem.samples.bank.BankClient.body;
import static dev.idem.samples.bank.BankClient.errorCode;
import static dev.idem.samples.bank.BankClient.json;
import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

class BankServerIdempotencyTest {
    private static final String PIX = body("maria@example.com", 12_345, "2026-12-01");

    private final BankServer bank = BankServer.builder().balanceCents(1_000_000).slowResponseDelay(Duration.ofSeconds(1))
            .start();
    private final BankClient client = new BankClient(bank);

    @AfterEach
    void closeBank() {
        bank.close();
    }

    @Test
    void firstRequestWithAKeyMovesTheMoneyOnceAndAnswersTheTransfer() throws Exception {
        HttpResponse<String> response = client.post("intent-1", PIX);

        assertThat(response.statusCode()).isEqualTo(200);
        JsonNode transfer = json(response);
        assertThat(transfer.get("id").asString()).isEqualTo("tr_1");
        assertThat(transfer.get("pixKey").asString()).isEqualTo("maria@example.com");
        assertThat(transfer.get("cents").asLong()).isEqualTo(12_345);
        assertThat(transfer.get("date").asString()).isEqualTo("2026-12-01");
        assertThat(transfer.get("status").asString()).isEqualTo("scheduled");
        assertThat(bank.balanceCents()).isEqualTo(1_000_000 - 12_345);
        assertThat(bank.transfers()).containsExactly(
                new Transfer("tr_1", "intent-1", "maria@example.com", 12_345, LocalDate.of(2026, 12, 1)));
        // The bank notes the answer as sent once it is written, which may be just after the client read it.
        long deadline = System.nanoTime() + 5_000_000_000L;
        while (bank.ledger().get("intent-1").lastStatus() != 200 && System.nanoTime() < deadline) {
            Thread.sleep(5);
        }
        assertThat(bank.ledger().get("intent-1")).isEqualTo(new KeyHistory("intent-1", 1, 1, 200));

        JsonNode ledger = json(client.get(bank.baseUri().resolve("/v1/ledger")));
        assertThat(ledger.get("balanceCents").asLong()).isEqualTo(1_000_000 - 12_345);
        assertThat(ledger.get("entries").get(0).get("idempotencyKey").asString()).isEqualTo("intent-1");
    }

    @Test
    void sameKeyAndSameParametersReplayTheStoredAnswerWithoutMovingMoneyAgain() throws Exception {
        HttpResponse<String> first = client.post("intent-1", PIX);
        HttpResponse<String> again = client.post("intent-1",
                "{ \"date\": \"2026-12-01\", \"cents\": 12345, \"pixKey\": \"maria@example.com\" }");
        HttpResponse<String> andAgain = client.post("intent-1", PIX);

        assertThat(again.statusCode()).isEqualTo(200);
        assertThat(again.body()).isEqualTo(first.body());
        assertThat(andAgain.body()).isEqualTo(first.body());
        assertThat(bank.effectsFor("intent-1")).isEqualTo(1);
        assertThat(bank.ledger().get("intent-1").requests()).isEqualTo(3);
        assertThat(bank.balanceCents()).isEqualTo(1_000_000 - 12_345);
    }

    @Test
    void sameKeyWithDifferentParametersIsRejectedWith422AndMovesNothing() throws Exception {
        client.post("intent-1", PIX);

        HttpResponse<String> reused = client.post("intent-1", body("maria@example.com", 99_999, "2026-12-01"));

        assertThat(reused.statusCode()).isEqualTo(422);
        assertThat(errorCode(reused)).isEqualTo("KEY_REUSED");
        assertThat(json(reused).get("error").get("message").asString()).contains("different parameters");
        assertThat(bank.totalEffects()).isEqualTo(1);
    }

    @Test
    void sameKeyWhileTheFirstRequestIsStillBeingProcessedIs409() throws Exception {
        bank.injectNext(Fault.SLOW_RESPONSE);
        CompletableFuture<HttpResponse<String>> slow = client.postAsync("intent-1", PIX);
        awaitEffect("intent-1");

        HttpResponse<String> concurrent = client.post("intent-1", PIX);

        assertThat(concurrent.statusCode()).isEqualTo(409);
        assertThat(errorCode(concurrent)).isEqualTo("IN_FLIGHT");
        assertThat(slow.get().statusCode()).isEqualTo(200);
        HttpResponse<String> afterwards = client.post("intent-1", PIX);
        assertThat(afterwards.body()).as("once answered, the key replays").isEqualTo(slow.get().body());
        assertThat(bank.effectsFor("intent-1")).isEqualTo(1);
    }

    @Test
    void requestWithoutAKeyIsRejectedWith400AndMovesNothing() throws Exception {
        HttpResponse<String> response = client.post(null, PIX);

        assertThat(response.statusCode()).isEqualTo(400);
        assertThat(errorCode(response)).isEqualTo("MISSING_KEY");
        assertThat(bank.totalEffects()).isZero();
        assertThat(bank.requests()).isEqualTo(1);
    }

    @Test
    void invalidBodyIsRejectedAndNotStoredSoTheKeyStaysUsable() throws Exception {
        HttpResponse<String> invalid = client.post("intent-1", body("maria@example.com", 0, "2026-12-01"));
        HttpResponse<String> fixed = client.post("intent-1", PIX);

        assertThat(invalid.statusCode()).isEqualTo(400);
        assertThat(errorCode(invalid)).isEqualTo("INVALID_REQUEST");
        assertThat(fixed.statusCode()).isEqualTo(200);
        assertThat(bank.effectsFor("intent-1")).isEqualTo(1);
    }

    @Test
    void insufficientBalanceIsDeclinedWith400AndTheDeclineIsReplayedForTheKey() throws Exception {
        HttpResponse<String> declined = client.post("intent-1", body("maria@example.com", 2_000_000, "2026-12-01"));
        HttpResponse<String> retried = client.post("intent-1", body("maria@example.com", 2_000_000, "2026-12-01"));

        assertThat(declined.statusCode()).isEqualTo(400);
        assertThat(errorCode(declined)).isEqualTo("INSUFFICIENT_FUNDS");
        assertThat(json(declined).get("error").get("message").asString()).contains("2000000 cents");
        assertThat(retried.statusCode()).isEqualTo(400);
        assertThat(retried.body()).isEqualTo(declined.body());
        assertThat(bank.totalEffects()).isZero();
        assertThat(bank.balanceCents()).isEqualTo(1_000_000);
    }

    @Test
    void concurrentDuplicatesOfEachIntentMoveMoneyOnceAndAgreeOnTheTransfer() throws Exception {
        List<CompletableFuture<HttpResponse<String>>> sent = new ArrayList<>();
        for (int intent = 0; intent < 10; intent++) {
            for (int copy = 0; copy < 5; copy++) {
                sent.add(client.postAsync("intent-" + intent, body("pix-" + intent, 100 + intent, "2026-12-01")));
            }
        }
        for (CompletableFuture<HttpResponse<String>> response : sent) {
            assertThat(response.get().statusCode()).isIn(200, 409);
        }

        assertThat(bank.ledger().values()).hasSize(10).allSatisfy(key -> assertThat(key.effects()).isEqualTo(1));
        assertThat(bank.totalEffects()).isEqualTo(10);
        for (int intent = 0; intent < 10; intent++) {
            HttpResponse<String> replay = client.post("intent-" + intent, body("pix-" + intent, 100 + intent, "2026-12-01"));
            assertThat(replay.statusCode()).isEqualTo(200);
        }
        assertThat(bank.totalEffects()).isEqualTo(10);
    }

    private void awaitEffect(String key) throws InterruptedException {
        for (int i = 0; i < 1000 && bank.effectsFor(key) == 0; i++) {
            Thread.sleep(5);
        }
        assertThat(bank.effectsFor(key)).isEqualTo(1);
    }
}
