package dev.idem.task;

import dev.idem.state.StateStore;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.NullNode;

/**
 * Runs tasks that declare dependencies on each other. Independent tasks run at the same time
 * on the given executor; a task starts only after all its dependencies succeeded; when one
 * fails, every task that depends on it (directly or not) is reported as
 * {@link TaskStatus#DEPENDENCY_FAILED} and never run. Duplicate names, unknown dependencies
 * and cycles are rejected by {@link Builder#build()}, before anything runs.
 *
 * <pre>{@code
 * TaskRunner runner = TaskRunner.builder()
 *         .executor(executor)
 *         .task("searchFlights", inputs -> search())
 *         .task("checkBudget", inputs -> budget())
 *         .task("book", List.of("searchFlights", "checkBudget"),
 *               inputs -> book(inputs.get("searchFlights"), inputs.get("checkBudget")))
 *         .checkpoints(StateStore.open(Path.of("state")), "trip-42")
 *         .build();
 * TaskRunResult run = runner.run();
 * }</pre>
 *
 * <p>A runner is immutable; each {@link #run()} or {@link #runAsync()} keeps its own state, so
 * one runner may be started many times, also concurrently. With checkpoints, a task whose
 * output was saved by an earlier run is {@link TaskStatus#RESTORED} instead of run again
 * (once its dependencies have succeeded); the same checkpoints are shared by concurrent runs.
 */
public final class TaskRunner {
    private static final Logger LOG = LoggerFactory.getLogger(TaskRunner.class);

    private final List<Task> declared;
    private final List<Task> dependencyOrder;
    private final Executor executor;
    private final TaskCheckpoints checkpoints;

    private TaskRunner(Builder builder) {
        this.declared = List.copyOf(builder.tasks);
        this.dependencyOrder = TaskGraph.dependencyOrder(declared);
        this.executor = Objects.requireNonNull(builder.executor,
                "executor is required: independent tasks run concurrently on it");
        this.checkpoints = builder.checkpoints;
        if (checkpoints != null) {
            declared.forEach(checkpoints::checkUsable);
        }
    }

    /**
     * A builder for a runner.
     *
     * @return a new builder
     */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * The tasks, in declaration order.
     *
     * @return the tasks of this runner
     */
    public List<Task> tasks() {
        return declared;
    }

    /**
     * Runs every task and waits for all of them. Task failures are results, never thrown.
     *
     * @return the result of every task
     */
    public TaskRunResult run() {
        return runAsync().join();
    }

    /**
     * Starts every task and returns at once. The future completes when every task has ended;
     * it never completes exceptionally because of a task, failures are in the results.
     *
     * @return completes with the result of every task
     */
    public CompletableFuture<TaskRunResult> runAsync() {
        // Local to this run: concurrent runs of one runner share no mutable state.
        Map<String, CompletableFuture<TaskResult>> ended = new HashMap<>();
        for (Task task : dependencyOrder) {
            List<CompletableFuture<TaskResult>> dependencies = new ArrayList<>();
            task.dependsOn().forEach(name -> dependencies.add(ended.get(name)));
            CompletableFuture<TaskResult> end = CompletableFuture
                    .allOf(dependencies.toArray(new CompletableFuture<?>[0]))
                    .thenCompose(allEnded -> start(task, dependencies));
            ended.put(task.name(), end);
        }
        return CompletableFuture.allOf(ended.values().toArray(new CompletableFuture<?>[0]))
                .thenApply(allEnded -> {
                    Map<String, TaskResult> results = new LinkedHashMap<>();
                    declared.forEach(task -> results.put(task.name(), ended.get(task.name()).join()));
                    return new TaskRunResult(results);
                });
    }

    /** Deletes the saved outputs of every task, so the next run runs them all again. */
    public void clearCheckpoints() {
        if (checkpoints != null) {
            declared.forEach(task -> checkpoints.clear(task.name()));
        }
    }

