package dev.idem.compat;

import static org.assertj.core.api.Assertions.assertThat;

import io.modelcontextprotocol.spec.McpSchema;
import org.junit.jupiter.api.Test;

/** The MCP adapter's suite here runs on the oldest MCP Java SDK Idem supports, not on the reactor's newest. */
class McpSdk21Test {

    @Test
    void theAdaptersSuiteRunsHereOnMcpSdk21() {
        String jar = McpSchema.class.getProtectionDomain().getCodeSource().getLocation().getPath();
        assertThat(jar).as("the SDK on the class path").contains("/2.1.0/");
    }
}
