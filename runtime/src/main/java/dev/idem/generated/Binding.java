package dev.idem.generated;

import dev.idem.tool.ArgumentBindingException;
import dev.idem.tool.BoundCall;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import tools.jackson.databind.JsonNode;

/**
 * The one way tool arguments are bound: a tool's {@link Shape} read over the argument tree, every
 * problem reported at once, the values handed to the generated {@link Invocation}.
 */
public final class Binding {

    private Binding() {}

    /**
     * Binds {@code arguments} (an object; missing or JSON null counts as {@code {}}) to the
     * properties of {@code shape}, pattern checks stopping at {@code deadlineNanos}
     * ({@link Long#MAX_VALUE}: none). Never runs the body.
     *
     * @throws ArgumentBindingException listing every problem, in property order
     */
    public static BoundCall bind(Shape shape, JsonNode arguments, long deadlineNanos, Invocation invocation) {
        ShapeReader reader = new ShapeReader(deadlineNanos);
        Object[] values = reader.readArguments(shape, arguments);
        reader.throwIfProblems();
        return new ShapedCall(shape, values, reader.components(), invocation);
    }

    /** A synchronous tool's encoded result as an already completed stage. */
    public static CompletionStage<JsonNode> done(JsonNode result) {
        return CompletableFuture.completedFuture(result);
    }
}
