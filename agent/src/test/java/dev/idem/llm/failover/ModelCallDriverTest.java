package dev.idem.llm.failover;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.idem.retry.DispatchPhase;
import dev.idem.llm.ErrorKind;
import dev.idem.llm.ProviderHttpException;
import dev.idem.llm.ProviderResponseException;
import dev.idem.llm.failover.FailoverDecision.Action;
import dev.idem.llm.failover.FailoverDecision.Reason;
import dev.idem.retry.Sleeper;
import java.net.ConnectException;
import java.net.SocketTimeoutException;
import java.net.http.HttpConnectTimeoutException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.function.Function;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

class ModelCallDriverTest {
    private final List<Long> sleeps = Collections.synchronizedList(new ArrayList<>());
    private final List<String> events = Collections.synchronizedList(new ArrayList<>());

    // --- sync, async and streaming decide alike ---

    @Test
    void syncAsyncAndStreamingTakeTheSameDecisionsAndWaits() throws Exception {
        Supplier<Script> script = () -> new Script(
                http(503, Map.of()), http(429, Map.of("retry-after-ms", "1500")), new ConnectException("Connection refused"), "answer");

        Script sync = script.get();
        assertThat(call(driver(), List.of("key"), true, sync::sync)).isEqualTo("answer");
        List<String> syncEvents = drainEvents();
        List<Long> syncWaits = drainSleeps();

        Script async = script.get();
        assertThat(driver().callAsync(List.of("key"), true, async::async).toCompletableFuture().get())
                .isEqualTo("answer");
        List<String> asyncEvents = drainEvents();
        List<Long> asyncWaits = drainSleeps();

        Script streamed = script.get();
        assertThat(stream(driver(), List.of("key"), true, streamed::sync, streamed::sync)).isEqualTo("answer");
        List<String> streamEvents = drainEvents();
        List<Long> streamWaits = drainSleeps();

        Script streamedAsync = script.get();
        assertThat(driver().streamAsync(List.of("key"), true, streamedAsync::async, streamedAsync::async)
                .toCompletableFuture().get()).isEqualTo("answer");
        List<String> streamAsyncEvents = drainEvents();
        List<Long> streamAsyncWaits = drainSleeps();

        assertThat(syncEvents).containsExactly(
                "1 OVERLOADED/UNKNOWN RETRY OVERLOADED 2000",
                "2 RATE_LIMIT/UNKNOWN RETRY RATE_LIMIT 1500",
                "3 UNKNOWN/NOT_SENT RETRY UNKNOWN 1000");
        assertThat(syncWaits).containsExactly(2000L, 1500L, 1000L);
        assertThat(asyncWaits).isEqualTo(syncWaits);
        assertThat(streamWaits).isEqualTo(syncWaits);
        assertThat(streamAsyncWaits).isEqualTo(syncWaits);
        assertThat(asyncEvents).isEqualTo(syncEvents);
        assertThat(streamEvents).isEqualTo(syncEvents);
        assertThat(streamAsyncEvents).isEqualTo(syncEvents);
    }

    @Test
    void syncAndAsyncSurfaceTheSameExceptionOnAToolTurnReadTimeout() {
        Script sync = new Script(new SocketTimeoutException("Read timed out"), "never");
        ModelCallException syncFailure = catchThrowableOfType(ModelCallException.class,
                () -> call(driver(), List.of("key"), true, sync::sync));

        Script async = new Script(new SocketTimeoutException("Read timed out"), "never");
        ExecutionException asyncFailure = catchThrowableOfType(ExecutionException.class,
                () -> driver().callAsync(List.of("key"), true, async::async).toCompletableFuture().get());

        assertThat(asyncFailure.getCause()).isInstanceOf(ModelCallException.class);
        ModelCallException fromAsync = (ModelCallException) asyncFailure.getCause();
        for (ModelCallException failure : List.of(syncFailure, fromAsync)) {
            assertThat(failure.decision().reason()).isEqualTo(Reason.PROVIDER_OUTCOME_UNKNOWN);
            assertThat(failure.kind()).isEqualTo(ErrorKind.IDLE_TIMEOUT);
            assertThat(failure.phase()).isEqualTo(DispatchPhase.MAYBE_PROCESSED);
            assertThat(failure.attempts()).isEqualTo(1);
            assertThat(failure).hasRootCauseInstanceOf(SocketTimeoutException.class);
        }
        assertThat(sync.calls).isEqualTo(1);
        assertThat(async.calls).isEqualTo(1);
    }

