package dev.idem.task;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Checks a set of tasks once, when the runner is built: unique names, known dependencies and
 * no cycle. Yields the tasks in an order where every task comes after its dependencies.
 */
final class TaskGraph {
    private enum Mark { VISITING, DONE }

    private TaskGraph() {
    }

    /**
     * The tasks sorted so that dependencies come first; ties keep declaration order.
     *
     * @throws IllegalArgumentException naming the duplicate, the unknown dependency or the cycle
     */
    static List<Task> dependencyOrder(List<Task> declared) {
        Map<String, Task> byName = new LinkedHashMap<>();
        for (Task task : declared) {
            if (byName.putIfAbsent(task.name(), task) != null) {
                throw new IllegalArgumentException("two tasks are named '" + task.name() + "'");
            }
        }
        for (Task task : declared) {
            for (String dependency : task.dependsOn()) {
                if (!byName.containsKey(dependency)) {
                    throw new IllegalArgumentException("task '" + task.name() + "' depends on unknown task '"
                            + dependency + "'; tasks are " + byName.keySet());
                }
            }
        }
        List<Task> order = new ArrayList<>(declared.size());
        Map<String, Mark> marks = new HashMap<>();
        for (Task task : declared) {
            visit(task, byName, marks, new ArrayList<>(), order);
        }
        return List.copyOf(order);
    }

    /** Depth-first; {@code path} holds the chain of waiting tasks so a cycle can be named. */
    private static void visit(Task task, Map<String, Task> byName, Map<String, Mark> marks,
                              List<String> path, List<Task> order) {
        Mark mark = marks.get(task.name());
        if (mark == Mark.DONE) {
            return;
        }
        if (mark == Mark.VISITING) {
            List<String> cycle = new ArrayList<>(path.subList(path.indexOf(task.name()), path.size()));
            cycle.add(task.name());
            throw new IllegalArgumentException("tasks depend on each other in a cycle: "
                    + String.join(" -> ", cycle) + " (each task waits for the next)");
        }
        marks.put(task.name(), Mark.VISITING);
        path.add(task.name());
        for (String dependency : task.dependsOn()) {
            visit(byName.get(dependency), byName, marks, path, order);
        }
        path.remove(path.size() - 1);
        marks.put(task.name(), Mark.DONE);
        order.add(task);
    }
}
