package dev.idem.tool;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.idem.ErrorType;
import dev.idem.tool.RetryDecision.Reason;
import java.net.ConnectException;
import java.net.SocketTimeoutException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Test;

/**
 * The tool-side decision table asked directly, row by row: no body runs, no timeouts elapse.
 * {@link RetryDecisionTableTest} proves the same table end to end through the executor.
 */
class RetryRuleTest {

    private static final RetryPolicy DEFAULT = RetryPolicy.DEFAULT; // 3 attempts, TIMEOUT, RATE_LIMIT, CONNECTION_ERROR
    private static final RetryPolicy EVERYTHING = RetryPolicy.builder().maxAttempts(5).retryOn(ErrorType.values()).build();

    private static final ToolDescriptor RESTART_SAFE = tool().restartSafe(true).idempotent(false).build();
    private static final ToolDescriptor IDEMPOTENT = tool().restartSafe(false).idempotent(true).build();
    private static final ToolDescriptor BOTH = tool().restartSafe(true).idempotent(true).build();
    private static final ToolDescriptor NEITHER = tool().restartSafe(false).idempotent(false).build();

    private static final ToolFailure CONNECTION = ToolFailure.thrown(new ConnectException("refused"));
    private static final ToolFailure TIMEOUT_RAISED = ToolFailure.thrown(new SocketTimeoutException("read timed out"));
    private static final ToolFailure TIMED_OUT = ToolFailure.timedOut(new TimeoutException("did not finish"));
    private static final ToolFailure UNKNOWN = ToolFailure.thrown(new IllegalStateException("odd"));

    // --- row 1: a retryable type the policy names ---

    @Test
    void retryableTypeThePolicyNamesRunsAgainWhenTheToolIsRestartSafe() {
        assertThat(RetryRule.decide(RESTART_SAFE, DEFAULT, CONNECTION, 1, true))
                .isEqualTo(new RetryDecision(true, Reason.RETRYABLE_ERROR));
    }

    @Test
    void retryableTypeStopsWhenTheToolIsNotRestartSafeEvenIfIdempotent() {
        assertThat(RetryRule.decide(IDEMPOTENT, DEFAULT, CONNECTION, 1, true))
                .isEqualTo(new RetryDecision(false, Reason.NOT_RESTART_SAFE));
    }

    @Test
    void retryableTypeThePolicyDoesNotNameStops() {
        RetryPolicy onlyRateLimits = RetryPolicy.builder().retryOn(ErrorType.RATE_LIMIT).build();

        assertThat(RetryRule.decide(BOTH, onlyRateLimits, CONNECTION, 1, true))
                .isEqualTo(new RetryDecision(false, Reason.NOT_IN_RETRY_ON));
    }

    // --- row 2: the body exceeded its wall-clock timeout ---

    @Test
    void timedOutBodyIsRedrivenWhenTheToolIsIdempotentEvenIfNotRestartSafe() {
        assertThat(RetryRule.decide(IDEMPOTENT, DEFAULT, TIMED_OUT, 1, true))
                .isEqualTo(new RetryDecision(true, Reason.IDEMPOTENT_REDRIVE));
    }

    @Test
    void timedOutBodyIsNeverRedrivenWhenTheToolIsNotIdempotentEvenIfRestartSafe() {
        assertThat(RetryRule.decide(RESTART_SAFE, EVERYTHING, TIMED_OUT, 1, true))
                .isEqualTo(new RetryDecision(false, Reason.NOT_IDEMPOTENT));
    }

    @Test
    void timedOutBodyStopsWhenThePolicyDoesNotNameTimeout() {
        RetryPolicy noTimeouts = RetryPolicy.builder().retryOn(ErrorType.CONNECTION_ERROR).build();

        assertThat(RetryRule.decide(BOTH, noTimeouts, TIMED_OUT, 1, true))
                .isEqualTo(new RetryDecision(false, Reason.NOT_IN_RETRY_ON));
    }

    // --- row 3: the body raised TIMEOUT itself ---

    @Test
    void timeoutRaisedByTheBodyIsRedrivenWhenIdempotentAndFollowsTheFirstRowOtherwise() {
        assertThat(RetryRule.decide(IDEMPOTENT, DEFAULT, TIMEOUT_RAISED, 1, true))
                .isEqualTo(new RetryDecision(true, Reason.IDEMPOTENT_REDRIVE));
        assertThat(RetryRule.decide(RESTART_SAFE, DEFAULT, TIMEOUT_RAISED, 1, true))
                .isEqualTo(new RetryDecision(true, Reason.RETRYABLE_ERROR));
        assertThat(RetryRule.decide(NEITHER, DEFAULT, TIMEOUT_RAISED, 1, true))
                .isEqualTo(new RetryDecision(false, Reason.NOT_RESTART_SAFE));
    }

    // --- row 5: terminal ---

    @Test
    void terminalTypesNeverRunAgainWhateverThePolicyAndTheFlags() {
        for (ErrorType type : ErrorType.values()) {
            if (type.isRetryable()) {
                continue;
            }
            ToolFailure terminal = new ToolFailure(type, false, false, new RuntimeException(type.name()), 0);
            for (ToolDescriptor tool : List.of(RESTART_SAFE, IDEMPOTENT, BOTH, NEITHER)) {
                assertThat(RetryRule.decide(tool, EVERYTHING, terminal, 1, true)).as("%s", type)
                        .isEqualTo(new RetryDecision(false, Reason.TERMINAL_ERROR));
            }
        }
    }

