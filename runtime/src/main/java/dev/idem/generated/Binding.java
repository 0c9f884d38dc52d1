package dev.idem.generated;

import dev.idem.tool.ArgumentBindingException;
import dev.idem.tool.BoundCall;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;

/**
 * The one way tool arguments are bound: a tool's {@link Shape} read over the argument tokens in one
 * pass (text parsed as it is read, or a tree traversed), every problem reported at once, the values
 * handed to the generated {@link Invocation}.
 */
public final class Binding {

    private Binding() {}

    /**
     * Binds the arguments at {@code arguments} (an object; no value, or JSON null, counts as
     * {@code {}}) to the properties of {@code shape}, pattern checks stopping at
     * {@code deadlineNanos} ({@link Long#MAX_VALUE}: none). Reads exactly one value, leaving the
     * parser on its last token: text after it is the caller's to check. Never runs the body.
     *
     * @param shape the tool's arguments shape
     * @param arguments a parser before, or on, the first token of the arguments
     * @param deadlineNanos when pattern checks give up ({@link System#nanoTime()})
     * @param invocation runs the tool's method with the bound values
     * @return the bound call
     * @throws ArgumentBindingException listing every problem, in property order
     * @throws tools.jackson.core.JacksonException when the text is not well-formed JSON (problems found
     *     before it are dropped)
     */
    public static BoundCall bind(Shape shape, JsonParser arguments, long deadlineNanos, Invocation invocation) {
        return bind(shape, arguments, deadlineNanos, invocation, null);
    }

    /**
     * Binds as {@link #bind(Shape, JsonParser, long, Invocation)} for a tool that names a verifier.
     *
     * @param shape the tool's arguments shape
     * @param arguments a parser before, or on, the first token of the arguments
     * @param deadlineNanos when pattern checks give up ({@link System#nanoTime()})
     * @param invocation runs the tool's method with the bound values
     * @param verifier calls the tool's verifier with the bound values; {@code null} for none
     * @return the bound call
     * @throws ArgumentBindingException listing every problem, in property order
     */
    public static BoundCall bind(Shape shape, JsonParser arguments, long deadlineNanos, Invocation invocation,
            Verifier verifier) {
        return bind(shape, arguments, deadlineNanos, (tool, values, context) -> invocation.run(values, context), 0,
                verifier);
    }

    /**
     * Binds as {@link #bind(Shape, JsonParser, long, Invocation)}; the call then runs tool number
     * {@code tool} of {@code calls}, the generated set's one call method.
     *
     * @param shape the tool's arguments shape
     * @param arguments a parser before, or on, the first token of the arguments
     * @param deadlineNanos when pattern checks give up ({@link System#nanoTime()})
     * @param calls the tool set's methods
     * @param tool the tool's number in {@code calls}
     * @return the bound call
     * @throws ArgumentBindingException listing every problem, in property order
     */
    public static BoundCall bind(Shape shape, JsonParser arguments, long deadlineNanos, ToolCalls calls, int tool) {
        return bind(shape, arguments, deadlineNanos, calls, tool, null);
    }

    /**
     * Binds as {@link #bind(Shape, JsonParser, long, ToolCalls, int)} for a tool that names a verifier.
     *
     * @param shape the tool's arguments shape
     * @param arguments a parser before, or on, the first token of the arguments
     * @param deadlineNanos when pattern checks give up ({@link System#nanoTime()})
     * @param calls the tool set's methods
     * @param tool the tool's number in {@code calls}
     * @param verifier calls the tool's verifier with the bound values; {@code null} for none
     * @return the bound call
     * @throws ArgumentBindingException listing every problem, in property order
     */
    public static BoundCall bind(Shape shape, JsonParser arguments, long deadlineNanos, ToolCalls calls, int tool,
            Verifier verifier) {
        ShapeReader reader = new ShapeReader(deadlineNanos);
        Object[] values = new TokenReader(reader).readArguments(shape, arguments);
        reader.throwIfProblems();
        return new ShapedCall(shape, values, reader.components(), calls, tool, verifier);
    }

    /**
     * The value at {@code parser} as a tree, numbers as the executor reads them (fractions as exact
     * decimals): for hand-written tool sets that bind from a tree.
     *
     * @param parser a parser before, or on, the first token of the value
     * @return the value; JSON null when there is none
     */
    public static JsonNode tree(JsonParser parser) {
        JsonToken token = parser.currentToken() != null ? parser.currentToken() : parser.nextToken();
        return token == null ? JsonNodeFactory.instance.nullNode() : TokenReader.TokenTrees.tree(parser, token);
    }

    /**
     * A synchronous tool's encoded result as an already completed stage.
     *
     * @param result the encoded result
     * @return a completed stage holding it
     */
    public static CompletionStage<JsonNode> done(JsonNode result) {
        return CompletableFuture.completedFuture(result);
    }
}
