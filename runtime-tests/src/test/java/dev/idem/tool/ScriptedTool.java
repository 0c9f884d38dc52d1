package dev.idem.tool;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/** One tool of a {@link ScriptedTools} class as a test scripted it: its body, its runs and the context each run saw. */
public final class ScriptedTool {

    final Script script;
    final AtomicInteger runs = new AtomicInteger();
    final List<ToolContext> contexts = Collections.synchronizedList(new ArrayList<>());

    ScriptedTool(Script script) {
        this.script = script;
    }

    /** How many times the body ran. */
    int runs() {
        return runs.get();
    }

    /** The idempotency key of every run, in order. */
    List<String> keys() {
        List<String> keys = new ArrayList<>();
        synchronized (contexts) {
            for (ToolContext context : contexts) {
                keys.add(context.idempotencyKey());
            }
        }
        return keys;
    }
}