    // --- replay gate ---

    @Test
    void readTimeoutOnAToolTurnIsNeverReplayed() {
        Script script = new Script(new SocketTimeoutException("Read timed out"), "second answer");

        assertThatThrownBy(() -> call(driver(), List.of("key"), true, script::sync))
                .isInstanceOfSatisfying(ModelCallException.class,
                        e -> assertThat(e.decision().reason()).isEqualTo(Reason.PROVIDER_OUTCOME_UNKNOWN));
        assertThat(script.calls).isEqualTo(1);
        assertThat(sleeps).isEmpty();
    }

    @Test
    void sameReadTimeoutWithoutToolsIsRetried() {
        Script script = new Script(new SocketTimeoutException("Read timed out"), "answer");

        assertThat(call(driver(), List.of("key"), false, script::sync)).isEqualTo("answer");
        assertThat(script.calls).isEqualTo(2);
        assertThat(sleeps).containsExactly(2000L);
    }

    @Test
    void streamCutMidResponseOnAToolTurnNeverFallsBack() {
        Script stream = new Script(new ProviderResponseException(
                ErrorKind.FORMAT_ERROR, DispatchPhase.MAYBE_PROCESSED, "stream cut mid-body", null));
        Script fallback = new Script("non-streamed answer");

        assertThatThrownBy(() -> stream(driver(), List.of("key"), true, stream::sync, fallback::sync))
                .isInstanceOfSatisfying(ModelCallException.class, e -> {
                    assertThat(e.decision().reason()).isEqualTo(Reason.PROVIDER_OUTCOME_UNKNOWN);
                    assertThat(e.decision().retryable()).isFalse();
                });
        assertThat(fallback.calls).isZero();
    }

    @Test
    void brokenStreamWithoutToolsFallsBackToNonStreamingAtOnce() {
        Script stream = new Script(new ProviderResponseException(
                ErrorKind.FORMAT_ERROR, DispatchPhase.MAYBE_PROCESSED, "stream cut mid-body", null));
        Script fallback = new Script("non-streamed answer");

        assertThat(stream(driver(), List.of("key"), false, stream::sync, fallback::sync)).isEqualTo("non-streamed answer");
        assertThat(stream.calls).isEqualTo(1);
        assertThat(fallback.calls).isEqualTo(1);
        assertThat(events).containsExactly("1 FORMAT_ERROR/MAYBE_PROCESSED RETRY STREAM_FALLBACK 0");
    }

    @Test
    void streamThatNeverConnectedFallsBackEvenOnAToolTurn() {
        Script stream = new Script(new ConnectException("Connection refused"));
        Script fallback = new Script("non-streamed answer");

        assertThat(stream(driver(), List.of("key"), true, stream::sync, fallback::sync)).isEqualTo("non-streamed answer");
        assertThat(fallback.calls).isEqualTo(1);
    }

    // --- caps, rotation, hints ---

    @Test
    void attemptCapStopsAfterFourAttempts() {
        Script script = new Script(http(503, Map.of()), http(503, Map.of()), http(503, Map.of()),
                http(503, Map.of()), "too late");

        ModelCallException failure = catchThrowableOfType(ModelCallException.class,
                () -> call(driver(), List.of("key"), false, script::sync));

        assertThat(failure.attempts()).isEqualTo(4);
        assertThat(failure.decision().reason()).isEqualTo(Reason.ATTEMPTS_EXHAUSTED);
        assertThat(failure.decision().retryable()).isTrue();
        assertThat(failure.getSuppressed()).hasSize(3);
        assertThat(script.calls).isEqualTo(4);
        assertThat(sleeps).containsExactly(2000L, 4000L, 8000L);
    }

