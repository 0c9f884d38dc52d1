package dev.idem.generated;

import dev.idem.tool.ToolContext;
import java.util.concurrent.CompletionStage;
import tools.jackson.databind.JsonNode;

/**
 * Calls the methods of one tool set by tool number: generated, one per tool set, a {@code switch}
 * with a direct call per tool. One method for every tool, rather than one {@link Invocation}
 * lambda per tool, is what keeps compiling a generated set cheap: javac attributes a plain
 * statement once, where it attributes an implicitly typed lambda argument speculatively first.
 *
 * <pre>{@code
 * // generated, in Bank_ToolSet:
 * private final ToolCalls calls = this::call;
 *
 * private CompletionStage<JsonNode> call(int tool, Object[] v, ToolContext context) throws Exception {
 *     switch (tool) {
 *         case 0:
 *             return Binding.done(ResultEncoder.isoText(instance.schedulePix((String) v[0], (long) v[1])));
 *         default:
 *             throw new IllegalArgumentException("no tool number " + tool);
 *     }
 * }
 * }</pre>
 */
@FunctionalInterface
public interface ToolCalls {

    /**
     * Calls tool number {@code tool} (its place in the set's descriptors, from 0).
     *
     * @param tool the tool's number
     * @param values the bound values, one per parameter
     * @param context the call's context
     * @return the method's result, encoded as JSON
     * @throws Exception whatever the method throws, unchanged
     */
    CompletionStage<JsonNode> call(int tool, Object[] values, ToolContext context) throws Exception;
}
