package dev.idem.task;

import dev.idem.state.StateStore;
import java.util.Objects;
import java.util.Optional;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * Where a runner keeps the outputs of completed tasks so a restarted run skips them. One
 * document per task ({@code <runId>.<task>}): tasks finishing at the same moment never
 * rewrite each other's checkpoint, and each document is written atomically by {@link StateStore}.
 */
final class TaskCheckpoints {
    private final StateStore store;
    private final String runId;

    TaskCheckpoints(StateStore store, String runId) {
        this.store = Objects.requireNonNull(store, "store");
        this.runId = Objects.requireNonNull(runId, "runId");
    }

    /** Fails now, at build time, for a task name the store could not use as a document name. */
    void checkUsable(Task task) {
        try {
            StateStore.requireValidName(documentOf(task.name()));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("task '" + task.name() + "' cannot be checkpointed as run '"
                    + runId + "': " + e.getMessage(), e);
        }
    }

    Optional<JsonNode> load(String task) {
        return store.load(documentOf(task)).map(document -> document.get("output"));
    }

    void save(String task, JsonNode output) {
        ObjectNode document = JsonNodeFactory.instance.objectNode();
        document.put("run", runId);
        document.put("task", task);
        document.set("output", output);
        store.save(documentOf(task), document);
    }

    void clear(String task) {
        store.delete(documentOf(task));
    }

    private String documentOf(String task) {
        return runId + "." + task;
    }
}
