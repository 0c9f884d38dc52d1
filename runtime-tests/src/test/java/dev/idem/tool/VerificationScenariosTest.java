package dev.idem.tool;

import static org.assertj.core.api.Assertions.assertThat;

import dev.idem.internal.call.ToolArguments;
import dev.idem.internal.call.VerifierRun;
import dev.idem.journal.crash.EffectService;
import dev.idem.testing.SeededTrials;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * A seeded family of unknown outcomes: per seed, a transfer whose connection breaks before or
 * after the bank acts (or not at all), a verifier that tells the truth, cannot tell, fails a few
 * times then tells the truth, or always fails, and one to three calls of the intent. The goals:
 * every unknown outcome a truthful verifier is asked about is resolved, none is resolved wrongly
 * (an APPLIED verdict is never followed by a run), and no transfer is made twice.
 * {@code -Didem.tries=N -Didem.seed=S} for more or one seed.
 */
class VerificationScenariosTest {

    enum Fault { NONE, BEFORE_EFFECT, AFTER_EFFECT }

    enum Teller { TRUTHFUL, CANNOT_TELL, FAILS_THEN_TRUTHFUL, ALWAYS_FAILS }

    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    @Test
    void everyUnknownOutcomeATruthfulVerifierAnswersIsResolvedAndNoneWrongly() throws Exception {
        AtomicInteger answerable = new AtomicInteger();
        AtomicInteger resolved = new AtomicInteger();
        AtomicInteger runsAfterApplied = new AtomicInteger();
        try (EffectService bank = new EffectService()) {
            AtomicReference<Fault> next = new AtomicReference<>(Fault.NONE);
            bank.hook((key, owner, moment) -> {
                Fault fault = next.get();
                boolean drop = fault == Fault.BEFORE_EFFECT && moment == EffectService.Moment.BEFORE_EFFECT
                        || fault == Fault.AFTER_EFFECT && moment == EffectService.Moment.AFTER_EFFECT;
                return !(drop && next.compareAndSet(fault, Fault.NONE));
            });
            SeededTrials.run(40, gen -> {
                Fault fault = gen.pick(Fault.values());
                Teller teller = gen.pick(Teller.values());
                int calls = gen.between(1, 3);
                AtomicInteger failuresLeft = new AtomicInteger(gen.between(1, VerifierRun.MAX_TRIES - 1));
                AtomicReference<String> appliedKey = new AtomicReference<>();
                AtomicInteger bodyRunsAfterApplied = new AtomicInteger();
                Transfers tools = new TransferTools.Verified(context -> {
                            if (context.idempotencyKey().equals(appliedKey.get())) {
                                bodyRunsAfterApplied.incrementAndGet();
                            }
                            return post(bank, context.idempotencyKey());
                        }, key -> {
                            Verification<JsonNode> answer = switch (teller) {
                                case TRUTHFUL -> lookUp(bank, key);
                                case CANNOT_TELL -> Verification.unknown("cannot tell");
                                case FAILS_THEN_TRUTHFUL -> {
                                    if (failuresLeft.getAndDecrement() > 0) {
                                        throw new java.net.ConnectException("Connection refused");
                                    }
                                    yield lookUp(bank, key);
                                }
                                case ALWAYS_FAILS -> throw new java.net.ConnectException("Connection refused");
                            };
                            if (answer.verdict() == Verification.Verdict.APPLIED) {
                                appliedKey.set(key);
                            }
                            return answer;
                        });
                ToolExecutor executor = ToolExecutor.builder(ToolRegistry.builder().discover(tools).build())
                        .circuitBreaker(1000, Duration.ofSeconds(1)).build();
                next.set(fault);
                String intent = "scenario-" + gen.seed();
                ToolResult last = null;
                boolean sawUnknown = false;
                for (int call = 0; call < calls; call++) {
                    last = executor.newRun(intent).execute(new ToolCall("c" + call, "transfer", "{}"));
                    sawUnknown |= tools.questions.get() > 0;
                }
                String key = last.idempotencyKey();
                boolean truthful = teller == Teller.TRUTHFUL || teller == Teller.FAILS_THEN_TRUTHFUL;
                if (sawUnknown && truthful) {
                    answerable.incrementAndGet();
                    // Resolved: the model never sees "outcome unknown" once a truthful verifier answered.
                    assertThat(last.outcomeUnknown()).as("seed %d %s %s", gen.seed(), fault, teller).isFalse();
                    resolved.incrementAndGet();
                }
                runsAfterApplied.addAndGet(bodyRunsAfterApplied.get());
                assertThat(bodyRunsAfterApplied.get()).as("APPLIED followed by a run").isZero();
                assertThat(bank.effects(key)).as("seed %d: transfers made", gen.seed()).isLessThanOrEqualTo(1);
                if (last.success()) {
                    assertThat(bank.effects(key)).isEqualTo(1);
                }
                next.set(Fault.NONE);
            });
        }
        System.out.println("verification scenarios: unknown outcomes a truthful verifier answered " + answerable
                + ", resolved " + resolved + ", runs after an APPLIED verdict " + runsAfterApplied);
        assertThat(resolved.get()).isEqualTo(answerable.get()).isPositive();
    }

    private JsonNode post(EffectService bank, String key) throws Exception {
        HttpResponse<String> response = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + bank.port()
                        + "/effect")).header("Idempotency-Key", key).header("X-Owner", "seeded")
                .POST(HttpRequest.BodyPublishers.ofString("{}")).build(), HttpResponse.BodyHandlers.ofString());
        return ToolArguments.MAPPER.readTree(response.body());
    }

    private Verification<JsonNode> lookUp(EffectService bank, String key) throws Exception {
        HttpResponse<String> response = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + bank.port()
                + "/lookup?key=" + URLEncoder.encode(key, StandardCharsets.UTF_8))).GET().build(),
                HttpResponse.BodyHandlers.ofString());
        return response.statusCode() == 200 ? Verification.applied(ToolArguments.MAPPER.readTree(response.body()))
                : Verification.notApplied();
    }
}