    /** Called once every dependency has ended (their futures never fail). */
    private CompletableFuture<TaskResult> start(Task task, List<CompletableFuture<TaskResult>> dependencies) {
        Map<String, JsonNode> inputs = new LinkedHashMap<>();
        for (CompletableFuture<TaskResult> dependency : dependencies) {
            TaskResult result = dependency.join();
            if (!result.succeeded()) {
                return CompletableFuture.completedFuture(TaskResult.dependencyFailed(task.name(), result));
            }
            inputs.put(result.name(), result.output());
        }
        CompletableFuture<TaskResult> end = new CompletableFuture<>();
        try {
            executor.execute(() -> {
                try {
                    end.complete(execute(task, Map.copyOf(inputs)));
                } catch (Throwable t) {
                    // An Error must still end the task, or the whole run would wait forever.
                    end.complete(TaskResult.failed(task.name(), t));
                    throw t;
                }
            });
        } catch (RejectedExecutionException e) {
            end.complete(TaskResult.failed(task.name(), e));
        }
        return end;
    }

    private TaskResult execute(Task task, Map<String, JsonNode> inputs) {
        try {
            Optional<JsonNode> saved = checkpoints == null ? Optional.empty() : checkpoints.load(task.name());
            if (saved.isPresent()) {
                return TaskResult.restored(task.name(), saved.get());
            }
            JsonNode output = task.body().run(inputs);
            output = output == null ? NullNode.getInstance() : output;
            saveCheckpoint(task, output);
            return TaskResult.succeeded(task.name(), output);
        } catch (Exception e) {
            return TaskResult.failed(task.name(), e);
        }
    }

    /**
     * The body has run: its effect happened, so the task is reported as succeeded even when its
     * checkpoint cannot be written; the next run will simply run it again.
     */
    private void saveCheckpoint(Task task, JsonNode output) {
        if (checkpoints == null) {
            return;
        }
        try {
            checkpoints.save(task.name(), output);
        } catch (RuntimeException e) {
            LOG.warn("task '{}' succeeded but its checkpoint could not be saved; a restarted run will run it again",
                    task.name(), e);
        }
    }

    /** Collects tasks, the executor and optional checkpoints. */
    public static final class Builder {
        private final List<Task> tasks = new ArrayList<>();
        private Executor executor;
        private TaskCheckpoints checkpoints;

        private Builder() {
        }

        /**
         * Where task bodies run. Required; it must be able to run independent tasks in parallel.
         *
         * @param executor the executor of task bodies
         * @return this builder
         */
        public Builder executor(Executor executor) {
            this.executor = Objects.requireNonNull(executor, "executor");
            return this;
        }

        /**
         * Adds a task.
         *
         * @param task the task to add
         * @return this builder
         */
        public Builder task(Task task) {
            tasks.add(Objects.requireNonNull(task, "task"));
            return this;
        }

        /**
         * Adds a task without dependencies.
         *
         * @param name the task's unique name
         * @param body what the task does
         * @return this builder
         */
        public Builder task(String name, TaskBody body) {
            return task(Task.of(name, body));
        }

        /**
         * Adds a task that waits for the named tasks.
         *
         * @param name the task's unique name
         * @param dependsOn the names of the tasks that must succeed first
         * @param body what the task does
         * @return this builder
         */
        public Builder task(String name, List<String> dependsOn, TaskBody body) {
            return task(Task.of(name, dependsOn, body));
        }

        /**
         * Saves each completed task's output in {@code store} under the run id, and restores it
         * instead of running the task again in a later run with the same id.
         *
         * @param store where outputs are saved
         * @param runId the id of this run, the same in a later run that resumes it
         * @return this builder
         */
        public Builder checkpoints(StateStore store, String runId) {
            this.checkpoints = new TaskCheckpoints(store, runId);
            return this;
        }

        /**
         * Builds the runner.
         *
         * @return a new runner of these tasks
         * @throws IllegalArgumentException for duplicate names, unknown dependencies or a cycle
         *                                  (the message names it), or task names unusable as checkpoints
         */
        public TaskRunner build() {
            return new TaskRunner(this);
        }
    }
}
