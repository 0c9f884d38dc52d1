/**
 * Tasks with dependencies: independent tasks run concurrently, a task starts only after its
 * dependencies succeeded, a failed dependency fails its dependents without running them, cycles
 * are rejected before anything runs; optional checkpoints let a later run restore finished tasks.
 *
 * <p>Entry types: {@link dev.idem.task.TaskRunner} (build, then {@code run} or {@code runAsync}),
 * {@link dev.idem.task.TaskRunResult} and {@link dev.idem.task.TaskResult}.
 *
 * <pre>{@code
 * TaskRunResult run = TaskRunner.builder()
 *         .task("search", inputs -> search())
 *         .task("book", List.of("search"), inputs -> book(inputs.get("search")))
 *         .build()
 *         .run();
 * }</pre>
 */
package dev.idem.task;
