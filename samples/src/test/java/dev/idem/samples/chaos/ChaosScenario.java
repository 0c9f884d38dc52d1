package dev.idem.samples.chaos;

import dev.idem.agent.Agent;
import dev.idem.agent.AgentResult;
import dev.idem.agent.AgentStatus;
import dev.idem.llm.failover.FailoverPolicy;
import dev.idem.samples.bank.BankServer;
import dev.idem.samples.bank.Fault;
import dev.idem.samples.tools.PixBank;
import dev.idem.samples.tools.Weather;
import dev.idem.samples.tools.Weather_ToolSet;
import dev.idem.tool.Sleeper;
import java.net.http.HttpClient;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletableFuture;

/**
 * Plays one seed: a fresh loopback bank with the seed's faults, an agent on the seed's scripted
 * model, the user's request run (and re-run with the same intent id after an unknown outcome, as
 * often as the schedule says). Every wait is recorded on the timeline instead of slept.
 */
final class ChaosScenario {
    /** The wait the bank's 429 asks for (sent exactly, as {@code Retry-After-Ms}). */
    static final long BANK_RETRY_AFTER_MS = 25;
    static final int MAX_MODEL_TURNS = 24;

    // One client for every seed: each seed's bank listens on its own port.
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

    private ChaosScenario() {}

    /** The model failover policy of a seed: the defaults, with jitter drawn from the seed. */
    static FailoverPolicy failoverPolicy(long seed) {
        Random jitter = new Random(seed ^ 0x5DEECE66DL);
        return FailoverPolicy.builder().maxAttempts(4).random(jitter::nextDouble).build();
    }

    static ChaosOutcome play(long seed) {
        ChaosSchedule schedule = ChaosSchedule.draw(seed);
        Timeline timeline = new Timeline();
        List<AgentResult> results = new ArrayList<>();
        // Lost answers are held a little past the tool's timeout, slow ones well past it.
        try (BankServer bank = BankServer.builder()
                .lostResponseHold(Duration.ofMillis(ChaosPix.TIMEOUT_MS + 40))
                .slowResponseDelay(Duration.ofMillis(ChaosPix.TIMEOUT_MS + 100))
                .retryAfter(Duration.ofMillis(BANK_RETRY_AFTER_MS))
                .threads(4)
                .start()) {
            bank.injectNext(schedule.bankQueue().toArray(Fault[]::new));
            if (schedule.bankProbability() > 0) {
                bank.injectRandomly(seed, schedule.bankProbability(), schedule.bankKinds().toArray(Fault[]::new));
            }
            Agent agent = Agent.builder()
                    .name("chaos")
                    .instructions("You schedule Pix transfers; amounts are in cents.")
                    .model(schedule.model(timeline))
                    .tools(ChaosPix_ToolSet.of(new ChaosPix(new PixBank(bank.baseUri(), HTTP), timeline)),
                            Weather_ToolSet.of(new Weather()))
                    .failoverPolicy(failoverPolicy(seed))
                    .modelSleeper(Sleeper.recording(timeline::modelWait))
                    .toolSleeper(millis -> {
                        timeline.toolWait(millis);
                        return CompletableFuture.completedFuture(null);
                    })
                    .maxModelTurns(MAX_MODEL_TURNS)
                    .build();
            Throwable escaped = null;
            try {
                int run = 1;
                timeline.run(run);
                results.add(agent.run(schedule.prompt(), schedule.intentId()));
                while (last(results).status() == AgentStatus.OUTCOME_UNKNOWN && run <= schedule.userRetries()) {
                    // The user presses "retry": same request, same intent id, so the same keys.
                    run++;
                    timeline.run(run);
                    results.add(agent.run(schedule.prompt(), schedule.intentId()));
                }
            } catch (Throwable anything) {
                // Whatever it is, it escaped run: the invariants report it with the seed.
                escaped = anything;
            }
            return new ChaosOutcome(schedule, List.copyOf(results), bank.ledger(), bank.faults(), timeline.events(),
                    escaped);
        }
    }

    private static AgentResult last(List<AgentResult> results) {
        return results.get(results.size() - 1);
    }
}
