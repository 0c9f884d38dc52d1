package dev.idem.journal;

import dev.idem.agent.Agent;
import dev.idem.tool.ToolExecutor;

/**
 * Not product code: a class in a runtime package that breaks both module rules on purpose, so
 * {@code ModuleArchitectureTest} can show each rule failing on it. It reaches up into the agent
 * module (a back arrow) and into {@code dev.idem.tool}, which already builds on
 * {@code dev.idem.journal} (a package cycle).
 */
final class DeliberateBackArrow {
    private DeliberateBackArrow() {
    }

    static String names() {
        return Agent.class.getName() + ToolExecutor.class.getName();
    }
}