    @Test
    void authFailureRotatesToTheNextProfileWithoutWaiting() {
        List<String> usedKeys = new ArrayList<>();
        Function<String, String> call = key -> {
            usedKeys.add(key);
            if (key.equals("expired-key")) {
                throw http(401, Map.of());
            }
            return "answer with " + key;
        };

        assertThat(call(driver(), List.of("expired-key", "backup-key"), true, call)).isEqualTo("answer with backup-key");
        assertThat(usedKeys).containsExactly("expired-key", "backup-key");
        assertThat(sleeps).isEmpty();
        assertThat(events).containsExactly("1 AUTH/UNKNOWN ROTATE_PROFILE AUTH 0");
    }

    @Test
    void authFailureOnTheLastProfileSurfaces() {
        Function<String, String> call = key -> {
            throw http(401, Map.of());
        };

        ModelCallException failure = catchThrowableOfType(ModelCallException.class,
                () -> call(driver(), List.of("a", "b"), false, call));

        assertThat(failure.kind()).isEqualTo(ErrorKind.AUTH);
        assertThat(failure.attempts()).isEqualTo(2);
        assertThat(failure.decision()).isEqualTo(new FailoverDecision(Action.SURFACE_ERROR, ErrorKind.AUTH, null, 0, false));
    }

    @Test
    void retryAfterIsHonouredBySleepingExactlyThatLong() {
        Script script = new Script(http(429, Map.of("Retry-After", "7")), "answer");

        assertThat(call(driver(), List.of("key"), true, script::sync)).isEqualTo("answer");
        assertThat(sleeps).containsExactly(7000L);
    }

    @Test
    void retryHintAboveTheMaximumSurfacesImmediatelyWithoutSleeping() {
        Script script = new Script(http(429, Map.of("Retry-After", "120")), "answer");

        ModelCallException failure = catchThrowableOfType(ModelCallException.class,
                () -> call(driver(), List.of("key"), false, script::sync));

        assertThat(failure.decision().reason()).isEqualTo(Reason.RETRY_HINT_TOO_LONG);
        assertThat(failure.failure().retryAfterMs()).hasValue(120_000);
        assertThat(sleeps).isEmpty();
        assertThat(script.calls).isEqualTo(1);
    }

    @Test
    void unknownFailuresAreRetriedAtMostTwice() {
        Script script = new Script(new IllegalStateException("boom"), new IllegalStateException("boom"),
                new IllegalStateException("boom"), "answer");

        ModelCallException failure = catchThrowableOfType(ModelCallException.class,
                () -> call(driver(), List.of("key"), false, script::sync));

        assertThat(script.calls).isEqualTo(3);
        assertThat(failure.decision().reason()).isEqualTo(Reason.ATTEMPTS_EXHAUSTED);
    }

    // --- idle breaker ---

    @Test
    void idleBreakerSurfacesAfterThreeConsecutiveIdleTimeouts() {
        ModelCallDriver driver = driver(FailoverPolicy.builder().maxAttempts(10).build());
        Script script = new Script(idle(), idle(), idle(), idle(), "answer");

        ModelCallException failure = catchThrowableOfType(ModelCallException.class,
                () -> call(driver, List.of("key"), false, script::sync));

        assertThat(failure.decision().reason()).isEqualTo(Reason.IDLE_TIMEOUT_BREAKER_OPEN);
        assertThat(script.calls).isEqualTo(3);
        assertThat(sleeps).containsExactly(2000L, 4000L);
    }

