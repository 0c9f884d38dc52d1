package dev.idem.samples;

import static org.assertj.core.api.Assertions.assertThat;

import dev.idem.ErrorType;
import dev.idem.agent.AgentResult;
import dev.idem.agent.AgentStatus;
import dev.idem.agent.TraceEvent;
import dev.idem.retry.DispatchPhase;
import dev.idem.samples.bank.KeyHistory;
import dev.idem.tool.ToolResult;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class DemoTest {

    private static DemoOutcome outcome;
    private static String printed;

    @BeforeAll
    static void playTheDemoOnce() {
        ByteArrayOutputStream buffer = new ByteArrayOutputStream();
        outcome = Demo.play(new PrintStream(buffer, true, StandardCharsets.UTF_8), Map.of());
        printed = buffer.toString(StandardCharsets.UTF_8);
    }

    @Test
    void everyIntentMovedMoneyExactlyOnceWhateverTheFaults() {
        assertThat(outcome.ledger()).hasSize(3);
        assertThat(outcome.ledger().values()).allSatisfy(history -> assertThat(history.effects()).isEqualTo(1));
        // The user's retry of the last transfer is answered from the executor's journal: it never reaches the bank.
        assertThat(outcome.ledger().values()).extracting(KeyHistory::requests).containsExactly(3, 2, 1);
        assertThat(outcome.duplicatedEffects()).isZero();
        assertThat(outcome.bookings()).isEqualTo(1);
        assertThat(printed).contains("attempts=3 effects=1", "attempts=2 effects=1", "duplicated effects: 0");
    }

    @Test
    void postDispatchCutOffAnswerOnAToolTurnSurfacedAsOutcomeUnknownAndTheRerunWasDeduplicated() {
        List<AgentResult> results = outcome.results();
        assertThat(results).extracting(AgentResult::status)
                .containsExactly(AgentStatus.ANSWERED, AgentStatus.OUTCOME_UNKNOWN, AgentStatus.ANSWERED);
        assertThat(results.get(1).error().phase()).isEqualTo(DispatchPhase.MAYBE_PROCESSED);
        assertThat(results.get(1).error().attempts()).isEqualTo(1);
        assertThat(results.get(2).intentId()).isEqualTo(results.get(1).intentId());
        assertThat(results.get(2).toolResults().get(0).idempotencyKey())
                .isEqualTo(results.get(1).toolResults().get(0).idempotencyKey());
    }

    @Test
    void malformedAndHallucinatedCallsWereNotExecutedAndBankFaultsWereRetried() {
        List<ToolResult> trip = outcome.results().get(0).toolResults();
        assertThat(trip.get(0).errorType()).isEqualTo(ErrorType.MALFORMED_ARGUMENTS);
        assertThat(trip.get(0).attempts()).isZero();
        assertThat(trip.get(1).errorType()).isEqualTo(ErrorType.TOOL_NOT_FOUND);
        assertThat(trip.get(1).message()).contains("did you mean 'searchFlights'");
        assertThat(trip.subList(2, trip.size())).allMatch(ToolResult::success);

        List<TraceEvent.ToolRetried> retries = outcome.results().get(0).trace().stream()
                .filter(TraceEvent.ToolRetried.class::isInstance).map(TraceEvent.ToolRetried.class::cast).toList();
        assertThat(retries).extracting(TraceEvent.ToolRetried::errorType)
                .containsExactly(ErrorType.CONNECTION_ERROR, ErrorType.RATE_LIMIT, ErrorType.TIMEOUT);
        assertThat(retries.get(1).delayMs()).isEqualTo(400); // the bank's Retry-After, not the 100 ms backoff
    }

    @Test
    void modelRateLimitWasRetriedAfterTheProvidersHint() {
        List<TraceEvent.ModelAttemptFailed> failures = outcome.results().get(0).trace().stream()
                .filter(TraceEvent.ModelAttemptFailed.class::isInstance).map(TraceEvent.ModelAttemptFailed.class::cast)
                .toList();
        assertThat(failures).singleElement().satisfies(failure -> {
            assertThat(failure.decision().kind()).isEqualTo(dev.idem.llm.ErrorKind.RATE_LIMIT);
            assertThat(failure.decision().decidedByKind()).isTrue();
            assertThat(failure.decision().backoffMs()).isEqualTo(300);
        });
    }

    @Test
    void eachLedgerLineIsToldRequestByRequestWithWhatTheBankDidAndWhyIdemSentTheNextOne() {
        assertThat(printed).contains(
                "      1. 503, the bank did nothing -> CONNECTION_ERROR is transient and schedulePix restart-safe, so Idem"
                        + " sent it again with the same key after 50 ms",
                "      2. 429 with Retry-After, the bank did nothing -> RATE_LIMIT is transient and schedulePix"
                        + " restart-safe, so Idem sent it again with the same key after 400 ms",
                "      3. money moved",
                "      1. money moved, but the bank's answer was lost -> TIMEOUT: outcome unknown, and schedulePix is"
                        + " idempotent, so Idem drove it again with the same key after 50 ms",
                "      2. the bank replayed its stored answer for the key, nothing moved",
                "(UNKNOWN, MAYBE_PROCESSED): not replayed, the run ended OUTCOME_UNKNOWN",
                "      2. the user pressed retry (same intent id, so the same key): Idem's journal had the recorded result"
                        + " and answered with it, nothing was sent to the bank");
    }

    @Test
    void theSameFaultsUnderANaiveRetryEverythingPolicyMoveMoneyAgainForTheLostAnswerAndTheUsersRetry() {
        assertThat(outcome.naive().lines()).extracting(NaiveReplay.Line::effects).containsExactly(1, 2, 2);
        assertThat(outcome.naive().lines()).extracting(NaiveReplay.Line::requests).containsExactly(3, 2, 2);
        assertThat(outcome.naive().duplicatedEffects()).isEqualTo(2);
        assertThat(printed).contains("joao@example.com 8000 cents: requests=2 effects=2   <- the lost answer was"
                        + " retried as a new transfer",
                "luiza@example.com 4200 cents: requests=2 effects=2   <- the user's retry was a new transfer",
                "duplicated effects under the naive policy: 2 (with Idem: 0)");
    }

    @Test
    void agentProcessKilledAfterTheBankCommittedAndBeforeTheJournalHadTheOutcomeResumesWithOneEffectPerIntent() {
        CrashResume.Result crash = outcome.crash();
        // The kill came between the effect and its journal record, and it was a real SIGKILL.
        assertThat(crash.effectsAtKill()).isEqualTo(1);
        assertThat(crash.killedBySignal()).isTrue();
        assertThat(crash.childLines()).anyMatch(line -> line.startsWith("crash-point "));
        // One effect per intent, the killed one included.
        assertThat(crash.ledger()).hasSize(2);
        assertThat(crash.ledger().values()).allSatisfy(history -> assertThat(history.effects()).isEqualTo(1));
        assertThat(crash.duplicatedEffects()).isZero();
        // The restarted run replayed both recorded model turns and the recorded transfer ...
        AgentResult resumed = crash.resumed();
        assertThat(resumed.status()).isEqualTo(AgentStatus.ANSWERED);
        assertThat(crash.replayedTurns()).isEqualTo(2);
        assertThat(resumed.modelTurns()).isEqualTo(3);
        List<ToolResult> calls = resumed.toolResults();
        assertThat(calls).hasSize(2).allMatch(ToolResult::success);
        assertThat(calls.get(0).replayed()).isTrue();
        assertThat(calls.get(0).attempts()).isZero();
        // ... and drove the killed, idempotent one again under the same key: the bank replayed its answer.
        assertThat(calls.get(1).idempotencyKey()).isEqualTo(crash.crashKey());
        assertThat(calls.get(1).replayed()).isFalse();
        assertThat(calls.get(1).attempts()).isEqualTo(1);
        assertThat(crash.ledger().get(crash.crashKey()).requests()).isEqualTo(2);
        assertThat(crash.records().get(crash.crashKey()).epoch()).isEqualTo(2);
        assertThat(crash.records().values()).allSatisfy(record ->
                assertThat(record.status()).isEqualTo(dev.idem.journal.CallStatus.SUCCEEDED));
        assertThat(printed).contains("SIGKILL (pid ", "model turn 1 replayed from the journal",
                "tool schedulePix replayed from the journal, nothing ran",
                "-> the agent process was killed (SIGKILL) before it journaled the outcome",
                "the journal held the call STARTED with no outcome (its process died), and schedulePix is idempotent,"
                        + " so Idem drove it again with the same key: the bank replayed its stored answer for the key,"
                        + " nothing moved",
                "duplicated effects after the crash and the restart: 0");
    }
}
