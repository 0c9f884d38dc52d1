package dev.idem.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.UncheckedIOException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

class ModeTest {

    @Test
    void blockingSettlesTheStageSoTheNextStepRunsOnTheCallersThread() throws Exception {
        CompletableFuture<String> later = new CompletableFuture<>();
        Thread completer = new Thread(() -> {
            sleepQuietly(50);
            later.complete("value");
        });
        completer.start();
        AtomicReference<Thread> nextStepThread = new AtomicReference<>();

        CompletionStage<String> settled = Mode.BLOCKING.settle(later);
        settled.thenRun(() -> nextStepThread.set(Thread.currentThread()));

        assertThat(settled.toCompletableFuture()).isCompletedWithValue("value");
        assertThat(nextStepThread.get()).isSameAs(Thread.currentThread());
        completer.join();
    }

    @Test
    void blockingSettleHandsOnTheFailureUnwrapped() {
        IllegalStateException thrown = new IllegalStateException("boom");
        CompletableFuture<String> failed = CompletableFuture.<String>supplyAsync(() -> "x").thenApply(x -> {
            throw thrown;
        });

        CompletionStage<String> settled = Mode.BLOCKING.settle(failed);

        assertThat(settled.toCompletableFuture()).isCompletedExceptionally();
        assertThat(settled.handle((value, error) -> error).toCompletableFuture().join()).isSameAs(thrown);
    }

    @Test
    void blockingSettleIsNotCutShortByAnInterruptButKeepsTheFlag() {
        CompletableFuture<String> later = new CompletableFuture<>();
        Thread.currentThread().interrupt();
        new Thread(() -> {
            sleepQuietly(50);
            later.complete("value");
        }).start();
        try {
            assertThat(Mode.BLOCKING.settle(later).toCompletableFuture()).isCompletedWithValue("value");
            assertThat(Thread.currentThread().isInterrupted()).isTrue();
        } finally {
            Thread.interrupted();
        }
    }

    @Test
    void nonBlockingNeverWaits() {
        CompletableFuture<String> never = new CompletableFuture<>();

        assertThat(Mode.NON_BLOCKING.settle(never)).isSameAs(never);
    }

    @Test
    void offloadRunsBlockingWorkHereWhenBlockingAndOnTheGivenThreadsOtherwise() {
        AtomicReference<Thread> ranOn = new AtomicReference<>();
        Executor elsewhere = task -> new Thread(task, "elsewhere").start();

        Mode.BLOCKING.offload(() -> ranOn.getAndSet(Thread.currentThread()), elsewhere);
        assertThat(ranOn.get()).isSameAs(Thread.currentThread());

        Mode.NON_BLOCKING.offload(() -> ranOn.getAndSet(Thread.currentThread()), elsewhere).toCompletableFuture().join();
        assertThat(ranOn.get().getName()).isEqualTo("elsewhere");
    }

    @Test
    void nowTurnsWhatTheWorkThrowsIntoAFailedStage() {
        UncheckedIOException thrown = new UncheckedIOException(new java.io.IOException("reset"));

        CompletionStage<Object> stage = Mode.now(() -> {
            throw thrown;
        });

        assertThat(stage.handle((value, error) -> error).toCompletableFuture().join()).isSameAs(thrown);
    }

    @Test
    void joinRethrowsUncheckedExceptionsAndErrorsAsTheyWereThrown() {
        IllegalArgumentException bug = new IllegalArgumentException("caller bug");
        AssertionError error = new AssertionError("fatal");

        assertThatThrownBy(() -> Mode.join(CompletableFuture.failedFuture(new CompletionException(bug)))).isSameAs(bug);
        assertThatThrownBy(() -> Mode.join(CompletableFuture.failedFuture(error))).isSameAs(error);
        assertThatThrownBy(() -> Mode.join(CompletableFuture.failedFuture(new Exception("checked"))))
                .isInstanceOf(CompletionException.class).hasCauseInstanceOf(Exception.class);
    }

    private static void sleepQuietly(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
