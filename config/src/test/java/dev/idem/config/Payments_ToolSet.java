package dev.idem.config;

import dev.idem.ErrorType;
import dev.idem.generated.Binding;
import dev.idem.tool.BoundCall;
import dev.idem.tool.RetryPolicy;
import dev.idem.tool.ToolDescriptor;
import dev.idem.tool.ToolSet;
import java.net.ConnectException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import tools.jackson.core.JsonParser;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;

/**
 * Stands in for the set the processor would generate for a class {@code Payments} (hence the
 * name: configuration calls the set {@code Payments}): a payment that must not be started twice,
 * a read-only lookup and a notification that inherits the executor's policy. Every body fails
 * with a connection error and counts its runs.
 */
public final class Payments_ToolSet implements ToolSet {

    static final RetryPolicy PAY_POLICY = RetryPolicy.builder().maxAttempts(3).initialDelayMs(0)
            .retryOn(ErrorType.TIMEOUT).build();

    private final Map<String, AtomicInteger> runs = new ConcurrentHashMap<>();

    @Override
    public List<ToolDescriptor> descriptors() {
        return List.of(
                ToolDescriptor.builder("pay").description("Pays.").restartSafe(false).idempotent(true)
                        .retryPolicy(PAY_POLICY).timeoutMs(2000).build(),
                ToolDescriptor.builder("lookup").description("Looks up.").readOnly(true)
                        .retryPolicy(RetryPolicy.builder().maxAttempts(4).initialDelayMs(0).build()).build(),
                ToolDescriptor.builder("notify").description("Notifies.").build());
    }

    @Override
    public BoundCall bind(String toolName, JsonParser parser, long deadlineNanos) {
        Binding.tree(parser); // reads the arguments, which these tools ignore
        return context -> {
            runs.computeIfAbsent(toolName, name -> new AtomicInteger()).incrementAndGet();
            CompletableFuture<JsonNode> failed = new CompletableFuture<>();
            failed.completeExceptionally(new ConnectException("refused"));
            return failed.thenApply(ignored -> JsonNodeFactory.instance.nullNode());
        };
    }

    int runs(String toolName) {
        AtomicInteger count = runs.get(toolName);
        return count == null ? 0 : count.get();
    }
}
