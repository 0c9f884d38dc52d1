package dev.idem.mcp;

import reactor.core.publisher.Flux;

/**
 * Answers 2026-07-28 JSON-RPC lines read from stdio, so that {@link McpStdioTransport} serves
 * both revisions on one stream without naming the SDK's {@code modern} types.
 */
interface McpModernLines {

    /** The protocol revision served this way. */
    String REVISION = "2026-07-28";

    /** The {@code _meta} key every 2026-07-28 request names its protocol version under. */
    String PROTOCOL_VERSION_META_KEY = "io.modelcontextprotocol/protocolVersion";

    /** The method a 2026-07-28 client may probe a server with. */
    String DISCOVER = "server/discover";

    /**
     * The lines that answer one message line: notifications of a streamed answer, then its response.
     *
     * @param line one JSON-RPC message
     * @return the answer's lines, none for a notification
     */
    Flux<String> answer(String line);
}
