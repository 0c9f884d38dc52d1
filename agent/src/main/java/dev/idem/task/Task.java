package dev.idem.task;

import java.util.List;
import java.util.Objects;

/**
 * A named unit of work and the names of the tasks that must succeed before it starts.
 *
 * <pre>{@code
 * Task book = Task.of("book", List.of("searchFlights", "checkBudget"), inputs -> bookFlight(inputs));
 * }</pre>
 *
 * @param name      unique within one {@link TaskRunner}
 * @param dependsOn names of the tasks whose success this one waits for, in the order given
 * @param body      the work
 */
public record Task(String name, List<String> dependsOn, TaskBody body) {
    /**
     * Checks that the task has a name and a body, and copies its dependencies.
     *
     * @param name      unique within one {@link TaskRunner}
     * @param dependsOn names of the tasks whose success this one waits for, in the order given
     * @param body      the work
     * @throws IllegalArgumentException when {@code name} is blank
     */
    public Task {
        Objects.requireNonNull(name, "name");
        if (name.isBlank()) {
            throw new IllegalArgumentException("task name must not be blank");
        }
        dependsOn = List.copyOf(Objects.requireNonNull(dependsOn, "dependsOn"));
        Objects.requireNonNull(body, "body");
    }

    /**
     * A task without dependencies.
     *
     * @param name the task's unique name
     * @param body what the task does
     * @return a task
     */
    public static Task of(String name, TaskBody body) {
        return new Task(name, List.of(), body);
    }

    /**
     * A task that starts only after every task named in {@code dependsOn} succeeded.
     *
     * @param name the task's unique name
     * @param dependsOn the names of the tasks that must succeed first
     * @param body what the task does
     * @return a task
     */
    public static Task of(String name, List<String> dependsOn, TaskBody body) {
        return new Task(name, dependsOn, body);
    }
}