    @Test
    void successResetsTheIdleBreakerAcrossCallsOfOneClient() {
        ModelCallDriver driver = driver(FailoverPolicy.builder().maxAttempts(10).build());

        assertThat(call(driver, List.of("key"), false, new Script(idle(), idle(), "first")::sync)).isEqualTo("first");
        assertThat(driver.idleTimeoutBreaker().consecutiveIdleTimeouts()).isZero();
        assertThat(call(driver, List.of("key"), false, new Script(idle(), idle(), "second")::sync)).isEqualTo("second");
    }

    @Test
    void idleTimeoutsWithoutSuccessAddUpAcrossCallsOfOneClient() {
        ModelCallDriver driver = driver(FailoverPolicy.builder().maxAttempts(2).build());
        catchThrowableOfType(ModelCallException.class,
                () -> call(driver, List.of("key"), false, new Script(idle(), idle())::sync));

        ModelCallException failure = catchThrowableOfType(ModelCallException.class,
                () -> call(driver, List.of("key"), false, new Script(idle(), "answer")::sync));

        assertThat(failure.decision().reason()).isEqualTo(Reason.IDLE_TIMEOUT_BREAKER_OPEN);
    }

    // --- robustness ---

    @Test
    void aFailingListenerDoesNotChangeTheOutcome() {
        ModelCallDriver driver = ModelCallDriver.builder().sleeper(Sleeper.recording(sleeps::add))
                .listener((attempt, failure, decision) -> {
                    throw new IllegalStateException("listener bug");
                })
                .build();

        assertThat(call(driver, List.of("key"), false, new Script(http(503, Map.of()), "answer")::sync)).isEqualTo("answer");
    }

    @Test
    void interruptedWaitSurfacesAndKeepsTheInterruptFlag() {
        ModelCallDriver driver = ModelCallDriver.builder().sleeper(millis -> {
            Thread.currentThread().interrupt(); // the caller is interrupted while it waits
            return CompletableFuture.completedFuture(null);
        }).build();

        try {
            ModelCallException failure = catchThrowableOfType(ModelCallException.class,
                    () -> call(driver, List.of("key"), false, new Script(http(503, Map.of()), "answer")::sync));
            assertThat(failure.decision().reason()).isEqualTo(Reason.INTERRUPTED);
            assertThat(Thread.currentThread().isInterrupted()).isTrue();
        } finally {
            Thread.interrupted();
        }
    }

    @Test
    void nonBlockingCallReturnsBeforeTheWaitEndsAndAttemptsAgainWhenItDoes() throws Exception {
        CompletableFuture<Void> waitOver = new CompletableFuture<>();
        ModelCallDriver driver = ModelCallDriver.builder().sleeper(millis -> {
            sleeps.add(millis);
            return waitOver;
        }).build();
        Script script = new Script(http(503, Map.of()), "answer");

        CompletableFuture<String> answer = driver.callAsync(List.of("key"), false, script::async)
                .toCompletableFuture();

        assertThat(answer).isNotDone();
        assertThat(script.calls).isEqualTo(1);
        assertThat(sleeps).containsExactly(2000L);
        waitOver.complete(null);
        assertThat(answer.get()).isEqualTo("answer");
        assertThat(script.calls).isEqualTo(2);
    }

    @Test
    void aWaitThatCannotHappenSurfacesInBothModesWithoutAnotherAttempt() {
        ModelCallDriver driver = ModelCallDriver.builder().sleeper(millis -> {
            throw new java.util.concurrent.RejectedExecutionException("scheduler shut down");
        }).build();
        Script blocking = new Script(http(503, Map.of()), "answer");
        Script nonBlocking = new Script(http(503, Map.of()), "answer");

        ModelCallException fromBlocking = catchThrowableOfType(ModelCallException.class,
                () -> call(driver, List.of("key"), false, blocking::sync));
        ExecutionException fromNonBlocking = catchThrowableOfType(ExecutionException.class,
                () -> driver.callAsync(List.of("key"), false, nonBlocking::async).toCompletableFuture().get());

        assertThat(fromBlocking.decision().reason()).isEqualTo(Reason.INTERRUPTED);
        assertThat(fromNonBlocking.getCause()).isInstanceOfSatisfying(ModelCallException.class,
                e -> assertThat(e.decision().reason()).isEqualTo(Reason.INTERRUPTED));
        assertThat(blocking.calls).isEqualTo(1);
        assertThat(nonBlocking.calls).isEqualTo(1);
    }

