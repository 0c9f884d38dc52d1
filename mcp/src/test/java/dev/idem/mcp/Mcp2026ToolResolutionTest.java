package dev.idem.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.idem.tool.ToolExecutor;
import dev.idem.tool.ToolRegistry;
import java.io.OutputStream;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * The tool-resolution extension on 2026-07-28 ({@code tools/resolve}, SEP-1862), raw JSON-RPC over
 * stdio: declared in {@code server/discover}; the resolved tool's hints are the listed ones (never
 * looser); whether this call needs a person's approval is read from the tool's compiled condition
 * ({@code approvalWhen}) for these arguments; arguments that do not bind say so; nothing runs.
 */
class Mcp2026ToolResolutionTest {

    private static final String META = "\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
            + "\"io.modelcontextprotocol/clientCapabilities\":{}}";

    private final Vault vault = new Vault();
    private final PipedOutputStream toServer = new PipedOutputStream();
    private RawLines client;
    private CompletableFuture<Void> serving;

    @BeforeEach
    void serve() throws Exception {
        ToolExecutor executor = ToolExecutor.builder(ToolRegistry.of(Vault_ToolSet.of(vault))).build();
        McpToolServer tools = McpToolServer.builder(executor).build();
        PipedInputStream serverIn = new PipedInputStream(toServer, 1 << 16);
        PipedInputStream fromServer = new PipedInputStream(1 << 16);
        OutputStream serverOut = new PipedOutputStream(fromServer);
        serving = CompletableFuture.runAsync(() -> tools.serveStdio(serverIn, serverOut));
        client = new RawLines(toServer, fromServer);
    }

    @AfterEach
    void stop() throws Exception {
        client.close();
        serving.get(60, TimeUnit.SECONDS);
    }

    private JsonNode resolve(String arguments) throws Exception {
        return client.request("tools/resolve", "{\"name\":\"transfer\",\"arguments\":" + arguments + "," + META + "}");
    }

    private JsonNode listed(String name) throws Exception {
        for (JsonNode tool : client.request("tools/list", "{" + META + "}").at("/result/tools")) {
            if (tool.get("name").asString().equals(name)) {
                return tool;
            }
        }
        throw new AssertionError("not listed: " + name);
    }

    @Test
    void theServerDeclaresTheToolResolutionExtension() throws Exception {
        JsonNode discovered = client.request("server/discover", "{" + META + "}");

        assertThat(discovered.at("/result/capabilities/extensions").has(McpToolResolution.EXTENSION)).as("%s", discovered)
                .isTrue();
    }

    @Test
    void whetherACallNeedsApprovalIsResolvedFromTheCompiledConditionForItsArguments() throws Exception {
        JsonNode small = resolve("{\"to\":\"maria\",\"cents\":500}");
        JsonNode large = resolve("{\"to\":\"maria\",\"cents\":500000}");
        JsonNode invalid = resolve("{\"to\":\"maria\"}");

        assertThat(small.at("/result/tool/_meta/" + escaped(McpToolResolution.APPROVAL_META_KEY)).asString())
                .isEqualTo("not required");
        assertThat(large.at("/result/tool/_meta/" + escaped(McpToolResolution.APPROVAL_META_KEY)).asString())
                .isEqualTo("required");
        assertThat(invalid.at("/result/tool/_meta/" + escaped(McpToolResolution.APPROVAL_META_KEY)).asString())
                .isEqualTo("invalid arguments");
        assertThat(vault.transfers()).isZero();
    }

    @Test
    void aResolvedToolIsNeverLooserThanTheListedOne() throws Exception {
        JsonNode listed = listed("transfer");

        for (String arguments : new String[] {"{\"to\":\"maria\",\"cents\":500}", "{\"to\":\"maria\",\"cents\":500000}",
                "{}"}) {
            JsonNode resolved = resolve(arguments).at("/result/tool");
            assertThat(resolved.get("annotations")).isEqualTo(listed.get("annotations"));
            assertThat(resolved.get("inputSchema")).isEqualTo(listed.get("inputSchema"));
            assertThat(resolved.at("/_meta/dev.idem~1requiresApproval")).isEqualTo(listed.at("/_meta/dev.idem~1requiresApproval"));
        }
    }

    @Test
    void anUnknownToolIsAnInvalidParamsError() throws Exception {
        JsonNode unknown = client.request("tools/resolve", "{\"name\":\"nope\",\"arguments\":{}," + META + "}");

        assertThat(unknown.at("/error/code").asInt()).isEqualTo(-32602);
        assertThat(unknown.at("/error/message").asString()).contains("nope");
    }

    private static String escaped(String key) {
        return key.replace("~", "~0").replace("/", "~1");
    }
}
