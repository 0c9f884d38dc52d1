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
    public Task {
        Objects.requireNonNull(name, "name");
        if (name.isBlank()) {
            throw new IllegalArgumentException("task name must not be blank");
        }
        dependsOn = List.copyOf(Objects.requireNonNull(dependsOn, "dependsOn"));
        Objects.requireNonNull(body, "body");
    }

    /** A task without dependencies. */
    public static Task of(String name, TaskBody body) {
        return new Task(name, List.of(), body);
    }

    /** A task that starts only after every task named in {@code dependsOn} succeeded. */
    public static Task of(String name, List<String> dependsOn, TaskBody body) {
        return new Task(name, dependsOn, body);
    }
}
