package dev.idem.tool;

import java.util.concurrent.TimeUnit;

/** The two ways in; every rule is tested through both, and both must give the same result. */
enum EntryPoint {
    SYNC {
        @Override
        ToolResult execute(ToolRun run, ToolCall call) {
            return run.execute(call);
        }
    },
    ASYNC {
        @Override
        ToolResult execute(ToolRun run, ToolCall call) {
            try {
                return run.executeAsync(call).toCompletableFuture().get(10, TimeUnit.SECONDS);
            } catch (Exception e) {
                throw new AssertionError("async execution failed", e);
            }
        }
    };

    abstract ToolResult execute(ToolRun run, ToolCall call);
}
