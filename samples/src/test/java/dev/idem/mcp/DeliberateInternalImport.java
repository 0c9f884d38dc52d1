package dev.idem.mcp;

import dev.idem.internal.CauseChain;

/**
 * Not product code: an adapter-package class that imports the runtime's internals on purpose, so
 * {@code ModuleArchitectureTest} can show the internals rule failing on it.
 */
final class DeliberateInternalImport {
    private DeliberateInternalImport() {
    }

    static Throwable root(Throwable error) {
        return CauseChain.unwrap(error);
    }
}
