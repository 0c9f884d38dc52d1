package dev.idem.tool;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.idem.ErrorType;
import dev.idem.internal.call.AttemptHistory;
import dev.idem.journal.CallJournal;
import java.net.ConnectException;
import java.net.SocketException;
import java.util.List;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Test;

/** The executor's rules for transactional tools that need no database. */
class TransactionalToolRulesTest {

    private static final RetryPolicy THREE = RetryPolicy.builder().maxAttempts(3)
            .retryOn(ErrorType.CONNECTION_ERROR, ErrorType.TIMEOUT).build();

    private static ToolDescriptor transactional() {
        return Booking_ToolSet.BOOK;
    }

    @Test
    void rolledBackTransactionalAttemptRunsAgainThoughNeitherRestartSafeNorIdempotent() {
        ToolDescriptor book = transactional();
        ToolDescriptor plain = ToolDescriptor.builder("book").restartSafe(false).build();
        for (ToolFailure failure : List.of(ToolFailure.thrown(new ConnectException("refused")),
                ToolFailure.thrown(new SocketException("Connection reset")),
                ToolFailure.thrown(new ToolException(ErrorType.TIMEOUT, "gave up")))) {
            assertThat(RetryRule.decide(book, THREE, failure, 1, true))
                    .isEqualTo(new RetryDecision(true, RetryDecision.Reason.ROLLED_BACK));
            assertThat(RetryRule.decide(plain, THREE, failure, 1, true).runsAgain()).isFalse();
        }
        assertThat(RetryRule.maxBodyRuns(book, THREE)).isEqualTo(3);
        assertThat(RetryRule.maxBodyRuns(plain, THREE)).isEqualTo(1);
    }

    @Test
    void rolledBackTransactionalAttemptStillObeysTerminalTypesRetryOnAttemptsAndBudget() {
        ToolDescriptor book = transactional();
        assertThat(RetryRule.decide(book, THREE, ToolFailure.thrown(new IllegalArgumentException("bad")), 1, true)
                .reason()).isEqualTo(RetryDecision.Reason.TERMINAL_ERROR);
        assertThat(RetryRule.decide(book, THREE, ToolFailure.thrown(new ToolException(ErrorType.RATE_LIMIT, "slow")),
                1, true).reason()).isEqualTo(RetryDecision.Reason.NOT_IN_RETRY_ON);
        assertThat(RetryRule.decide(book, THREE, ToolFailure.thrown(new ConnectException("x")), 3, true).reason())
                .isEqualTo(RetryDecision.Reason.ATTEMPTS_EXHAUSTED);
        assertThat(RetryRule.decide(book, THREE, ToolFailure.thrown(new ConnectException("x")), 1, false).reason())
                .isEqualTo(RetryDecision.Reason.BUDGET_EXHAUSTED);
        assertThat(RetryRule.decide(book, THREE, ToolFailure.thrown(new ToolException(ErrorType.OUTCOME_UNKNOWN,
                "commit unsettled")), 1, true).reason()).isEqualTo(RetryDecision.Reason.TERMINAL_ERROR);
    }

    @Test
    void rolledBackTransactionalAttemptLeavesNoUnknownOutcomeUnlessTheCommitCouldNotBeSettled() {
        assertThat(AttemptHistory.rolledBack(null, ToolFailure.timedOut(new TimeoutException("late")))
                .outcomeUnknown()).isFalse();
        assertThat(AttemptHistory.rolledBack(null, ToolFailure.thrown(new SocketException("Connection reset")))
                .outcomeUnknown()).isFalse();
        assertThat(AttemptHistory.rolledBack(null, ToolFailure.thrown(new ToolException(ErrorType.OUTCOME_UNKNOWN,
                "commit unsettled"))).outcomeUnknown()).isTrue();
    }

    @Test
    void executorRefusesATransactionalToolWithoutATransactionalJournalNamingTheToolAndTheFix() {
        ToolRegistry registry = ToolRegistry.of(Booking_ToolSet.of(new Booking()));
        assertThatThrownBy(() -> ToolExecutor.builder(registry).build())
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("tool 'book' is transactional")
                .hasMessageContaining("PostgresCallJournal");
        assertThatThrownBy(() -> ToolExecutor.builder(registry).journal(CallJournal.inMemory()).build())
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("tool 'book' is transactional")
                .hasMessageContaining("InMemoryCallJournal");
        assertThat(ToolExecutor.builder(ToolRegistry.of(PlainTool_ToolSet.of(new PlainTool()))).build())
                .isNotNull();
    }

    @Test
    void connectionOutsideATransactionIsRefusedNamingTheTool() {
        assertThatThrownBy(() -> ToolContext.of("c1", "book", "k").connection())
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("tool 'book' runs outside a transaction");
    }
}
