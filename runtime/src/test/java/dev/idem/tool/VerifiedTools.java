package dev.idem.tool;

import dev.idem.generated.Binding;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.UnaryOperator;
import tools.jackson.core.JsonParser;
import tools.jackson.databind.JsonNode;

/**
 * A hand-written {@link ToolSet} of one tool that names a verifier, standing in for a generated
 * set: counts body runs and verifier questions.
 */
final class VerifiedTools implements ToolSet {

    /** The tool's body. */
    @FunctionalInterface
    interface Body {
        Object run(ToolContext context) throws Exception;
    }

    /** The tool's verifier. */
    @FunctionalInterface
    interface Check {
        Verification<JsonNode> verify(String idempotencyKey) throws Exception;
    }

    final AtomicInteger bodyRuns = new AtomicInteger();
    final AtomicInteger questions = new AtomicInteger();
    private final ToolDescriptor descriptor;
    private final Body body;
    private volatile Check check;

    VerifiedTools(String name, UnaryOperator<ToolDescriptor.Builder> flags, Body body, Check check) {
        this.descriptor = flags.apply(ToolDescriptor.builder(name)).build();
        this.body = body;
        this.check = check;
    }

    /** Answers later questions with {@code value}; {@code null}: the tool names no verifier. */
    void check(Check value) {
        check = value;
    }

    @Override
    public List<ToolDescriptor> descriptors() {
        return List.of(descriptor);
    }

    @Override
    public BoundCall bind(String toolName, JsonParser arguments, long deadlineNanos) {
        Binding.tree(arguments);
        Check current = check;
        return new BoundCall() {
            @Override
            public CompletionStage<JsonNode> run(ToolContext context) throws Exception {
                bodyRuns.incrementAndGet();
                return CompletableFuture.completedFuture(CountingTools.json(body.run(context)));
            }

            @Override
            public boolean verifiable() {
                return current != null;
            }

            @Override
            public Verification<JsonNode> verify(String idempotencyKey) throws Exception {
                questions.incrementAndGet();
                return current.verify(idempotencyKey);
            }
        };
    }
}