    @Test
    void aToolsOwnNotRetryableVerdictIsTerminalForARetryableType() {
        ToolFailure refused = ToolFailure.thrown(new ToolException(ErrorType.RATE_LIMIT, false, "quota gone for today", null));

        assertThat(RetryRule.decide(BOTH, EVERYTHING, refused, 1, true))
                .isEqualTo(new RetryDecision(false, Reason.TERMINAL_ERROR));
    }

    // --- row 6: unknown ---

    @Test
    void unknownRunsAgainOnlyWhenThePolicyNamesIt() {
        assertThat(RetryRule.decide(BOTH, DEFAULT, UNKNOWN, 1, true))
                .isEqualTo(new RetryDecision(false, Reason.NOT_IN_RETRY_ON));
        assertThat(RetryRule.decide(BOTH, EVERYTHING, UNKNOWN, 1, true))
                .isEqualTo(new RetryDecision(true, Reason.RETRYABLE_ERROR));
    }

    // --- what guards every row ---

    @Test
    void maxAttemptsCapsBodyRunsOnEveryRowThatWouldRunAgain() {
        assertThat(RetryRule.decide(RESTART_SAFE, DEFAULT, CONNECTION, 2, true).runsAgain()).isTrue();
        assertThat(RetryRule.decide(RESTART_SAFE, DEFAULT, CONNECTION, 3, true))
                .isEqualTo(new RetryDecision(false, Reason.ATTEMPTS_EXHAUSTED));
        assertThat(RetryRule.decide(IDEMPOTENT, DEFAULT, TIMED_OUT, 3, true))
                .isEqualTo(new RetryDecision(false, Reason.ATTEMPTS_EXHAUSTED));
    }

    @Test
    void theRetryBudgetGuardsEveryRowThatWouldRunAgain() {
        assertThat(RetryRule.decide(RESTART_SAFE, DEFAULT, CONNECTION, 1, false))
                .isEqualTo(new RetryDecision(false, Reason.BUDGET_EXHAUSTED));
        assertThat(RetryRule.decide(IDEMPOTENT, DEFAULT, TIMED_OUT, 1, false))
                .isEqualTo(new RetryDecision(false, Reason.BUDGET_EXHAUSTED));
    }

    @Test
    void aToolThatIsNeitherRestartSafeNorIdempotentRunsAtMostOnceWhateverThePolicySays() {
        assertThat(RetryRule.maxBodyRuns(NEITHER, EVERYTHING)).isEqualTo(1);
        for (ToolFailure failure : everyFailure()) {
            assertThat(RetryRule.decide(NEITHER, EVERYTHING, failure, 1, true).runsAgain())
                    .as("%s timedOut=%s", failure.type(), failure.timedOut()).isFalse();
        }
    }

    @Test
    void readOnlyDecidesExactlyAsRestartSafeAndIdempotent() {
        ToolDescriptor readOnly = tool().restartSafe(false).idempotent(false).readOnly(true).build();

        for (RetryPolicy policy : List.of(DEFAULT, EVERYTHING, RetryPolicy.NO_RETRY)) {
            assertThat(RetryRule.maxBodyRuns(readOnly, policy)).isEqualTo(RetryRule.maxBodyRuns(BOTH, policy));
            for (ToolFailure failure : everyFailure()) {
                for (int attempt = 1; attempt <= 5; attempt++) {
                    assertThat(RetryRule.decide(readOnly, policy, failure, attempt, true))
                            .isEqualTo(RetryRule.decide(BOTH, policy, failure, attempt, true));
                }
            }
        }
    }

    @Test
    void aNonIdempotentToolThatIsNotRestartSafeGetsOneBodyRunAndAReDrivableOneThePolicysCap() {
        assertThat(RetryRule.maxBodyRuns(IDEMPOTENT, DEFAULT)).isEqualTo(3);
        assertThat(RetryRule.maxBodyRuns(IDEMPOTENT, RetryPolicy.builder().retryOn(ErrorType.RATE_LIMIT).build()))
                .isEqualTo(1);
        assertThat(RetryRule.maxBodyRuns(RESTART_SAFE, DEFAULT)).isEqualTo(3);
    }

    // --- the values themselves ---

    @Test
    void aDecisionWhoseReasonContradictsItIsRejected() {
        assertThatThrownBy(() -> new RetryDecision(true, Reason.NOT_RESTART_SAFE))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("NOT_RESTART_SAFE");
        assertThatThrownBy(() -> new RetryDecision(false, Reason.IDEMPOTENT_REDRIVE))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aFailureCannotBeRetryableForATerminalTypeNorTimedOutForAnotherType() {
        assertThatThrownBy(() -> new ToolFailure(ErrorType.REJECTED, true, false, new RuntimeException(), 0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("REJECTED");
        assertThatThrownBy(() -> new ToolFailure(ErrorType.UNKNOWN, true, true, new RuntimeException(), 0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("TIMEOUT");
        assertThatThrownBy(() -> RetryRule.decide(BOTH, DEFAULT, CONNECTION, 0, true))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("attempt");
    }

    private static List<ToolFailure> everyFailure() {
        List<ToolFailure> failures = new ArrayList<>();
        for (ErrorType type : ErrorType.values()) {
            failures.add(new ToolFailure(type, type.isRetryable(), false, new RuntimeException(type.name()), 0));
        }
        failures.add(TIMED_OUT);
        return failures;
    }

    private static ToolDescriptor.Builder tool() {
        return ToolDescriptor.builder("send");
    }
}
