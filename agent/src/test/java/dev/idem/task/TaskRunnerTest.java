package dev.idem.task;

import dev.idem.state.StateStore;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;

class TaskRunnerTest {
    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

    private final ExecutorService executor = Executors.newFixedThreadPool(6);

    @AfterEach
    void stopExecutor() throws InterruptedException {
        executor.shutdownNow();
        assertThat(executor.awaitTermination(5, TimeUnit.SECONDS)).isTrue();
    }

    @Test
    void dependentDoesNotStartWhileItsDependencyIsStillRunning() throws Exception {
        CountDownLatch releaseSlow = new CountDownLatch(1);
        CountDownLatch independentDone = new CountDownLatch(1);
        AtomicBoolean dependentStarted = new AtomicBoolean();
        TaskRunner runner = TaskRunner.builder()
                .executor(executor)
                .task("slow", inputs -> {
                    releaseSlow.await();
                    return JSON.stringNode("slow done");
                })
                .task("independent", inputs -> {
                    independentDone.countDown();
                    return JSON.stringNode("independent done");
                })
                .task("dependent", List.of("slow", "independent"), inputs -> {
                    dependentStarted.set(true);
                    return JSON.stringNode(inputs.get("slow").asString() + " + " + inputs.get("independent").asString());
                })
                .build();

        CompletableFuture<TaskRunResult> run = runner.runAsync();
        assertThat(independentDone.await(5, TimeUnit.SECONDS)).isTrue();
        assertThat(dependentStarted).as("dependent started while 'slow' was still running").isFalse();
        assertThat(run).isNotDone();

        releaseSlow.countDown();
        TaskRunResult result = run.get(5, TimeUnit.SECONDS);
        assertThat(result.allSucceeded()).isTrue();
        assertThat(result.result("dependent").output().asString()).isEqualTo("slow done + independent done");
    }

    @Test
    void dependentsStartAfterTheirDependenciesEndEvenWhenOneRunnerIsStartedConcurrently() {
        // One token per run, born in the root and passed down, tells the runs' events apart.
        AtomicLong tokens = new AtomicLong();
        AtomicLong clock = new AtomicLong();
        Queue<Event> events = new ConcurrentLinkedQueue<>();
        Map<String, List<String>> graph = Map.of(
                "root", List.of(),
                "left", List.of("root"),
                "right", List.of("root"),
                "side", List.of("root"),
                "join", List.of("left", "right"),
                "last", List.of("join", "side"));
        TaskRunner.Builder builder = TaskRunner.builder().executor(executor);
        for (String name : List.of("last", "join", "side", "right", "left", "root")) {
            builder.task(name, graph.get(name), inputs -> {
                long token = name.equals("root")
                        ? tokens.incrementAndGet()
                        : inputs.values().iterator().next().asLong();
                events.add(new Event(token, name, true, clock.incrementAndGet()));
                Thread.sleep(ThreadLocalRandom.current().nextInt(2));
                events.add(new Event(token, name, false, clock.incrementAndGet()));
                return JSON.numberNode(token);
            });
        }
        TaskRunner runner = builder.build();

        for (int round = 0; round < 25; round++) {
            List<CompletableFuture<TaskRunResult>> runs = new ArrayList<>();
            for (int i = 0; i < 4; i++) {
                runs.add(runner.runAsync());
            }
            runs.forEach(run -> assertThat(run.join().allSucceeded()).isTrue());
        }

        assertThat(tokens.get()).isEqualTo(100);
        for (long token = 1; token <= tokens.get(); token++) {
            long run = token;
            List<Event> ofRun = events.stream().filter(e -> e.token() == run).toList();
            assertThat(ofRun).as("each task starts and ends once per run").hasSize(graph.size() * 2);
            graph.forEach((task, dependencies) -> {
                long started = ofRun.stream().filter(e -> e.task().equals(task) && e.start()).findFirst()
                        .orElseThrow().at();
                for (String dependency : dependencies) {
                    long ended = ofRun.stream().filter(e -> e.task().equals(dependency) && !e.start()).findFirst()
                            .orElseThrow().at();
                    assertThat(started).as("%s started before its dependency %s ended (run %d)", task, dependency, run)
                            .isGreaterThan(ended);
                }
            });
        }
    }

