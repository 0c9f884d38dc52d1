package dev.idem.llm.failover;

import static org.assertj.core.api.Assertions.assertThat;

import dev.idem.ErrorType;
import dev.idem.retry.DispatchPhase;
import dev.idem.tool.ToolException;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The model side judges a transport failure's dispatch phase as the tool side does (the runtime's table). */
class ToolAndModelTransportJudgementTest {

    @ParameterizedTest
    @MethodSource("dev.idem.tool.ToolDispatchPhaseTest#table")
    void toolsAndModelsJudgeTheTransportAlike(Throwable error, ErrorType type, DispatchPhase phase) {
        if (error instanceof ToolException) {
            return; // a tool's own statement; the model side has its provider exceptions instead
        }
        DispatchPhase model = DispatchPhases.ofChain(error);
        // The model side treats an ambiguous phase as safe; the tool side, which may have moved money, does not.
        assertThat(model == DispatchPhase.UNKNOWN ? DispatchPhase.MAYBE_PROCESSED : model).isEqualTo(phase);
    }
}
