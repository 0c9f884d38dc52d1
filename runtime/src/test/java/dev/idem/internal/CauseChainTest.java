package dev.idem.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.SocketTimeoutException;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import org.junit.jupiter.api.Test;

class CauseChainTest {

    @Test
    void unwrapStripsEveryLayerOfStagePlumbingAndNothingElse() {
        SocketTimeoutException original = new SocketTimeoutException("read timed out");
        IOException wrapper = new IOException("call failed", original);

        Throwable unwrapped = CauseChain.unwrap(
                new CompletionException(new ExecutionException(new CompletionException(wrapper))));

        assertThat(unwrapped).isSameAs(wrapper);
    }

    @Test
    void unwrapKeepsAWrapperWithoutCauseAndNull() {
        CompletionException bare = new CompletionException("no cause", null);

        assertThat(CauseChain.unwrap(bare)).isSameAs(bare);
        assertThat(CauseChain.unwrap(null)).isNull();
    }

    @Test
    void unwrapEndsOnACycleOfWrappers() {
        CompletionException first = new CompletionException("first") { }; // cause not set yet
        CompletionException second = new CompletionException(first);
        first.initCause(second);

        assertThat(CauseChain.unwrap(first)).isIn(first, second);
    }

    @Test
    void theWalkListsEachLinkOnceOutermostFirstAndEndsOnCycles() {
        IOException inner = new IOException("inner");
        RuntimeException outer = new RuntimeException("outer", inner);
        inner.initCause(outer);

        assertThat(CauseChain.of(outer)).containsExactly(outer, inner);
        assertThat(CauseChain.of(null)).isEmpty();
    }

    @Test
    void errorTextIsTheMessageElseTheSimpleClassName() {
        assertThat(ErrorText.of(new IOException("connection reset"))).isEqualTo("connection reset");
        assertThat(ErrorText.of(new IllegalStateException())).isEqualTo("IllegalStateException");
        assertThat(ErrorText.of(new IllegalStateException("  "))).isEqualTo("IllegalStateException");
    }
}
