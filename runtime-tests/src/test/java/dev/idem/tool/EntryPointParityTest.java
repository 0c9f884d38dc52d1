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
    private record Scenario(Consumer<Harness> tools, List<ToolCall> calls) {}

    private static ToolCall call(String name, String arguments) {
        return Harness.call(name, arguments);
    }

    /** A scenario of one tool of {@code tools}, scripted, and the calls to make. */
    private static Scenario scenario(ScriptedTools tools, String name, Script script, ToolCall... calls) {
        return new Scenario(harness -> harness.script(tools, name, script), List.of(calls));
    }

    static Stream<Arguments> cases() {
        return Stream.of(
                Arguments.of("success", scenario(new ParityTools.Ok(), "ok", (r, c, a) -> "fine", call("ok", "{}"))),
                Arguments.of("no output", scenario(new ParityTools.NoOutput(), "v", (r, c, a) -> null, call("v", ""))),
                Arguments.of("retried then ok", scenario(new ParityTools.Flaky(), "f", (r, c, a) -> {
                    if (r < 3) {
                        throw new SocketTimeoutException("slow");
                    }
                    return "ok";
                }, call("f", "{}"))),
                Arguments.of("exhausted", scenario(new ParityTools.Flaky(), "f", (r, c, a) -> {
                    throw new ConnectException("refused");
                }, call("f", "{}"))),
                Arguments.of("restart unsafe", scenario(new ParityTools.RestartUnsafe(), "p", (r, c, a) -> {
                    throw new ConnectException("refused");
                }, call("p", "{}"))),
                Arguments.of("terminal then repeated", scenario(new ParityTools.Refuses(), "r", (r, c, a) -> {
                    throw new ToolException(ErrorType.REJECTED, "no");
                }, call("r", "{\"a\":1}"), call("r", "{ \"a\" : 1 }"))),
                Arguments.of("unknown tool", scenario(new ParityTools.Weather(), "weather", (r, c, a) -> "x",
                        call("wheather", "{}"))),
                Arguments.of("malformed", scenario(new ParityTools.Malformed(), "m", (r, c, a) -> "x", call("m", "{\"a\":"))),
                Arguments.of("duplicate keys", scenario(new ParityTools.Malformed(), "m", (r, c, a) -> "x",
                        call("m", "{\"a\":1,\"a\":2}"))),
                Arguments.of("invalid arguments", scenario(new ParityTools.Binds(), "b", (r, c, a) -> "x", call("b", "{}"))),
                Arguments.of("error payload", scenario(new ParityTools.ErrorPayload(), "e",
                        (r, c, a) -> ToolArguments.MAPPER.readTree("{\"error\":\"declined\",\"retryable\":true}"),
                        call("e", "{}"))),
                Arguments.of("async tool", scenario(new ParityTools.Async(), "a", (r, c, a) -> r == 1
                        ? CompletableFuture.failedFuture(new ConnectException("refused"))
                        : CompletableFuture.completedFuture(ScriptedTools.json("later")), call("a", "{}"))),
                Arguments.of("timed out", scenario(new ParityTools.TimedOut(), "s", (r, c, a) -> {
                    Thread.sleep(10_000);
                    return null;
                }, call("s", "{}"))),
                Arguments.of("breaker opens", scenario(new ParityTools.Breaking(), "b", (r, c, a) -> {
                    throw new ConnectException("refused");
                }, call("b", "{}"), call("b", "{}"), call("b", "{}"), call("b", "{}"), call("b", "{}"), call("b", "{}"))));
    }

    private static Observed observe(Scenario scenario, EntryPoint entry) {
        Harness harness = new Harness();
        scenario.tools().accept(harness);
        ToolRun run = harness.run();
        List<ToolResult> results = scenario.calls().stream().map(c -> entry.execute(run, c)).toList();
        List<Integer> runs = harness.scripted().stream().map(ScriptedTool::runs).toList();
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
        harness.script(new ParityTools.Wait(), "wait", (r, c, a) -> {
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
        harness.script(new ParityTools.Flaky(), "f", (r, c, a) -> {
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
        harness.script(new ParityTools.Here(), "here", (r, c, a) -> {
            ranOn.set(Thread.currentThread());
            return null;
        });

        harness.run().execute(Harness.call("here", "{}"));

        assertThat(ranOn.get()).isSameAs(Thread.currentThread());
    }
}
