package dev.idem.task;

/** How one task of a run ended. */
public enum TaskStatus {
    /** The body ran in this run and returned. */
    SUCCEEDED,
    /** A checkpoint of an earlier run held the output; the body was not run again. */
    RESTORED,
    /** The body ran and threw. */
    FAILED,
    /** A dependency did not succeed, so the body was never run. */
    DEPENDENCY_FAILED;

    /**
     * Whether the task's output is available to its dependents.
     *
     * @return true for a success or a restored output
     */
    public boolean succeeded() {
        return this == SUCCEEDED || this == RESTORED;
    }
}
