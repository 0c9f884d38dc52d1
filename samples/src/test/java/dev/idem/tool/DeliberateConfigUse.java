package dev.idem.tool;

import dev.idem.config.PolicyConfiguration;

/**
 * Not product code: a class in a runtime package that reaches into {@code idem-config} on purpose,
 * so {@code ModuleArchitectureTest} can show the module rule failing on it: the runtime never
 * builds on the module that builds on it.
 */
final class DeliberateConfigUse {
    private DeliberateConfigUse() {
    }

    static PolicyOverrides overrides(String... args) {
        return PolicyConfiguration.standard(args);
    }
}
