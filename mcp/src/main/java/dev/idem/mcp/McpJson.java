package dev.idem.mcp;

import com.fasterxml.jackson.annotation.JsonTypeInfo;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.TypeRef;
import io.modelcontextprotocol.json.jackson3.JacksonMcpJsonMapper;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.json.JsonMapper;

/**
 * The JSON mapper the server and its transports share: the SDK's Jackson 3 mapper with two
 * changes (and a repair of the SDK's elicitation request type, below), so that what the client sent reaches Idem's binder rather than being judged first.
 *
 * <ul>
 *   <li>Decimals are read as {@code BigDecimal}: a number arrives exactly as the client wrote it,
 *       and the binder, not a {@code double}, decides whether it fits the parameter.
 *   <li>A {@code tools/call} whose {@code arguments} is not an object (a JSON string, as some
 *       clients send, an array, a number) is not a protocol error: the arguments travel as text
 *       in an {@link ArgumentText} in the request's {@code arguments} and Idem parses them.
 *       Complete JSON object text runs; anything else is {@code MALFORMED_ARGUMENTS} and the tool
 *       is not executed. The text travels as a Java object no JSON can make, never under
 *       {@code _meta}: whatever a client puts there is metadata, never arguments.
 * </ul>
 */
final class McpJson implements McpJsonMapper {

    static final McpJson MAPPER = new McpJson(new JacksonMcpJsonMapper(JsonMapper.builder()
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .addMixIn(McpSchema.ElicitRequest.class, ElicitRequestMode.class)
            .build()));

    /**
     * The SDK (2.1.0 and 2.2.0) declares {@code mode} both as the type id of an elicitation request and as
     * a property of each kind, which Jackson 3 refuses to write ("Conflict between type id property
     * 'mode' and bean property"): no elicitation could be sent. The id is the existing property.
     */
    @JsonTypeInfo(use = JsonTypeInfo.Id.NAME, include = JsonTypeInfo.As.EXISTING_PROPERTY, property = "mode",
            defaultImpl = McpSchema.ElicitFormRequest.class)
    private interface ElicitRequestMode {}

    private final McpJsonMapper delegate;

    private McpJson(McpJsonMapper delegate) {
        this.delegate = delegate;
    }

    @Override
    public <T> T convertValue(Object from, TypeRef<T> type) {
        if (type.getType() == McpSchema.CallToolRequest.class && from instanceof Map<?, ?> params) {
            Object arguments = params.get("arguments");
            if (arguments != null && !(arguments instanceof Map)) {
                @SuppressWarnings("unchecked")
                T request = (T) withRawArguments(params, arguments);
                return request;
            }
        }
        return delegate.convertValue(from, type);
    }

    private McpSchema.CallToolRequest withRawArguments(Map<?, ?> params, Object arguments) {
        Map<String, Object> rest = new LinkedHashMap<>();
        params.forEach((key, value) -> rest.put(String.valueOf(key), value));
        rest.remove("arguments");
        McpSchema.CallToolRequest request = delegate.convertValue(rest, new TypeRef<McpSchema.CallToolRequest>() {});
        ArgumentText text = new ArgumentText(arguments instanceof String string ? string : json(arguments));
        return new McpSchema.CallToolRequest(request.name(), text, request.meta());
    }

    private String json(Object value) {
        try {
            return delegate.writeValueAsString(value);
        } catch (IOException e) {
            return String.valueOf(value);
        }
    }

    @Override
    public <T> T convertValue(Object from, Class<T> type) {
        return delegate.convertValue(from, type);
    }

    @Override
    public <T> T readValue(String content, Class<T> type) throws IOException {
        return delegate.readValue(content, type);
    }

    @Override
    public <T> T readValue(byte[] content, Class<T> type) throws IOException {
        return delegate.readValue(content, type);
    }

    @Override
    public <T> T readValue(String content, TypeRef<T> type) throws IOException {
        return delegate.readValue(content, type);
    }

    @Override
    public <T> T readValue(byte[] content, TypeRef<T> type) throws IOException {
        return delegate.readValue(content, type);
    }

    @Override
    public String writeValueAsString(Object value) throws IOException {
        return delegate.writeValueAsString(value);
    }

    @Override
    public byte[] writeValueAsBytes(Object value) throws IOException {
        return delegate.writeValueAsBytes(value);
    }
}