    @Test
    void asyncFailureThrownBeforeAnyStageIsStillClassified() throws Exception {
        Function<String, CompletionStage<String>> call = new Function<>() {
            private int calls;

            @Override
            public CompletionStage<String> apply(String key) {
                if (calls++ == 0) {
                    throw http(529, Map.of());
                }
                return CompletableFuture.completedFuture("answer");
            }
        };

        assertThat(driver().callAsync(List.of("key"), true, call).toCompletableFuture().get())
                .isEqualTo("answer");
        assertThat(sleeps).containsExactly(2000L);
    }

    @Test
    void aCheckedExceptionThrownSneakilyByTheModelIsClassifiedInsteadOfEscaping() throws Exception {
        Function<String, String> refusedOnce = new Function<>() {
            private int calls;

            @Override
            public String apply(String key) {
                if (calls++ == 0) {
                    throw sneaky(new ConnectException("Connection refused"));
                }
                return "answer";
            }
        };
        assertThat(call(driver(), List.of("key"), true, refusedOnce)).isEqualTo("answer");
        assertThat(drainEvents()).containsExactly("1 UNKNOWN/NOT_SENT RETRY UNKNOWN 1000");

        Function<String, String> resetBlocking = key -> {
            throw sneaky(new java.io.IOException("Connection reset by peer"));
        };
        ModelCallException surfaced = catchThrowableOfType(ModelCallException.class,
                () -> call(driver(), List.of("key"), true, resetBlocking));
        assertThat(surfaced.decision().reason()).isEqualTo(Reason.PROVIDER_OUTCOME_UNKNOWN);
        assertThat(surfaced).hasCauseInstanceOf(java.io.IOException.class);

        Function<String, CompletionStage<String>> resetNonBlocking = key -> {
            throw sneaky(new java.io.IOException("Connection reset by peer"));
        };
        ExecutionException async = catchThrowableOfType(ExecutionException.class, () -> driver()
                .callAsync(List.of("key"), true, resetNonBlocking).toCompletableFuture().get());
        assertThat(async.getCause()).isInstanceOfSatisfying(ModelCallException.class,
                e -> assertThat(e.decision().reason()).isEqualTo(Reason.PROVIDER_OUTCOME_UNKNOWN));

        dev.idem.llm.ChatModel sneakyModel = new dev.idem.llm.ChatModel() {
            @Override
            public dev.idem.llm.ChatResponse chat(dev.idem.llm.ChatRequest request) {
                throw sneaky(new java.io.IOException("Connection reset by peer"));
            }

            @Override
            public dev.idem.llm.ChatResponse stream(dev.idem.llm.ChatRequest request, dev.idem.llm.StreamListener listener) {
                return chat(request);
            }
        };
        CompletionStage<dev.idem.llm.ChatResponse> stage = sneakyModel.chatAsync(
                dev.idem.llm.ChatRequest.of(List.of(dev.idem.llm.ChatMessage.user("hi"))));
        assertThat(stage.toCompletableFuture()).isCompletedExceptionally();
    }