    private record Event(long token, String task, boolean start, long at) {
    }

    @Test
    void independentTasksRunAtTheSameTime() {
        // Each task waits for the other to have started: this only ends if they overlap.
        CountDownLatch bothStarted = new CountDownLatch(2);
        TaskBody meet = inputs -> {
            bothStarted.countDown();
            return JSON.booleanNode(bothStarted.await(5, TimeUnit.SECONDS));
        };
        TaskRunResult result = TaskRunner.builder().executor(executor)
                .task("flights", meet)
                .task("hotels", meet)
                .build()
                .run();

        assertThat(result.result("flights").output().asBoolean()).isTrue();
        assertThat(result.result("hotels").output().asBoolean()).isTrue();
    }

    @Test
    void failedDependencyFailsItsDependentsWithoutRunningThem() {
        IllegalStateException boom = new IllegalStateException("payment gateway down");
        AtomicInteger dependentRuns = new AtomicInteger();
        TaskRunResult result = TaskRunner.builder().executor(executor)
                .task("pay", inputs -> {
                    throw boom;
                })
                .task("confirm", List.of("pay"), inputs -> {
                    dependentRuns.incrementAndGet();
                    return JSON.stringNode("confirmed");
                })
                .task("email", List.of("confirm"), inputs -> {
                    dependentRuns.incrementAndGet();
                    return JSON.stringNode("sent");
                })
                .task("weather", inputs -> JSON.stringNode("sunny"))
                .build()
                .run();

        assertThat(dependentRuns).hasValue(0);
        assertThat(result.result("pay").status()).isEqualTo(TaskStatus.FAILED);
        assertThat(result.result("pay").failure()).isSameAs(boom);
        TaskResult confirm = result.result("confirm");
        assertThat(confirm.status()).isEqualTo(TaskStatus.DEPENDENCY_FAILED);
        assertThat(confirm.failedDependency()).isEqualTo("pay");
        assertThat(confirm.failure()).isSameAs(boom);
        TaskResult email = result.result("email");
        assertThat(email.status()).isEqualTo(TaskStatus.DEPENDENCY_FAILED);
        assertThat(email.failedDependency()).isEqualTo("confirm");
        assertThat(email.failure()).as("the root cause travels down the cascade").isSameAs(boom);
        assertThat(result.result("weather").status()).isEqualTo(TaskStatus.SUCCEEDED);
        assertThat(result.allSucceeded()).isFalse();
        assertThat(result.results().keySet()).containsExactly("pay", "confirm", "email", "weather");
    }

    @Test
    void cycleIsRejectedBeforeAnythingRunsAndTheMessageNamesIt() {
        AtomicBoolean ran = new AtomicBoolean();
        TaskBody body = inputs -> {
            ran.set(true);
            return null;
        };
        TaskRunner.Builder builder = TaskRunner.builder().executor(executor)
                .task("free", body)
                .task("a", List.of("b"), body)
                .task("b", List.of("c"), body)
                .task("c", List.of("a"), body);

        assertThatThrownBy(builder::build)
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("cycle: a -> b -> c -> a");
        assertThat(ran).isFalse();
    }

    @Test
    void taskThatDependsOnItselfIsACycle() {
        TaskRunner.Builder builder = TaskRunner.builder().executor(executor)
                .task("loop", List.of("loop"), inputs -> null);

        assertThatThrownBy(builder::build).hasMessageContaining("cycle: loop -> loop");
    }

    @Test
    void unknownDependencyIsRejectedUpFront() {
        TaskRunner.Builder builder = TaskRunner.builder().executor(executor)
                .task("book", List.of("serch"), inputs -> null)
                .task("search", inputs -> null);

        assertThatThrownBy(builder::build)
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("task 'book' depends on unknown task 'serch'")
                .hasMessageContaining("search");
    }

