package dev.idem.agent;

import dev.idem.ErrorType;
import dev.idem.generated.Binding;
import dev.idem.tool.ArgumentBindingException;
import dev.idem.tool.BoundCall;
import dev.idem.tool.ToolContext;
import dev.idem.tool.ToolDescriptor;
import dev.idem.tool.ToolException;
import dev.idem.tool.ToolSet;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import tools.jackson.core.JsonParser;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;

/**
 * Hand-written tools standing in for generated sets: {@code pay} (an effect, idempotent by key,
 * optionally failing its first runs with a rate limit), {@code lookup} and {@code slowLookup}
 * (read-only). Counts body runs and effects per idempotency key.
 */
final class AgentTestTools implements ToolSet {

    final AtomicInteger payRuns = new AtomicInteger();
    final AtomicInteger lookupRuns = new AtomicInteger();
    final Map<String, Integer> effectsByKey = new ConcurrentHashMap<>();
    final List<String> payKeys = Collections.synchronizedList(new ArrayList<>());
    final AtomicInteger payFailuresLeft = new AtomicInteger();
    /** The Retry-After hint each rate-limited pay failure carries, in ms. */
    volatile long payRetryAfterMs;
    /** Both read-only lookups wait here until both have started: proves they overlap. */
    final CountDownLatch lookupsStarted = new CountDownLatch(2);
    final AtomicInteger maxConcurrentLookups = new AtomicInteger();
    private final AtomicInteger runningLookups = new AtomicInteger();

    static final ToolDescriptor PAY = ToolDescriptor.builder("pay").description("Pays an amount")
            .inputSchema("{\"type\":\"object\",\"properties\":{\"cents\":{\"type\":\"integer\"}},\"required\":[\"cents\"]}")
            .requiredParameters("cents").idempotent(true).build();
    static final ToolDescriptor LOOKUP = ToolDescriptor.builder("lookup").description("Looks something up")
            .inputSchema("{\"type\":\"object\",\"properties\":{\"q\":{\"type\":\"string\"}}}")
            .optionalParameters("q").readOnly(true).build();
    static final ToolDescriptor SLOW_LOOKUP = ToolDescriptor.builder("slowLookup").description("Looks up slowly")
            .inputSchema("{\"type\":\"object\",\"properties\":{\"q\":{\"type\":\"string\"}}}")
            .optionalParameters("q").readOnly(true).build();

    @Override
    public List<ToolDescriptor> descriptors() {
        return List.of(PAY, LOOKUP, SLOW_LOOKUP);
    }

    @Override
    public BoundCall bind(String toolName, JsonParser parser, long deadlineNanos) {
        JsonNode arguments = Binding.tree(parser);
        switch (toolName) {
            case "pay":
                if (!arguments.has("cents")) {
                    throw new ArgumentBindingException(List.of("missing required parameter 'cents'"));
                }
                return context -> CompletableFuture.completedFuture(pay(context, arguments.get("cents").asLong()));
            case "lookup":
                return context -> CompletableFuture.completedFuture(lookup(arguments));
            case "slowLookup":
                return context -> CompletableFuture.completedFuture(slowLookup(arguments));
            default:
                throw new IllegalArgumentException("no tool " + toolName);
        }
    }

    int effects() {
        return effectsByKey.values().stream().mapToInt(Integer::intValue).sum();
    }

    private JsonNode pay(ToolContext context, long cents) {
        payRuns.incrementAndGet();
        payKeys.add(context.idempotencyKey());
        if (payFailuresLeft.getAndUpdate(n -> Math.max(0, n - 1)) > 0) {
            throw new ToolException(ErrorType.RATE_LIMIT, "slow down", java.time.Duration.ofMillis(payRetryAfterMs));
        }
        effectsByKey.putIfAbsent(context.idempotencyKey(), 1);
        return JsonNodeFactory.instance.objectNode().put("paid", cents);
    }

    private JsonNode lookup(JsonNode arguments) {
        lookupRuns.incrementAndGet();
        return JsonNodeFactory.instance.stringNode("found " + arguments.path("q").asString(""));
    }

    private JsonNode slowLookup(JsonNode arguments) {
        int now = runningLookups.incrementAndGet();
        maxConcurrentLookups.accumulateAndGet(now, Math::max);
        try {
            lookupsStarted.countDown();
            lookupsStarted.await(2, TimeUnit.SECONDS);
            return JsonNodeFactory.instance.stringNode("slowly found " + arguments.path("q").asString(""));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        } finally {
            runningLookups.decrementAndGet();
        }
    }
}
