package dev.idem.mcp.remote;

import dev.idem.tool.ArgumentBindingException;
import dev.idem.tool.BoundCall;
import dev.idem.tool.ToolDescriptor;
import dev.idem.tool.ToolSet;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import tools.jackson.core.JsonParser;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The tools of an MCP server, reached through the MCP Java SDK's client, as an Idem
 * {@link ToolSet}: put them in a {@code ToolRegistry} and every rule of the executor applies to
 * them as to compiled tools: arguments checked before anything is sent, failures classified before
 * any retry, retries only where the flags allow, one budget, timeouts, the call journal (a
 * re-issued intent is replayed, never sent again), approvals, verifiers (a read-only tool of the
 * server that the policy names as another's {@linkplain RemoteToolPolicy.RuleBuilder#verifier
 * verifier}), the decision log and spans.
 *
 * <pre>{@code
 * McpSyncClient client = McpClient.sync(HttpClientStreamableHttpTransport.builder("http://127.0.0.1:8931").build())
 *         .build();
 * McpRemoteTools payments = McpRemoteTools.builder("payments", client)
 *         .policy(RemoteToolPolicy.read(Path.of("remote-tools.properties")))
 *         .build();                                        // lists the server's tools now
 * ToolExecutor executor = ToolExecutor.builder(ToolRegistry.of(payments)).build();
 * ToolResult paid = executor.newRun("order-4711").execute(new ToolCall("c1", "charge", "{\"cents\":500}"));
 * }</pre>
 *
 * <p><b>Flags come from the operator.</b> A server's annotations are hints from code Idem does not
 * control: a remote tool is neither restart-safe, nor idempotent, nor read-only (so it is journaled)
 * unless the {@link RemoteToolPolicy} says so or trusts that server's annotations. By default a
 * remote tool therefore runs at most once per call, and a call whose response was lost is
 * answered {@code OUTCOME_UNKNOWN}, never sent again.
 *
 * <p><b>Arguments are checked here.</b> Each call's arguments are validated against the server's
 * input schema by Idem's own JSON Schema validator before anything is sent; a call with problems
 * is refused ({@code INVALID_ARGUMENTS}, every problem behind its JSON pointer) and never reaches
 * the server.
 *
 * <p><b>Keys travel.</b> Every {@code tools/call} carries the call's intent id and idempotency key
 * in its {@code _meta} ({@value #INTENT_ID_META_KEY}, {@value #IDEMPOTENCY_KEY_META_KEY}); every
 * attempt of one intent carries the same key. A tool whose rule names a
 * {@linkplain RemoteToolPolicy.RuleBuilder#keyArgument key argument} gets the key in that
 * argument too, so a service that dedupes by its own argument dedupes Idem's re-drives.
 *
 * <p>The server's name is the operator's, given here, never the one the server reports: it selects
 * the policy's rules, which a server must not choose. The tools are listed once, when built.
 */
public final class McpRemoteTools implements ToolSet {

    /** The {@code _meta} key of every remote call that carries the call's intent id. */
    public static final String INTENT_ID_META_KEY = "dev.idem/intentId";

    /** The {@code _meta} key of every remote call that carries the call's idempotency key. */
    public static final String IDEMPOTENCY_KEY_META_KEY = "dev.idem/idempotencyKey";

    private final String server;
    private final RemoteConnection connection;
    private final Map<String, RemoteTool> tools;
    private final Map<String, RemoteVerifier> verifiers;
    private final List<ToolDescriptor> descriptors;

    private McpRemoteTools(Builder builder) {
        this.server = builder.server;
        this.connection = builder.connection;
        List<String> problems = new ArrayList<>();
        Map<String, RemoteTool> byName = new LinkedHashMap<>();
        for (JsonNode listed : connection.listTools()) {
            RemoteTool tool = RemoteTool.of(server, listed, builder.policy, problems);
            if (byName.putIfAbsent(tool.remoteName(), tool) != null) {
                problems.add("server '" + server + "' lists the tool '" + tool.remoteName() + "' twice");
            }
        }
        for (String named : builder.policy.toolsNamed(server)) {
            if (!byName.containsKey(named)) {
                List<String> close = RemotePolicyFiles.closeTo(named, new ArrayList<>(byName.keySet()));
                problems.add("the policy names the tool '" + named + "' of server '" + server + "', which it does not list"
                        + (close.isEmpty() ? "" : "; did you mean '" + String.join("' or '", close) + "'?")
                        + " Tools: " + String.join(", ", byName.keySet()));
            }
        }
        Map<String, RemoteVerifier> verifiers = new LinkedHashMap<>();
        byName.forEach((name, tool) -> builder.policy.rule(server, name).flatMap(RemoteToolPolicy.Rule::verifier)
                .ifPresent(verifier -> RemoteVerifier.of(server, name, byName.get(verifier), verifier, byName.keySet(),
                        problems).ifPresent(found -> verifiers.put(name, found))));
        if (!problems.isEmpty()) {
            throw new RemotePolicyException(problems);
        }
        this.tools = Collections.unmodifiableMap(byName);
        this.verifiers = Map.copyOf(verifiers);
        List<ToolDescriptor> all = new ArrayList<>();
        byName.values().forEach(tool -> all.add(tool.descriptor()));
        this.descriptors = List.copyOf(all);
    }

    /**
     * A builder for the tools of a 2025-11-25 server, reached by the SDK's client (stdio or
     * Streamable HTTP); the client is initialized if it is not yet.
     *
     * @param server the operator's name for the server: it selects the policy's rules
     * @param client the SDK's client of that server
     * @return a new builder
     */
    public static Builder builder(String server, io.modelcontextprotocol.client.McpSyncClient client) {
        return new Builder(server, new ClassicConnection(client));
    }

    /**
     * A builder for the tools of a 2026-07-28 server, reached by the SDK's modern client (MCP Java
     * SDK 2.2 and later).
     *
     * @param server the operator's name for the server: it selects the policy's rules
     * @param client the SDK's modern client of that server
     * @return a new builder
     */
    public static Builder builder(String server, io.modelcontextprotocol.modern.client.McpSyncClient client) {
        return new Builder(server, ModernConnection.of(client));
    }

    /**
     * The operator's name of the server these tools are on.
     *
     * @return the server's name
     */
    public String server() {
        return server;
    }

    @Override
    public List<ToolDescriptor> descriptors() {
        return descriptors;
    }

    @Override
    public BoundCall bind(String toolName, JsonParser arguments, long deadlineNanos) {
        RemoteTool tool = tools.get(toolName);
        if (tool == null) {
            throw new IllegalArgumentException("the MCP server '" + server + "' has no tool named '" + toolName + "'");
        }
        JsonNode tree = arguments.currentToken() == null && arguments.nextToken() == null ? null
                : RemoteJson.MAPPER.readTree(arguments);
        ObjectNode object = tree == null || tree.isNull() || tree.isMissingNode()
                ? RemoteJson.MAPPER.createObjectNode()
                : tree.isObject() ? (ObjectNode) tree : null;
        if (object == null) {
            throw new ArgumentBindingException(List.of("(root): the arguments must be a JSON object"));
        }
        List<String> problems = new ArrayList<>();
        if (tool.keyArgument() != null && object.has(tool.keyArgument())) {
            problems.add("/" + tool.keyArgument() + ": set by Idem from the call's idempotency key; leave it out");
        }
        ObjectNode checked = object;
        if (tool.keyArgument() != null) {
            // the key is written in only when sent: check the rest of the schema with a key's shape in its place
            checked = object.deepCopy();
            checked.put(tool.keyArgument(), "idem-" + "0".repeat(64));
        }
        problems.addAll(tool.validator().problems(checked));
        if (!problems.isEmpty()) {
            throw new ArgumentBindingException(problems);
        }
        return new RemoteToolCall(connection, tool, object, verifiers.get(toolName));
    }

    @Override
    public String toString() {
        return "McpRemoteTools[" + server + ", " + tools.keySet() + "]";
    }

    /** Configures a {@link McpRemoteTools}. */
    public static final class Builder {
        private final String server;
        private final RemoteConnection connection;
        private RemoteToolPolicy policy = RemoteToolPolicy.untrusted();

        Builder(String server, RemoteConnection connection) {
            if (server == null || server.isBlank() || server.indexOf('.') >= 0) {
                throw new IllegalArgumentException("server must be a name without dots, was " + server);
            }
            this.server = server;
            this.connection = Objects.requireNonNull(connection, "connection");
        }

        /**
         * What the operator says about these tools; default {@link RemoteToolPolicy#untrusted()}.
         *
         * @param value the policy
         * @return this builder
         */
        public Builder policy(RemoteToolPolicy value) {
            this.policy = Objects.requireNonNull(value, "policy");
            return this;
        }

        /**
         * Lists the server's tools and makes them Idem tools.
         *
         * @return the tools
         * @throws RemotePolicyException when the policy names a tool the server does not list, or a
         *     key argument its input schema does not have
         */
        public McpRemoteTools build() {
            return new McpRemoteTools(this);
        }
    }
}
