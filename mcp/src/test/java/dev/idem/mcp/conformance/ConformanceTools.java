package dev.idem.mcp.conformance;

import dev.idem.Tool;
import dev.idem.tool.ToolContext;
import dev.idem.tool.ToolException;
import dev.idem.tool.content.ContentItem;
import dev.idem.tool.content.ToolContent;
import dev.idem.tool.exchange.ElicitationAnswer;
import dev.idem.tool.exchange.ElicitationRequest;
import dev.idem.tool.exchange.LogLevel;
import dev.idem.tool.exchange.SamplingAnswer;
import dev.idem.tool.exchange.SamplingRequest;
import java.util.Base64;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The tools the official MCP conformance suite calls, written as any Idem user writes tools:
 * {@code @Tool} methods, {@link ToolContent} for content, {@link ToolContext#exchange()} for the
 * client. No MCP SDK type in sight.
 */
public class ConformanceTools {

    /** A 1x1 red PNG. */
    static final byte[] PNG = Base64.getDecoder().decode(
            "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==");

    private static final JsonMapper JSON = JsonMapper.builder().build();

    /** An address, the {@code $defs} entry the JSON Schema scenario looks for (named as it asks). */
    @SuppressWarnings("checkstyle:TypeName")
    public record address(String street, String city) {}

    /** Returns a simple text. */
    @Tool(name = "test_simple_text", readOnly = true)
    public String simpleText() {
        return "This is a simple text response for testing.";
    }

    /** Returns an image. */
    @Tool(name = "test_image_content", readOnly = true)
    public ToolContent image() {
        return ToolContent.of(ContentItem.image(PNG, "image/png"));
    }

    /** Returns audio. */
    @Tool(name = "test_audio_content", readOnly = true)
    public ToolContent audio() {
        return ToolContent.of(ContentItem.audio(wav(), "audio/wav"));
    }

    /** Returns an embedded resource. */
    @Tool(name = "test_embedded_resource", readOnly = true)
    public ToolContent embeddedResource() {
        return ToolContent.of(ContentItem.resourceText("test://embedded-resource", "text/plain",
                "This is an embedded resource content."));
    }

    /** Returns text, an image and a resource. */
    @Tool(name = "test_multiple_content_types", readOnly = true)
    public ToolContent multipleContentTypes() {
        return ToolContent.of(ContentItem.text("Multiple content types test:"), ContentItem.image(PNG, "image/png"),
                ContentItem.resourceText("test://mixed-content-resource", "application/json",
                        "{\"test\":\"data\",\"value\":123}"));
    }

    /** Logs three messages while it runs. */
    @Tool(name = "test_tool_with_logging", readOnly = true)
    public String withLogging(ToolContext ctx) throws InterruptedException {
        ctx.exchange().log(LogLevel.INFO, "Tool execution started");
        Thread.sleep(50);
        ctx.exchange().log(LogLevel.INFO, "Tool processing data");
        Thread.sleep(50);
        ctx.exchange().log(LogLevel.INFO, "Tool execution completed");
        return "Tool with logging executed successfully";
    }

    /** Reports progress three times. */
    @Tool(name = "test_tool_with_progress", readOnly = true)
    public String withProgress(ToolContext ctx) throws InterruptedException {
        for (int step = 0; step <= 100; step += 50) {
            ctx.exchange().progress(step, 100, "step " + step);
            Thread.sleep(50);
        }
        return "Tool with progress executed successfully";
    }

    /** Always fails. */
    @Tool(name = "test_error_handling", readOnly = true)
    public String errorHandling() {
        throw new ToolException(dev.idem.ErrorType.REJECTED, "This tool intentionally returns an error for testing");
    }

    /**
     * Asks the client's model.
     *
     * @param prompt the prompt to send to the LLM
     */
    @Tool(name = "test_sampling", readOnly = true)
    public String sampling(String prompt, ToolContext ctx) {
        SamplingAnswer answer = ctx.exchange().sample(SamplingRequest.of(prompt, 100));
        return "LLM response: " + answer.text();
    }

    /**
     * Asks the client's user.
     *
     * @param message the message to show the user
     */
    @Tool(name = "test_elicitation", readOnly = true)
    public String elicitation(String message, ToolContext ctx) {
        ElicitationAnswer answer = ctx.exchange().elicit(ElicitationRequest.builder(message)
                .string("username", "User's response")
                .string("email", "User's email address")
                .build());
        return "User response: action=" + answer.action().name().toLowerCase() + ", content=" + answer.content();
    }

    /** Asks with a default for every primitive type. */
    @Tool(name = "test_elicitation_sep1034_defaults", readOnly = true)
    public String elicitationDefaults(ToolContext ctx) {
        return elicited(ctx, json("""
                {"type":"object","properties":{
                  "name":{"type":"string","default":"John Doe"},
                  "age":{"type":"integer","default":30},
                  "score":{"type":"number","default":95.5},
                  "status":{"type":"string","enum":["active","inactive","pending"],"default":"active"},
                  "verified":{"type":"boolean","default":true}}}"""));
    }

    /** Asks with every enum form. */
    @Tool(name = "test_elicitation_sep1330_enums", readOnly = true)
    public String elicitationEnums(ToolContext ctx) {
        return elicited(ctx, json("""
                {"type":"object","properties":{
                  "untitledSingle":{"type":"string","enum":["option1","option2","option3"]},
                  "titledSingle":{"type":"string","oneOf":[{"const":"value1","title":"First Option"},
                    {"const":"value2","title":"Second Option"},{"const":"value3","title":"Third Option"}]},
                  "legacyEnum":{"type":"string","enum":["opt1","opt2","opt3"],
                    "enumNames":["Option One","Option Two","Option Three"]},
                  "untitledMulti":{"type":"array","items":{"type":"string","enum":["option1","option2","option3"]}},
                  "titledMulti":{"type":"array","items":{"anyOf":[{"const":"value1","title":"First Choice"},
                    {"const":"value2","title":"Second Choice"},{"const":"value3","title":"Third Choice"}]}}}}"""));
    }

    /**
     * Takes a name and an address, for the JSON Schema 2020-12 scenario.
     *
     * @param name a name
     * @param address an address
     */
    @Tool(name = "json_schema_2020_12_tool", description = "Tool with JSON Schema 2020-12 features", readOnly = true)
    public String jsonSchema(String name, java.util.Optional<address> address) {
        return "name=" + name;
    }

    /** Answers; the suite closes the stream under it to test reconnection. */
    @Tool(name = "test_reconnection", readOnly = true)
    public String reconnection() throws InterruptedException {
        Thread.sleep(100);
        return "Reconnection test completed";
    }

    private static String elicited(ToolContext ctx, JsonNode schema) {
        ElicitationAnswer answer = ctx.exchange().elicit(new ElicitationRequest("Please review and update the form fields",
                schema));
        return "Elicitation completed: action=" + answer.action().name().toLowerCase() + ", content=" + answer.content();
    }

    private static JsonNode json(String text) {
        return JSON.readTree(text);
    }

    /** A 10 ms mono 8 kHz 8-bit silent WAV. */
    static byte[] wav() {
        int samples = 80;
        java.nio.ByteBuffer wav = java.nio.ByteBuffer.allocate(44 + samples).order(java.nio.ByteOrder.LITTLE_ENDIAN);
        wav.put("RIFF".getBytes()).putInt(36 + samples).put("WAVE".getBytes())
                .put("fmt ".getBytes()).putInt(16).putShort((short) 1).putShort((short) 1).putInt(8000).putInt(8000)
                .putShort((short) 1).putShort((short) 8)
                .put("data".getBytes()).putInt(samples);
        for (int i = 0; i < samples; i++) {
            wav.put((byte) 128);
        }
        return wav.array();
    }
}