    @Test
    void twoTasksWithOneNameAreRejected() {
        TaskRunner.Builder builder = TaskRunner.builder().executor(executor)
                .task("book", inputs -> null)
                .task("book", inputs -> null);

        assertThatThrownBy(builder::build).hasMessageContaining("two tasks are named 'book'");
    }

    @Test
    void taskRejectedByTheExecutorFailsAndItsDependentsDoNotRun() {
        AtomicBoolean dependentRan = new AtomicBoolean();
        ExecutorService stopped = Executors.newSingleThreadExecutor();
        stopped.shutdown();
        TaskRunResult result = TaskRunner.builder().executor(stopped)
                .task("first", inputs -> JSON.stringNode("never"))
                .task("second", List.of("first"), inputs -> {
                    dependentRan.set(true);
                    return null;
                })
                .build()
                .run();

        assertThat(result.result("first").status()).isEqualTo(TaskStatus.FAILED);
        assertThat(result.result("second").status()).isEqualTo(TaskStatus.DEPENDENCY_FAILED);
        assertThat(dependentRan).isFalse();
    }

    @Test
    void restartedRunRestoresCheckpointedTasksInsteadOfRunningThemAgain(@TempDir Path dir) {
        StateStore store = StateStore.open(dir);
        AtomicInteger searches = new AtomicInteger();
        AtomicInteger bookings = new AtomicInteger();
        AtomicBoolean bookingFails = new AtomicBoolean(true);
        TaskRunner runner = TaskRunner.builder().executor(executor)
                .task("search", inputs -> {
                    searches.incrementAndGet();
                    return JSON.objectNode().put("flight", "LA8084").put("cents", 129_900);
                })
                .task("book", List.of("search"), inputs -> {
                    bookings.incrementAndGet();
                    if (bookingFails.get()) {
                        throw new IllegalStateException("airline timeout");
                    }
                    return JSON.stringNode("booked " + inputs.get("search").get("flight").asString());
                })
                .checkpoints(store, "trip-42")
                .build();

        TaskRunResult first = runner.run();
        assertThat(first.result("search").status()).isEqualTo(TaskStatus.SUCCEEDED);
        assertThat(first.result("book").status()).isEqualTo(TaskStatus.FAILED);

        bookingFails.set(false);
        TaskRunResult second = runner.run();
        assertThat(searches).as("search ran once, its output came from the checkpoint").hasValue(1);
        assertThat(second.result("search").status()).isEqualTo(TaskStatus.RESTORED);
        assertThat(second.result("search").output()).isEqualTo(first.result("search").output());
        assertThat(second.result("book").status()).isEqualTo(TaskStatus.SUCCEEDED);
        assertThat(second.result("book").output().asString()).isEqualTo("booked LA8084");

        TaskRunResult third = runner.run();
        assertThat(bookings).as("a succeeded task is not run again").hasValue(2);
        assertThat(third.results().values()).allMatch(r -> r.status() == TaskStatus.RESTORED);

        runner.clearCheckpoints();
        runner.run();
        assertThat(searches).hasValue(2);
    }

    @Test
    void taskNamesThatCannotBeCheckpointedAreRejectedAtBuild(@TempDir Path dir) {
        TaskRunner.Builder builder = TaskRunner.builder().executor(executor)
                .task("../escape", inputs -> null)
                .checkpoints(StateStore.open(dir), "run");

        assertThatThrownBy(builder::build).hasMessageContaining("task '../escape' cannot be checkpointed");
    }

    @Test
    void nullOutputIsRecordedAsJsonNull() {
        TaskRunResult result = TaskRunner.builder().executor(executor).task("quiet", inputs -> null).build().run();

        JsonNode output = result.result("quiet").output();
        assertThat(output.isNull()).isTrue();
    }
}
