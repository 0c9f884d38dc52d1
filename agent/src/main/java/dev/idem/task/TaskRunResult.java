package dev.idem.task;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.NoSuchElementException;

/**
 * The outcome of every task of one run, in the order the tasks were declared.
 *
 * <pre>{@code
 * TaskRunResult run = runner.run();
 * if (!run.allSucceeded()) {
 *     run.results().values().stream().filter(r -> !r.succeeded()).forEach(System.out::println);
 * }
 * JsonNode receipt = run.result("book").output();
 * }</pre>
 */
public final class TaskRunResult {
    private final Map<String, TaskResult> results;

    TaskRunResult(Map<String, TaskResult> results) {
        this.results = Collections.unmodifiableMap(new LinkedHashMap<>(results));
    }

    /**
     * Every task's result, keyed by task name, in declaration order.
     *
     * @return the results by task name
     */
    public Map<String, TaskResult> results() {
        return results;
    }

    /**
     * The result of the named task.
     *
     * @param name the task's name
     * @return its result
     */
    public TaskResult result(String name) {
        TaskResult result = results.get(name);
        if (result == null) {
            throw new NoSuchElementException("no task named '" + name + "' in this run; tasks: " + results.keySet());
        }
        return result;
    }

    /**
     * Whether every task succeeded or was restored from a checkpoint.
     *
     * @return true when every task's output is available
     */
    public boolean allSucceeded() {
        return results.values().stream().allMatch(TaskResult::succeeded);
    }

    @Override
    public String toString() {
        return results.values().toString();
    }
}
