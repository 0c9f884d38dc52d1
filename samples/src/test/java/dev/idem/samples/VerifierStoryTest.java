package dev.idem.samples;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The demo's verifier act: a lost answer of a payment that is not idempotent is resolved by the bank's ledger. */
class VerifierStoryTest {

    @Test
    void lostAnswerOfANonIdempotentPaymentIsResolvedByTheVerifierAndTheTransferIsMadeOnce() {
        ByteArrayOutputStream text = new ByteArrayOutputStream();
        VerifierStory.Outcome outcome = VerifierStory.play(new PrintStream(text, true, StandardCharsets.UTF_8));

        assertThat(outcome.result().success()).as(outcome.result().textForModel()).isTrue();
        assertThat(outcome.result().replayed()).isTrue();
        assertThat(outcome.result().value().get("pixKey").asString()).isEqualTo("ana@example.com");
        assertThat(outcome.effects()).isEqualTo(1);
        assertThat(outcome.requests()).isEqualTo(1);
        assertThat(text.toString(StandardCharsets.UTF_8)).contains("APPLIED, answered as a replay");
    }
}
