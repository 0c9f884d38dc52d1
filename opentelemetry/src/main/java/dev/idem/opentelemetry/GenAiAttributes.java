package dev.idem.opentelemetry;

import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.metrics.DoubleHistogram;
import io.opentelemetry.api.metrics.Meter;
import java.net.URI;
import java.util.List;
import java.util.Locale;

/**
 * The attribute keys and instruments this module writes: the GenAI semantic conventions' (release
 * 1.41.0, the last that holds them in the main semantic-conventions repository) and Idem's own
 * under {@code idem.*}. docs/opentelemetry.md lists each with its requirement level; the tests hold
 * every span to that table.
 */
final class GenAiAttributes {

    static final AttributeKey<String> OPERATION_NAME = AttributeKey.stringKey("gen_ai.operation.name");
    static final AttributeKey<String> PROVIDER_NAME = AttributeKey.stringKey("gen_ai.provider.name");
    static final AttributeKey<String> ERROR_TYPE = AttributeKey.stringKey("error.type");
    static final AttributeKey<String> TOOL_NAME = AttributeKey.stringKey("gen_ai.tool.name");
    static final AttributeKey<String> TOOL_CALL_ID = AttributeKey.stringKey("gen_ai.tool.call.id");
    static final AttributeKey<String> TOOL_DESCRIPTION = AttributeKey.stringKey("gen_ai.tool.description");
    static final AttributeKey<String> TOOL_TYPE = AttributeKey.stringKey("gen_ai.tool.type");
    static final AttributeKey<String> TOOL_CALL_ARGUMENTS = AttributeKey.stringKey("gen_ai.tool.call.arguments");
    static final AttributeKey<String> TOOL_CALL_RESULT = AttributeKey.stringKey("gen_ai.tool.call.result");
    static final AttributeKey<String> REQUEST_MODEL = AttributeKey.stringKey("gen_ai.request.model");
    static final AttributeKey<Long> REQUEST_MAX_TOKENS = AttributeKey.longKey("gen_ai.request.max_tokens");
    static final AttributeKey<Double> REQUEST_TEMPERATURE = AttributeKey.doubleKey("gen_ai.request.temperature");
    static final AttributeKey<Boolean> REQUEST_STREAM = AttributeKey.booleanKey("gen_ai.request.stream");
    static final AttributeKey<String> RESPONSE_MODEL = AttributeKey.stringKey("gen_ai.response.model");
    static final AttributeKey<String> RESPONSE_ID = AttributeKey.stringKey("gen_ai.response.id");
    static final AttributeKey<String> AGENT_NAME = AttributeKey.stringKey("gen_ai.agent.name");
    static final AttributeKey<String> CONVERSATION_ID = AttributeKey.stringKey("gen_ai.conversation.id");
    static final AttributeKey<List<String>> RESPONSE_FINISH_REASONS =
            AttributeKey.stringArrayKey("gen_ai.response.finish_reasons");
    static final AttributeKey<Long> USAGE_INPUT_TOKENS = AttributeKey.longKey("gen_ai.usage.input_tokens");
    static final AttributeKey<Long> USAGE_OUTPUT_TOKENS = AttributeKey.longKey("gen_ai.usage.output_tokens");
    static final AttributeKey<String> TOKEN_TYPE = AttributeKey.stringKey("gen_ai.token.type");
    static final AttributeKey<String> SERVER_ADDRESS = AttributeKey.stringKey("server.address");
    static final AttributeKey<Long> SERVER_PORT = AttributeKey.longKey("server.port");

    static final AttributeKey<Long> IDEM_ATTEMPTS = AttributeKey.longKey("idem.tool.attempts");
    static final AttributeKey<String> IDEM_KEY = AttributeKey.stringKey("idem.tool.idempotency_key");
    static final AttributeKey<Boolean> IDEM_OUTCOME_UNKNOWN = AttributeKey.booleanKey("idem.tool.outcome_unknown");
    static final AttributeKey<String> IDEM_RULE = AttributeKey.stringKey("idem.tool.rule");
    static final AttributeKey<String> IDEM_JOURNAL_VERDICT = AttributeKey.stringKey("idem.journal.verdict");
    static final AttributeKey<Long> IDEM_ATTEMPT = AttributeKey.longKey("idem.tool.attempt");
    static final AttributeKey<Long> IDEM_RETRY_DELAY_MS = AttributeKey.longKey("idem.tool.retry.delay_ms");
    /**
     * The classification of a failed attempt that is run again: Idem's own, because the conventions
     * keep {@code error.type} for an operation that ended in an error, which a retried attempt did not.
     */
    static final AttributeKey<String> IDEM_RETRY_ERROR_TYPE = AttributeKey.stringKey("idem.tool.retry.error_type");
    static final AttributeKey<String> IDEM_AGENT_STATUS = AttributeKey.stringKey("idem.agent.status");

    /** The span event of a failed attempt that is run again. */
    static final String RETRY_EVENT = "idem.tool.retry";

    static final String EXECUTE_TOOL = "execute_tool";
    static final String CHAT = "chat";
    static final String INVOKE_AGENT = "invoke_agent";

    /** The conventions' advice for {@code gen_ai.client.operation.duration}, in seconds. */
    static final List<Double> DURATION_BUCKETS = List.of(0.01, 0.02, 0.04, 0.08, 0.16, 0.32, 0.64, 1.28, 2.56, 5.12,
            10.24, 20.48, 40.96, 81.92);
    /** The conventions' advice for {@code gen_ai.client.token.usage}. */
    static final List<Long> TOKEN_BUCKETS = List.of(1L, 4L, 16L, 64L, 256L, 1024L, 4096L, 16384L, 65536L, 262144L,
            1048576L, 4194304L, 16777216L, 67108864L);

    private GenAiAttributes() {}

    /** {@code gen_ai.client.operation.duration}: seconds, with the advised buckets. */
    static DoubleHistogram operationDuration(Meter meter) {
        return meter.histogramBuilder("gen_ai.client.operation.duration").setUnit("s")
                .setDescription("GenAI operation duration.").setExplicitBucketBoundariesAdvice(DURATION_BUCKETS)
                .build();
    }

    /** The conventions' advice for the time to the first chunk of a streamed answer, in seconds: the duration's. */
    static final List<Double> FIRST_CHUNK_BUCKETS = DURATION_BUCKETS;

    /** {@code gen_ai.client.operation.time_to_first_chunk}: seconds from the request to the first piece of a streamed answer. */
    static DoubleHistogram timeToFirstChunk(Meter meter) {
        return meter.histogramBuilder("gen_ai.client.operation.time_to_first_chunk").setUnit("s")
                .setDescription("Time to receive the first chunk of a streamed response.")
                .setExplicitBucketBoundariesAdvice(FIRST_CHUNK_BUCKETS).build();
    }

    /** {@code server.port} of a base address: its own, else the scheme's default. */
    static long serverPort(URI server) {
        if (server.getPort() != -1) {
            return server.getPort();
        }
        return "http".equalsIgnoreCase(server.getScheme()) ? 80 : 443;
    }

    /** A low-cardinality, lower-case name of an Idem enum value, as {@code error.type} and {@code idem.*} carry it. */
    static String name(Enum<?> value) {
        return value.name().toLowerCase(Locale.ROOT);
    }
}
