package dev.idem.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.idem.ApprovalCondition;
import dev.idem.tool.BoundCall;
import dev.idem.tool.ToolDescriptor;
import dev.idem.tool.ToolExecutor;
import dev.idem.tool.ToolRegistry;
import dev.idem.tool.ToolSet;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.core.JsonParser;

/** A tool's approval requirement is published in its MCP definition, under {@code _meta}; tools without one publish nothing new. */
class McpApprovalExportTest {

    /** Over a limit. */
    static final class Large implements ApprovalCondition {
        @Override
        public boolean requiresApproval(Arguments arguments) {
            return arguments.longValue("cents") > 1000;
        }
    }

    private static final ToolSet TOOLS = new ToolSet() {
        @Override
        public List<ToolDescriptor> descriptors() {
            return List.of(
                    ToolDescriptor.builder("transfer").description("Transfers.").requiresApproval(new Large())
                            .approvers("treasury").build(),
                    ToolDescriptor.builder("wipe").description("Wipes.").requiresApproval(ApprovalCondition.ALWAYS).build(),
                    ToolDescriptor.builder("note").description("Notes.").build());
        }

        @Override
        public BoundCall bind(String toolName, JsonParser arguments, long deadlineNanos) {
            throw new UnsupportedOperationException("not called: only the tool list is read");
        }
    };

    private static McpSchema.Tool listed(String name) {
        McpToolServer server = McpToolServer.builder(ToolExecutor.builder(ToolRegistry.of(TOOLS)).build()).build();
        return server.toolSpecifications().stream().map(s -> s.tool()).filter(t -> t.name().equals(name)).findFirst()
                .orElseThrow();
    }

    @Test
    void approvalRequirementIsPublishedUnderMetaWithItsConditionAndApprovers() {
        assertThat(listed("transfer").meta()).containsEntry("dev.idem/requiresApproval", "when Large")
                .containsEntry("dev.idem/approvers", List.of("treasury"));
        assertThat(listed("wipe").meta()).containsEntry("dev.idem/requiresApproval", "always")
                .doesNotContainKey("dev.idem/approvers");
        assertThat(listed("note").meta()).doesNotContainKey("dev.idem/requiresApproval");
    }
}
