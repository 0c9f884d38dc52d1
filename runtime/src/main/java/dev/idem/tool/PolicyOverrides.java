package dev.idem.tool;

/**
 * Changes the compiled policies from outside the program, once, when an executor is built:
 * {@code PolicyConfiguration}, in the {@code idem-config} module, reads them from program
 * arguments, system properties, the environment and files. An implementation may tighten a tool's
 * safety flags but must never loosen them.
 *
 * <pre>{@code
 * ToolExecutor executor = ToolExecutor.builder(registry)
 *         .policyOverrides(PolicyConfiguration.standard(args))
 *         .build();
 * }</pre>
 */
@FunctionalInterface
public interface PolicyOverrides {

    /**
     * The policies to run under, given the compiled ones.
     *
     * @param compiled the policies from the annotations and the executor's builder
     * @return the policies with the overrides applied
     * @throws IllegalArgumentException when the overrides cannot be applied (an unknown tool, a
     *     value out of range, a loosened flag), naming every problem
     */
    EffectivePolicies apply(EffectivePolicies compiled);
}
