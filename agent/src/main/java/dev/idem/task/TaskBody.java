package dev.idem.task;

import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * The work of one task. It receives the outputs of the tasks it depends on, by task name,
 * and returns its own output as a JSON tree (so it can be checkpointed without binding any
 * user type). Throwing fails the task and, through it, every task that depends on it.
 *
 * <pre>{@code
 * TaskBody quote = inputs -> JsonNodeFactory.instance.numberNode(
 *         inputs.get("fetchPrice").asLong() * 2);
 * }</pre>
 */
@FunctionalInterface
public interface TaskBody {
    /**
     * Runs the task.
     *
     * @param inputs the outputs of this task's dependencies, keyed by their names
     * @return this task's output; {@code null} is recorded as JSON {@code null}
     * @throws Exception when the task fails; its dependents are then not run
     */
    JsonNode run(Map<String, JsonNode> inputs) throws Exception;
}