    @Test
    void authPermanentRotatesToTheNextProfileWhereTheKeyIsBadForItsProfileOnly() {
        List<String> usedKeys = new ArrayList<>();
        Function<String, String> call = key -> {
            usedKeys.add(key);
            if (key.equals("revoked-key")) {
                throw new ProviderHttpException(401, "{\"error\":{\"code\":\"invalid_api_key\"}}", Map.of());
            }
            return "answer with " + key;
        };

        assertThat(call(driver(), List.of("revoked-key", "backup-key"), true, call)).isEqualTo("answer with backup-key");
        assertThat(usedKeys).containsExactly("revoked-key", "backup-key");
        assertThat(events).containsExactly("1 AUTH_PERMANENT/UNKNOWN ROTATE_PROFILE AUTH_PERMANENT 0");

        ModelCallException alone = catchThrowableOfType(ModelCallException.class,
                () -> call(driver(), List.of("revoked-key"), true, call));
        assertThat(alone.decision()).isEqualTo(new FailoverDecision(Action.SURFACE_ERROR, ErrorKind.AUTH_PERMANENT, null, 0, false));
        assertThat(alone.attempts()).isEqualTo(1);
    }

    @Test
    void emptyProfileListIsACallerBug() {
        assertThatThrownBy(() -> call(driver(), List.<String>of(), false, key -> "x"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("profiles");
    }

    // --- fixtures ---

    private ModelCallDriver driver() {
        return driver(FailoverPolicy.builder().random(() -> 0.5).build());
    }

    private ModelCallDriver driver(FailoverPolicy policy) {
        return ModelCallDriver.builder()
                .policy(policy)
                .sleeper(Sleeper.recording(sleeps::add))
                .listener((attempt, failure, decision) -> events.add(attempt + " " + failure.kind() + "/"
                        + failure.phase() + " " + decision.action() + " " + decision.because() + " " + decision.backoffMs()))
                .build();
    }

    private List<Long> drainSleeps() {
        List<Long> copy = new ArrayList<>(sleeps);
        sleeps.clear();
        return copy;
    }

    /** A blocking call of a blocking provider, as {@code Agent.run} makes it. */
    private static <P> String call(ModelCallDriver driver, List<P> profiles, boolean turnExposesTools,
            Function<P, String> call) {
        return driver.call(profiles, turnExposesTools, call);
    }

    /** A blocking streamed call with its non-streaming fallback. */
    private static <P> String stream(ModelCallDriver driver, List<P> profiles, boolean turnExposesTools,
            Function<P, String> streamCall, Function<P, String> fallbackCall) {
        return driver.stream(profiles, turnExposesTools, streamCall, fallbackCall);
    }

    private List<String> drainEvents() {
        List<String> copy = new ArrayList<>(events);
        events.clear();
        return copy;
    }

    private static ProviderHttpException http(int status, Map<String, String> headers) {
        Map<String, List<String>> multi = new java.util.HashMap<>();
        headers.forEach((name, value) -> multi.put(name, List.of(value)));
        return new ProviderHttpException(status, "", multi);
    }

    /** Throws a checked exception from code that declares none, as some provider clients do. */
    @SuppressWarnings("unchecked")
    static <E extends Throwable> RuntimeException sneaky(Throwable checked) throws E {
        throw (E) checked;
    }

    private static HttpConnectTimeoutException idle() {
        return new HttpConnectTimeoutException("HTTP connect timed out");
    }

    /** A provider double: each call takes the next scripted outcome, a value or an exception to throw. */
    static final class Script {
        private final Deque<Object> outcomes;
        int calls;

        Script(Object... outcomes) {
            this.outcomes = new ArrayDeque<>(List.of(outcomes));
        }

        synchronized String sync(String profile) {
            calls++;
            Object next = outcomes.isEmpty() ? new IllegalStateException("script exhausted") : outcomes.poll();
            if (next instanceof RuntimeException runtime) {
                throw runtime;
            }
            if (next instanceof java.io.IOException checked) {
                // What a blocking client does with the transport's checked exception.
                throw new java.io.UncheckedIOException(checked);
            }
            return (String) next;
        }

        synchronized CompletionStage<String> async(String profile) {
            calls++;
            Object next = outcomes.isEmpty() ? new IllegalStateException("script exhausted") : outcomes.poll();
            return next instanceof Throwable failure
                    ? CompletableFuture.failedFuture(failure)
                    : CompletableFuture.completedFuture((String) next);
        }
    }
}
