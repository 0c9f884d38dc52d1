package dev.idem.openai;

import dev.idem.llm.failover.ModelCallDriver;

/**
 * Not product code: a class in the provider client's package that uses the failover driver on
 * purpose, so {@code ModuleArchitectureTest} can show the provider-SPI rule failing on it.
 */
final class DeliberateDriverUse {
    private DeliberateDriverUse() {
    }

    static ModelCallDriver driver() {
        return ModelCallDriver.create();
    }
}
