package dev.idem.llm.failover;

import static org.assertj.core.api.Assertions.assertThat;

import dev.idem.llm.DispatchPhase;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ConnectException;
import java.net.SocketTimeoutException;
import org.junit.jupiter.api.Test;

class DispatchPhasesTest {

    @Test
    void singleExceptionIgnoresItsCausesButTheChainDoesNot() {
        RuntimeException wrapper = new RuntimeException("call failed", new SocketTimeoutException("Read timed out"));

        assertThat(DispatchPhases.of(wrapper)).isEqualTo(DispatchPhase.UNKNOWN);
        assertThat(DispatchPhases.ofChain(wrapper)).isEqualTo(DispatchPhase.MAYBE_PROCESSED);
    }

    @Test
    void oneUnsafeLinkMakesTheChainUnsafeWhereverItIs() {
        IOException reset = new IOException("Connection reset");
        ConnectException refused = new ConnectException("Connection refused");
        refused.initCause(reset);

        assertThat(DispatchPhases.of(refused)).isEqualTo(DispatchPhase.NOT_SENT);
        assertThat(DispatchPhases.ofChain(new UncheckedIOException(refused))).isEqualTo(DispatchPhase.MAYBE_PROCESSED);
        assertThat(DispatchPhases.ofChain(new UncheckedIOException(refused)).replaySafe()).isFalse();
    }

    @Test
    void cyclicChainsTerminate() {
        RuntimeException outer = new RuntimeException("outer");
        IllegalStateException inner = new IllegalStateException("inner", outer);
        outer.initCause(inner);

        assertThat(DispatchPhases.ofChain(outer)).isEqualTo(DispatchPhase.UNKNOWN);
    }

    @Test
    void noErrorIsUnknown() {
        assertThat(DispatchPhases.of(null)).isEqualTo(DispatchPhase.UNKNOWN);
        assertThat(DispatchPhases.ofChain(null)).isEqualTo(DispatchPhase.UNKNOWN);
    }
}
