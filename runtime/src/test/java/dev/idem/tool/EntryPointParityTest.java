package dev.idem.tool;

import static org.assertj.core.api.Assertions.assertThat;

import dev.idem.ErrorType;
import dev.idem.internal.call.ToolArguments;
import java.net.ConnectException;
import java.net.SocketTimeoutException;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The synchronous and asynchronous entry points share one code path: for every case the two give
 * equal results, equal body run counts, equal delays and equal listener events.
 */
class EntryPointParityTest {

    private static final RetryPolicy THREE = RetryPolicy.builder().maxAttempts(3).initialDelayMs(7).build();

    /** A scenario: tools to register and the calls to make in one run. */
    private record Scenario(Consumer<CountingTools> tools, List<ToolCall> calls) {}

    private static ToolCall call(String name, String arguments) {
        return Harness.call(name, arguments);
    }

    static Stream<Arguments> cases() {
        return Stream.of(
                Arguments.of("success", new Scenario(t -> t.add("ok", (r, c, a) -> "fine"), List.of(call("ok", "{}")))),
                Arguments.of("no output", new Scenario(t -> t.add("v", (r, c, a) -> null), List.of(call("v", "")))),
                Arguments.of("retried then ok", new Scenario(t -> t.add(d -> d.retryPolicy(THREE), "f", (r, c, a) -> {
                    if (r < 3) {
                        throw new SocketTimeoutException("slow");
                    }
                    return "ok";
                }), List.of(call("f", "{}")))),
                Arguments.of("exhausted", new Scenario(t -> t.add(d -> d.retryPolicy(THREE), "f", (r, c, a) -> {
                    throw new ConnectException("refused");
                }), List.of(call("f", "{}")))),
                Arguments.of("restart unsafe", new Scenario(t -> t.add(d -> d.restartSafe(false).retryPolicy(THREE), "p",
                        (r, c, a) -> {
                            throw new ConnectException("refused");
                        }), List.of(call("p", "{}")))),
                Arguments.of("terminal then repeated", new Scenario(t -> t.add("r", (r, c, a) -> {
                    throw new ToolException(ErrorType.REJECTED, "no");
                }), List.of(call("r", "{\"a\":1}"), call("r", "{ \"a\" : 1 }")))),
                Arguments.of("unknown tool", new Scenario(t -> t.add("weather", (r, c, a) -> "x"), List.of(call("wheather", "{}")))),
                Arguments.of("malformed", new Scenario(t -> t.add("m", (r, c, a) -> "x"), List.of(call("m", "{\"a\":")))),
                Arguments.of("duplicate keys", new Scenario(t -> t.add("m", (r, c, a) -> "x"),
                        List.of(call("m", "{\"a\":1,\"a\":2}")))),
                Arguments.of("invalid arguments", new Scenario(t -> t.add(d -> d.requiredParameters("x"), "b", (r, c, a) -> "x"),
                        List.of(call("b", "{}")))),
                Arguments.of("error payload", new Scenario(t -> t.add(d -> d.retryPolicy(THREE), "e",
                        (r, c, a) -> ToolArguments.MAPPER.readTree("{\"error\":\"declined\",\"retryable\":true}")),
                        List.of(call("e", "{}")))),
                Arguments.of("async tool", new Scenario(t -> t.add(d -> d.async(true).retryPolicy(THREE), "a",
                        (r, c, a) -> r == 1
                                ? CompletableFuture.failedFuture(new ConnectException("refused"))
                                : CompletableFuture.completedFuture(CountingTools.json("later"))),
                        List.of(call("a", "{}")))),
                Arguments.of("timed out", new Scenario(t -> t.add(d -> d.timeoutMs(200).retryPolicy(THREE), "s", (r, c, a) -> {
                    Thread.sleep(10_000);
                    return null;
                }), List.of(call("s", "{}")))),
                Arguments.of("breaker opens", new Scenario(t -> t.add(d -> d.retryPolicy(RetryPolicy.NO_RETRY), "b", (r, c, a) -> {
                    throw new ConnectException("refused");
                }), List.of(call("b", "{}"), call("b", "{}"), call("b", "{}"), call("b", "{}"), call("b", "{}"),
                        call("b", "{}")))));
    }

    private static Observed observe(Scenario scenario, EntryPoint entry) {
        Harness harness = new Harness();
        scenario.tools().accept(harness.tools);
        ToolRun run = harness.run();
        List<ToolResult> results = scenario.calls().stream().map(c -> entry.execute(run, c)).toList();
        List<Integer> runs = harness.tools.descriptors().stream().map(d -> harness.tools.runsOf(d.name())).toList();
        return new Observed(results, runs, List.copyOf(harness.delays), List.copyOf(harness.events));
    }

    private record Observed(List<ToolResult> results, List<Integer> runs, List<Long> delays, List<String> events) {}

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void bothEntryPointsGiveIdenticalResultsRunsDelaysAndEvents(String name, Scenario scenario) {
        Observed sync = observe(scenario, EntryPoint.SYNC);
        Observed async = observe(scenario, EntryPoint.ASYNC);

        assertThat(async).isEqualTo(sync);
    }

    @Test
    void asyncEntryPointDoesNotWaitForTheBody() throws Exception {
        Harness harness = new Harness();
        CountDownLatch release = new CountDownLatch(1);
        harness.tools.add("wait", (r, c, a) -> {
            release.await();
            return "released";
        });

        CompletionStage<ToolResult> pending = harness.run().executeAsync(Harness.call("wait", "{}"));

        assertThat(pending.toCompletableFuture()).isNotDone();
        release.countDown();
        assertThat(pending.toCompletableFuture().get(5, TimeUnit.SECONDS).textForModel()).isEqualTo("released");
    }

    @Test
    void asyncEntryPointDoesNotWaitOutTheRetryDelay() throws Exception {
        Harness harness = new Harness();
        CompletableFuture<Void> delay = new CompletableFuture<>();
        harness.configure(b -> b.sleeper(millis -> delay));
        harness.tools.add(d -> d.retryPolicy(THREE), "f", (r, c, a) -> {
            if (r == 1) {
                throw new ConnectException("refused");
            }
            return "ok";
        });

        CompletionStage<ToolResult> pending = harness.run().executeAsync(Harness.call("f", "{}"));
        Thread.sleep(20);

        assertThat(pending.toCompletableFuture()).isNotDone();
        delay.complete(null);
        assertThat(pending.toCompletableFuture().get(5, TimeUnit.SECONDS).textForModel()).isEqualTo("ok");
    }

    @Test
    void synchronousEntryPointRunsAnUntimedBodyOnTheCallersThread() {
        Harness harness = new Harness();
        AtomicReference<Thread> ranOn = new AtomicReference<>();
        harness.tools.add("here", (r, c, a) -> {
            ranOn.set(Thread.currentThread());
            return null;
        });

        harness.run().execute(Harness.call("here", "{}"));

        assertThat(ranOn.get()).isSameAs(Thread.currentThread());
    }
}
