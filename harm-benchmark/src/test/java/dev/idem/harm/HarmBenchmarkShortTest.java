package dev.idem.harm;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The short matrix in every build: the harness must find the duplicates a naive retry loop
 * cannot avoid, and Idem's rows must show none, and no lost effect.
 */
class HarmBenchmarkShortTest {
    /** Where a stack that sends no idempotency key must pay twice: the fault makes it inevitable. */
    static final Set<Scenario> INEVITABLE = EnumSet.of(Scenario.ANSWER_LOST, Scenario.TIMEOUT_LATE_EFFECT,
            Scenario.RESET_AFTER_DELIVERY, Scenario.MODEL_REISSUES, Scenario.DOUBLE_CALL, Scenario.USER_RETRY,
            Scenario.CRASH_MID_CALL, Scenario.TWO_REPLICAS);

    private static ResultTable table;
    private static String log;

    @BeforeAll
    static void play() throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        table = HarmBenchmark.run(33, 44, 8, false, true, name -> true, new PrintStream(bytes, true, StandardCharsets.UTF_8));
        log = bytes.toString(StandardCharsets.UTF_8);
        System.out.println(log);
        System.out.println(table.markdown());
    }

    @Test
    void theNaiveLoopPaysTwiceWheneverTheFaultMakesItInevitable() {
        List<Cell> naive = table.rows().get(new NaiveLoopStack().name());
        for (Cell cell : naive) {
            if (INEVITABLE.contains(cell.scenario())) {
                // At least once each: a loaded machine may also stretch a slow answer past the client's
                // timeout, and the loop pays a third time.
                assertThat(cell.duplicated()).as("%s: %s", cell.scenario(), log).isGreaterThanOrEqualTo(cell.intents());
            }
        }
    }

    @Test
    void everyIdemRowHasNoDuplicatedAndNoLostEffect() {
        table.rows().forEach((stack, cells) -> {
            if (stack.startsWith("Idem")) {
                for (Cell cell : cells) {
                    assertThat(cell.duplicated()).as("%s, %s duplicated", stack, cell.scenario()).isZero();
                    assertThat(cell.lost()).as("%s, %s lost", stack, cell.scenario()).isZero();
                }
            }
        });
        assertThat(table.rows().keySet()).anyMatch(stack -> stack.startsWith("Idem"));
    }

    @Test
    void everyRowPlaysAtLeastItsShareOfFaultedIntents() {
        table.rows().forEach((stack, cells) ->
                assertThat(ResultTable.total(cells.stream().filter(Cell::supported).toList()).intents())
                        .as(stack).isGreaterThanOrEqualTo(44));
    }
}
