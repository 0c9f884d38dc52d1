/**
 * Idem's policies from configuration: tool and executor policies read once, when an executor is
 * built, from program arguments, system properties, the environment, a properties or JSON file
 * and the classpath. Depends on the runtime alone.
 *
 * <pre>{@code
 * ToolExecutor executor = ToolExecutor.builder(registry)
 *         .policyOverrides(PolicyConfiguration.standard(args))
 *         .build();
 * }</pre>
 */
module dev.idem.config {
    requires transitive dev.idem.runtime;

    exports dev.idem.config;
}
