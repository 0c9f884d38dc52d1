package dev.idem.tool;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.idem.ErrorType;
import org.junit.jupiter.api.Test;

/** One run per intent: calls of one intent share its guard and keys; old intents are forgotten, their keys are not. */
class IntentRunsTest {

    private final Harness harness = new Harness();
    private final CountingTools.CountingTool refund = harness.tools.add(d -> d.optionalParameters("order"), "refund",
            (run, ctx, args) -> {
                throw new ToolException(ErrorType.REJECTED, "order already refunded");
            });

    @Test
    void callsOfOneIntentShareOneRunAndItsRepetitionGuard() {
        IntentRuns runs = new IntentRuns(harness.executor(), 10);
        runs.forIntent("ticket-1").execute(Harness.call("refund", "{\"order\":\"A1\"}"));
        ToolResult again = runs.forIntent("ticket-1").execute(Harness.call("refund", "{\"order\":\"A1\"}"));
        ToolResult otherIntent = runs.forIntent("ticket-2").execute(Harness.call("refund", "{\"order\":\"A1\"}"));

        assertThat(runs.forIntent("ticket-1")).isSameAs(runs.forIntent("ticket-1"));
        assertThat(again.errorType()).isEqualTo(ErrorType.REPEATED_CALL);
        assertThat(otherIntent.errorType()).isEqualTo(ErrorType.REJECTED);
        assertThat(refund.runs()).isEqualTo(2);
    }

    @Test
    void leastRecentlyUsedIntentIsForgottenButItsIdempotencyKeysStayTheSame() {
        IntentRuns runs = new IntentRuns(harness.executor(), 2);
        ToolRun first = runs.forIntent("a");
        ToolResult before = first.execute(Harness.call("refund", "{\"order\":\"A1\"}"));
        runs.forIntent("b");
        runs.forIntent("a");            // "a" used again: "b" is now the eldest
        runs.forIntent("c");

        assertThat(runs.size()).isEqualTo(2);
        assertThat(runs.forIntent("a")).isSameAs(first);
        ToolRun againB = runs.forIntent("b");
        assertThat(runs.forIntent("b")).isSameAs(againB);
        // "a" is now the eldest and goes; its new run derives the same key for the same call.
        runs.forIntent("c");
        runs.forIntent("d");
        ToolResult after = runs.forIntent("a").execute(Harness.call("refund", "{\"order\":\"A1\"}"));
        assertThat(runs.forIntent("a")).isNotSameAs(first);
        assertThat(after.idempotencyKey()).isEqualTo(before.idempotencyKey());
    }

    @Test
    void capacityMustBePositive() {
        assertThatThrownBy(() -> new IntentRuns(harness.executor(), 0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("capacity");
    }
}
