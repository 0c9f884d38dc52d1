package dev.idem.task;

import java.util.Objects;
import tools.jackson.databind.JsonNode;

/**
 * The outcome of one task in one run.
 *
 * <pre>{@code
 * TaskResult pay = run.result("pay");
 * if (pay.status() == TaskStatus.DEPENDENCY_FAILED) {
 *     log.warn("pay skipped because {} did not succeed", pay.failedDependency());
 * }
 * }</pre>
 *
 * @param name             the task
 * @param status           how it ended
 * @param output           its output when it succeeded or was restored, else {@code null}
 * @param failure          for {@code FAILED} the body's exception; for {@code DEPENDENCY_FAILED}
 *                         the exception of the task at the root of the cascade; else {@code null}
 * @param failedDependency for {@code DEPENDENCY_FAILED}, the direct dependency that did not
 *                         succeed; else {@code null}
 */
public record TaskResult(String name, TaskStatus status, JsonNode output, Throwable failure,
                         String failedDependency) {
    /**
     * Checks that an output comes exactly with a success and a failed dependency exactly with DEPENDENCY_FAILED.
     *
     * @param name             the task
     * @param status           how it ended
     * @param output           its output when it succeeded or was restored, else {@code null}
     * @param failure          for {@code FAILED} the body's exception; for {@code DEPENDENCY_FAILED}
     *                         the exception of the task at the root of the cascade; else {@code null}
     * @param failedDependency for {@code DEPENDENCY_FAILED}, the direct dependency that did not
     *                         succeed; else {@code null}
     * @throws IllegalArgumentException when they do not
     */
    public TaskResult {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(status, "status");
        if (status.succeeded() != (output != null)) {
            throw new IllegalArgumentException("output must be present exactly when status is "
                    + "SUCCEEDED or RESTORED, status was " + status);
        }
        if ((status == TaskStatus.DEPENDENCY_FAILED) != (failedDependency != null)) {
            throw new IllegalArgumentException("failedDependency must be present exactly when status is "
                    + "DEPENDENCY_FAILED, status was " + status);
        }
    }

    static TaskResult succeeded(String name, JsonNode output) {
        return new TaskResult(name, TaskStatus.SUCCEEDED, output, null, null);
    }

    static TaskResult restored(String name, JsonNode output) {
        return new TaskResult(name, TaskStatus.RESTORED, output, null, null);
    }

    static TaskResult failed(String name, Throwable failure) {
        return new TaskResult(name, TaskStatus.FAILED, null, failure, null);
    }

    static TaskResult dependencyFailed(String name, TaskResult dependency) {
        return new TaskResult(name, TaskStatus.DEPENDENCY_FAILED, null, dependency.failure(), dependency.name());
    }

    /**
     * Whether the task's output is available.
     *
     * @return true when the output is available
     */
    public boolean succeeded() {
        return status.succeeded();
    }

    @Override
    public String toString() {
        return switch (status) {
            case SUCCEEDED, RESTORED -> name + ": " + status + " " + output;
            case FAILED -> name + ": FAILED " + failure;
            case DEPENDENCY_FAILED -> name + ": DEPENDENCY_FAILED (dependency '" + failedDependency
                    + "' did not succeed)";
        };
    }
}
