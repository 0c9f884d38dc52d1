package dev.idem;

/**
 * When a tool declared with {@code @Tool(requiresApproval = true, approvalWhen = ...)} needs a
 * person's approval: a test over the call's bound arguments, written in Java. The generated tool
 * set creates one instance with {@code new} (no reflection), so an implementation is a public,
 * non-abstract, top-level or static nested class with a public no-argument constructor; it is
 * asked after the arguments were bound and checked, never for a call with bad arguments.
 *
 * <pre>{@code
 * public final class LargeAmount implements ApprovalCondition {
 *     public boolean requiresApproval(Arguments arguments) {
 *         return arguments.longValue("cents") > 100_000;
 *     }
 * }
 *
 * @Tool(requiresApproval = true, approvalWhen = LargeAmount.class)
 * public Receipt transfer(String to, long cents) { ... }
 * }</pre>
 */
@FunctionalInterface
public interface ApprovalCondition {

    /** Every call needs approval: the meaning of {@code requiresApproval = true} without a condition. */
    ApprovalCondition ALWAYS = arguments -> true;

    /**
     * Whether this call needs a person's approval before the tool runs.
     *
     * @param arguments the call's bound arguments, by JSON name
     * @return true when the call must wait for an approval
     */
    boolean requiresApproval(Arguments arguments);

    /** The bound arguments of one call, read by their JSON names. */
    interface Arguments {

        /**
         * The bound value of a parameter: a boxed primitive, a {@code String}, a record...; {@code null}
         * when the parameter is absent or null.
         *
         * @param name the parameter's JSON name
         * @return the value, or {@code null}
         * @throws IllegalArgumentException when the tool has no parameter of that name
         */
        Object value(String name);

        /**
         * A whole-number parameter as a {@code long} (0 when absent).
         *
         * @param name the parameter's JSON name
         * @return the value
         * @throws IllegalArgumentException when the tool has no parameter of that name
         * @throws ClassCastException when the parameter is not a number
         */
        default long longValue(String name) {
            Object value = value(name);
            return value == null ? 0 : ((Number) value).longValue();
        }
    }
}
