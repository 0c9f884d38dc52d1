package dev.idem.mcp;

import dev.idem.tool.exchange.ElicitationAnswer;
import dev.idem.tool.exchange.ElicitationRequest;
import dev.idem.tool.exchange.LogLevel;
import dev.idem.tool.exchange.SamplingAnswer;
import dev.idem.tool.exchange.SamplingRequest;
import dev.idem.tool.exchange.ToolExchange;
import io.modelcontextprotocol.server.McpAsyncServerExchange;
import io.modelcontextprotocol.spec.McpSchema;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import tools.jackson.databind.JsonNode;

/**
 * Idem's {@link ToolExchange} over one {@code tools/call}'s MCP exchange. Log and progress are
 * sent before the tool's result (so they reach the client on the request's own stream) and never
 * fail the call: a notification that cannot be sent is dropped. Sampling and elicitation wait for
 * the client's answer on the body's thread. Holds only what the request carried (its progress
 * token) and the exchange: nothing is kept in the session.
 */
final class McpToolExchange implements ToolExchange {

    /** The longest wait for a notification to be handed to the transport. */
    private static final Duration SEND_WAIT = Duration.ofSeconds(5);

    private final McpAsyncServerExchange exchange;
    private final Object progressToken;
    private final String logger;

    McpToolExchange(McpAsyncServerExchange exchange, Object progressToken, String logger) {
        this.exchange = exchange;
        this.progressToken = progressToken;
        this.logger = logger;
    }

    @Override
    public void log(LogLevel level, String message) {
        send(exchange.loggingNotification(McpSchema.LoggingMessageNotification
                .builder(McpSchema.LoggingLevel.valueOf(level.name()), message).logger(logger).build()));
    }

    @Override
    public void progress(double progress, double total, String message) {
        if (progressToken == null) {
            return; // the client asked for no progress
        }
        send(exchange.progressNotification(new McpSchema.ProgressNotification(progressToken, progress,
                total < 0 ? null : total, message)));
    }

    @Override
    public boolean canSample() {
        McpSchema.ClientCapabilities capabilities = exchange.getClientCapabilities();
        return capabilities != null && capabilities.sampling() != null;
    }

    @Override
    public SamplingAnswer sample(SamplingRequest request) {
        if (!canSample()) {
            throw new UnsupportedOperationException("the MCP client does not support sampling");
        }
        McpSchema.CreateMessageRequest.Builder mcp = McpSchema.CreateMessageRequest.builder()
                .messages(List.of(new McpSchema.SamplingMessage(McpSchema.Role.USER,
                        new McpSchema.TextContent(request.prompt()))))
                .maxTokens(request.maxTokens());
        if (request.systemPrompt() != null) {
            mcp.systemPrompt(request.systemPrompt());
        }
        McpSchema.CreateMessageResult result = await(exchange.createMessage(mcp.build()).toFuture());
        String text = result.content() instanceof McpSchema.TextContent content ? content.text() : "";
        return new SamplingAnswer(text, result.model(), result.stopReason() == null ? null : result.stopReason().name());
    }

    @Override
    public boolean canElicit() {
        McpSchema.ClientCapabilities capabilities = exchange.getClientCapabilities();
        return capabilities != null && capabilities.elicitation() != null;
    }

    @Override
    public ElicitationAnswer elicit(ElicitationRequest request) {
        if (!canElicit()) {
            throw new UnsupportedOperationException("the MCP client does not support elicitation");
        }
        @SuppressWarnings("unchecked")
        Map<String, Object> schema = McpJson.MAPPER.convertValue(request.requestedSchema(), Map.class);
        McpSchema.ElicitResult result = await(exchange.createElicitation(
                McpSchema.ElicitFormRequest.builder(request.message(), schema).build()).toFuture());
        JsonNode content = result.content() == null ? null : McpJson.MAPPER.convertValue(result.content(), JsonNode.class);
        return new ElicitationAnswer(ElicitationAnswer.Action.valueOf(result.action().name()), content);
    }

    /** Hands a notification to the transport; failing to is not the call's failure (fire-and-forget). */
    private static void send(reactor.core.publisher.Mono<Void> notification) {
        try {
            notification.toFuture().get(SEND_WAIT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException | TimeoutException | RuntimeException dropped) {
            // the client went away or is slow: the tool goes on without telling it
        }
    }

    /** The client's answer; the body's thread waits (it is Idem's, never the transport's event loop). */
    private static <T> T await(java.util.concurrent.CompletableFuture<T> answer) {
        try {
            return answer.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while the MCP client answered", e);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            throw cause instanceof RuntimeException runtime ? runtime : new IllegalStateException(cause);
        }
    }
}
