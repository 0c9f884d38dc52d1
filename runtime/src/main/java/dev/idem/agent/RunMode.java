package dev.idem.agent;

import dev.idem.llm.ChatModel;
import dev.idem.llm.ChatRequest;
import dev.idem.llm.ChatResponse;
import dev.idem.llm.failover.ModelCallDriver;
import dev.idem.llm.StreamListener;
import dev.idem.tool.ToolCall;
import dev.idem.tool.ToolResult;
import dev.idem.tool.ToolRun;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;

/**
 * The one difference between {@link Agent#run} and {@link Agent#runAsync}; the loop itself is
 * the same code ({@link AgentRun}). Blocking: each model call and tool call is made and waited
 * for on the caller's thread, so the whole run stays there. Non-blocking: model calls and their
 * retries are scheduled, tool bodies run on the executor's pool, nothing waits.
 */
enum RunMode {
    BLOCKING,
    NON_BLOCKING;

    CompletionStage<ChatResponse> callModel(ModelCallDriver driver, ChatModel model, ChatRequest request,
            boolean streaming, StreamListener listener, Executor streamThreads) {
        List<ChatModel> profiles = List.of(model);
        boolean exposesTools = request.exposesTools();
        if (this == NON_BLOCKING) {
            if (streaming) {
                // ChatModel.stream blocks while the answer arrives, so it gets a thread of its own.
                return driver.streamAsync(profiles, exposesTools,
                        m -> CompletableFuture.supplyAsync(() -> m.stream(request, listener), streamThreads),
                        m -> m.chatAsync(request));
            }
            return driver.callAsync(profiles, exposesTools, m -> m.chatAsync(request));
        }
        try {
            ChatResponse response = streaming
                    ? driver.stream(profiles, exposesTools, m -> m.stream(request, listener), m -> m.chat(request))
                    : driver.call(profiles, exposesTools, m -> m.chat(request));
            return CompletableFuture.completedFuture(response);
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    CompletionStage<ToolResult> callTool(ToolRun run, ToolCall call) {
        if (this == NON_BLOCKING) {
            return run.executeAsync(call);
        }
        try {
            return CompletableFuture.completedFuture(run.execute(call));
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    /** The stage to continue from: already completed when blocking, so the next step stays on this thread. */
    <T> CompletionStage<T> settle(CompletionStage<T> stage) {
        if (this == NON_BLOCKING) {
            return stage;
        }
        try {
            return CompletableFuture.completedFuture(stage.toCompletableFuture().join());
        } catch (CompletionException e) {
            return CompletableFuture.failedFuture(e.getCause() == null ? e : e.getCause());
        }
    }
}
