package dev.idem.mcp;

import dev.idem.tool.FrameworkCalls;
import dev.idem.tool.ToolDescriptor;
import dev.idem.tool.ToolExecutor;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.server.McpAsyncServer;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpServerFeatures;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpServerTransportProvider;
import io.modelcontextprotocol.spec.McpStreamableServerTransportProvider;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Serves the tools of a {@link ToolExecutor} to MCP clients through the official MCP Java SDK.
 * Every call runs under Idem's rules: Idem's generated binder is the only validator, failures are
 * classified and retried only where the tool's flags allow, and every call of one intent shares
 * one {@code ToolRun}, so a re-issued call reuses its idempotency key.
 *
 * <pre>{@code
 * ToolExecutor executor = ToolExecutor.builder(ToolRegistry.of(PixBank_ToolSet.of(bank))).build();
 * McpToolServer tools = McpToolServer.builder(executor).serverInfo("bank", "1.0").build();
 * tools.serveStdio();                                   // blocks until the client closes stdin
 * // or: McpHttpServer http = McpHttpServer.start(tools, 8931);   // Streamable HTTP on loopback
 * }</pre>
 *
 * <p>Beside Idem's tools the server serves the SDK's own resource, prompt and completion
 * specifications ({@link Builder#resources}, {@link Builder#prompts}, {@link Builder#completions}).
 * A tool may return {@code ToolContent} (images, audio, resources...) and reach its client
 * through {@code ToolContext.exchange()} (log, progress, sampling, elicitation).
 *
 * <p>The intent of a call is the request's {@code _meta} entry {@value #INTENT_ID_META_KEY}
 * when the client sends one (a string of at most {@value #MAX_INTENT_ID_LENGTH} characters),
 * else the MCP session: without it, the same call with the same arguments twice in one session
 * has one effect. Arguments come only from the request's {@code arguments}, never from
 * {@code _meta}.
 */
public final class McpToolServer {

    /** The prefix of every {@code _meta} key Idem writes or reads. */
    public static final String META_PREFIX = "dev.idem/";

    /** The {@code _meta} key of a {@code tools/call} request that carries the caller's intent id. */
    public static final String INTENT_ID_META_KEY = FrameworkCalls.INTENT_ID_KEY;

    /**
     * The longest intent id a client may send, in characters ({@link String#length()}). A call
     * whose intent id is not a JSON string of 1 to this many characters, not blank, is refused
     * with nothing run, so the intents remembered take at most {@code intentCapacity} times this.
     * The rule is {@link FrameworkCalls}', the same in every adapter.
     */
    public static final int MAX_INTENT_ID_LENGTH = FrameworkCalls.MAX_INTENT_ID_LENGTH;

    private final ToolExecutor executor;
    private final String name;
    private final String version;
    private final String instructions;
    private final FrameworkCalls frameworkCalls;
    private final McpToolCalls calls;
    private final List<McpServerFeatures.AsyncResourceSpecification> resources;
    private final List<McpServerFeatures.AsyncResourceTemplateSpecification> resourceTemplates;
    private final List<McpServerFeatures.AsyncPromptSpecification> prompts;
    private final List<McpServerFeatures.AsyncCompletionSpecification> completions;
    private final McpApprovals approvals;
    private final java.time.Duration approvalTimeout;
    private final byte[] intentKey;
    private McpModernLines modern; // guarded by this: made on first use, when the SDK has its modern stack
    private boolean modernTried; // guarded by this

    private McpToolServer(Builder builder) {
        this.executor = builder.executor;
        this.name = builder.name;
        this.version = builder.version;
        this.instructions = builder.instructions;
        this.frameworkCalls = builder.calls.build();
        this.approvals = new McpApprovals(frameworkCalls, builder.approvalTimeout, java.time.Clock.systemUTC());
        this.calls = new McpToolCalls(frameworkCalls, approvals);
        this.approvalTimeout = builder.approvalTimeout;
        this.intentKey = builder.intentKey != null ? builder.intentKey.clone() : randomKey();
        this.resources = List.copyOf(builder.resources);
        this.resourceTemplates = List.copyOf(builder.resourceTemplates);
        this.prompts = List.copyOf(builder.prompts);
        this.completions = List.copyOf(builder.completions);
    }

    /**
     * A builder for a server of {@code executor}'s tools.
     *
     * @param executor the executor whose tools are served, with their policies and journal
     * @return a new builder
     */
    public static Builder builder(ToolExecutor executor) {
        return new Builder(executor);
    }

    /**
     * The MCP tool specifications, one per Idem tool, for a server built by hand
     * ({@code McpServer.async(transport).tools(specs)}). Build such a server with
     * {@code validateToolInputs(false)}: Idem's binder checks arguments, and reports every
     * problem at once with the expected parameters.
     *
     * @return one specification per tool, in the executor's order
     */
    public List<McpServerFeatures.AsyncToolSpecification> toolSpecifications() {
        List<McpServerFeatures.AsyncToolSpecification> specifications = new ArrayList<>();
        for (ToolDescriptor descriptor : executor.registry().descriptors()) {
            specifications.add(McpServerFeatures.AsyncToolSpecification.builder()
                    .tool(McpToolDefinitions.toMcp(descriptor, frameworkCalls.safetyFlags(descriptor)))
                    .callHandler(calls::handle)
                    .build());
        }
        return specifications;
    }

    /**
     * The JSON mapper the transports must share with the server (decimals read exactly).
     *
     * @return the mapper for the transports
     */
    public McpJsonMapper jsonMapper() {
        return McpJson.MAPPER;
    }

    private static byte[] randomKey() {
        byte[] key = new byte[32];
        new java.security.SecureRandom().nextBytes(key);
        return key;
    }

    /**
     * The 2026-07-28 side of this server, made on first use; {@code null} when the MCP SDK in use
     * has no {@code modern} stack (2.1), so that such a server serves 2025-11-25 alone.
     */
    synchronized McpModernLines modern() {
        if (!modernTried) {
            modernTried = true;
            if (modernStackPresent()) {
                modern = new McpModernServer(frameworkCalls, approvals, intentKey, approvalTimeout, name, version,
                        instructions);
            }
        }
        return modern;
    }

    private static boolean modernStackPresent() {
        try {
            Class.forName("io.modelcontextprotocol.modern.server.McpServer", false, McpToolServer.class.getClassLoader());
            return true;
        } catch (ClassNotFoundException | LinkageError e) {
            return false;
        }
    }

    /** How many intents keep their run now. */
    int rememberedIntents() {
        return frameworkCalls.rememberedIntents();
    }

    /**
     * Starts serving on a single-session transport (stdio, or one of the user's own).
     *
     * @param transport the transport, one session
     * @return the running server
     */
    public McpAsyncServer start(McpServerTransportProvider transport) {
        return configure(McpServer.async(transport)).build();
    }

    /**
     * Starts serving on a Streamable HTTP transport (e.g. the SDK's servlet in the user's container).
     *
     * @param transport the Streamable HTTP transport
     * @return the running server
     */
    public McpAsyncServer start(McpStreamableServerTransportProvider transport) {
        return configure(McpServer.async(transport)).build();
    }

    /**
     * Serves MCP over this process's standard input and output until the client closes the
     * input, then returns. Standard output belongs to the protocol: log to standard error.
     */
    public void serveStdio() {
        serveStdio(System.in, System.out);
    }

    /**
     * Serves MCP over the given streams until {@code in} ends, then returns. A line that is not a
     * valid JSON-RPC message is answered with its JSON-RPC error ({@code -32700} or {@code -32600})
     * and serving goes on.
     *
     * @param in where JSON-RPC messages arrive, one per line
     * @param out where answers are written, one per line
     */
    public void serveStdio(InputStream in, OutputStream out) {
        McpStdioTransport transport = new McpStdioTransport(McpJson.MAPPER, in, out, modern());
        McpAsyncServer server = start(transport);
        try {
            transport.awaitEnd();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            server.close();
        }
    }

    private McpServer.AsyncSpecification<?> configure(McpServer.AsyncSpecification<?> spec) {
        // Tools may log (ToolContext.exchange()): the logging capability is always there.
        McpSchema.ServerCapabilities.Builder capabilities = McpSchema.ServerCapabilities.builder().tools(false).logging();
        if (!resources.isEmpty() || !resourceTemplates.isEmpty()) {
            capabilities.resources(false, false);
        }
        if (!prompts.isEmpty()) {
            capabilities.prompts(false);
        }
        if (!completions.isEmpty()) {
            capabilities.completions();
        }
        spec.serverInfo(name, version)
                .jsonMapper(McpJson.MAPPER)
                .capabilities(capabilities.build())
                // Idem's binder is the only validator: the SDK's check would refuse with other
                // words, and could refuse what the binder accepts (2.0 for an int).
                .validateToolInputs(false)
                .tools(toolSpecifications())
                .resources(resources)
                .resourceTemplates(resourceTemplates)
                .prompts(prompts)
                .completions(completions);
        if (instructions != null) {
            spec.instructions(instructions);
        }
        return spec;
    }

    /** Configures a {@link McpToolServer}. */
    public static final class Builder {
        private final ToolExecutor executor;
        private String name = "idem";
        private String version = "0.1.0";
        private String instructions;
        private java.time.Duration approvalTimeout = java.time.Duration.ofHours(24);
        private byte[] intentKey;
        private final FrameworkCalls.Builder calls;
        private final List<McpServerFeatures.AsyncResourceSpecification> resources = new ArrayList<>();
        private final List<McpServerFeatures.AsyncResourceTemplateSpecification> resourceTemplates = new ArrayList<>();
        private final List<McpServerFeatures.AsyncPromptSpecification> prompts = new ArrayList<>();
        private final List<McpServerFeatures.AsyncCompletionSpecification> completions = new ArrayList<>();

        private Builder(ToolExecutor executor) {
            this.executor = Objects.requireNonNull(executor, "executor");
            this.calls = FrameworkCalls.builder(executor, "mcp");
        }

        /**
         * The name and version the server reports to clients; default {@code idem}, {@code 0.1.0}.
         *
         * @param name the server's name
         * @param version the server's version
         * @return this builder
         */
        public Builder serverInfo(String name, String version) {
            this.name = Objects.requireNonNull(name, "name");
            this.version = Objects.requireNonNull(version, "version");
            return this;
        }

        /**
         * Instructions for the client's model about these tools; none by default.
         *
         * @param value the instructions
         * @return this builder
         */
        public Builder instructions(String value) {
            this.instructions = value;
            return this;
        }

        /**
         * How many intents keep their {@code ToolRun} (least recently used go first); default
         * 10,000. A forgotten intent keeps its idempotency keys, only its repetition guard is lost.
         * With ids of at most {@value McpToolServer#MAX_INTENT_ID_LENGTH} characters, the ids
         * remembered take at most this many times 512 bytes (about 5 MB at the default).
         *
         * @param value the most intents remembered, at least 1
         * @return this builder
         */
        public Builder intentCapacity(int value) {
            calls.intentCapacity(value);
            return this;
        }

        /**
         * How long a call awaiting a person's approval waits before it counts as declined by
         * expiry; default 24 hours, as the agent's. Keep the journal's retention longer.
         *
         * @param value a positive duration
         * @return this builder
         * @throws IllegalArgumentException when {@code value} is zero or negative
         */
        public Builder approvalTimeout(java.time.Duration value) {
            if (value == null || value.isZero() || value.isNegative()) {
                throw new IllegalArgumentException("approvalTimeout must be positive, was " + value);
            }
            this.approvalTimeout = value;
            return this;
        }

        /**
         * The secret that seals what a 2026-07-28 client carries for the server: intent handles and
         * the request state of input rounds (approvals). Give every replica behind one endpoint the
         * same key, so each accepts what another minted; by default a random key per server, and a
         * handle or an approval round then holds only in this process.
         *
         * @param key at least 32 bytes, kept secret
         * @return this builder
         * @throws IllegalArgumentException when {@code key} is shorter than 32 bytes
         */
        public Builder intentKey(byte[] key) {
            if (key == null || key.length < 32) {
                throw new IllegalArgumentException("intentKey must be at least 32 bytes, was "
                        + (key == null ? "null" : key.length + " bytes"));
            }
            this.intentKey = key.clone();
            return this;
        }

        /**
         * Resources served beside the tools, as the MCP SDK specifies them (Idem does not touch
         * them: no journal, no retry); the server then declares the resources capability.
         *
         * @param specifications the SDK's resource specifications
         * @return this builder
         */
        public Builder resources(McpServerFeatures.AsyncResourceSpecification... specifications) {
            resources.addAll(List.of(specifications));
            return this;
        }

        /**
         * Resource templates served beside the tools, as the MCP SDK specifies them.
         *
         * @param specifications the SDK's resource template specifications
         * @return this builder
         */
        public Builder resourceTemplates(McpServerFeatures.AsyncResourceTemplateSpecification... specifications) {
            resourceTemplates.addAll(List.of(specifications));
            return this;
        }

        /**
         * Prompts served beside the tools, as the MCP SDK specifies them; the server then
         * declares the prompts capability.
         *
         * @param specifications the SDK's prompt specifications
         * @return this builder
         */
        public Builder prompts(McpServerFeatures.AsyncPromptSpecification... specifications) {
            prompts.addAll(List.of(specifications));
            return this;
        }

        /**
         * Completions of prompt and resource-template arguments, as the MCP SDK specifies them;
         * the server then declares the completions capability.
         *
         * @param specifications the SDK's completion specifications
         * @return this builder
         */
        public Builder completions(McpServerFeatures.AsyncCompletionSpecification... specifications) {
            completions.addAll(List.of(specifications));
            return this;
        }

        /**
         * The server.
         *
         * @return a new server with this configuration
         */
        public McpToolServer build() {
            return new McpToolServer(this);
        }
    }
}
