package dev.idem.mcp;

import dev.idem.ErrorType;
import dev.idem.Retry;
import dev.idem.Tool;
import dev.idem.tool.ToolContext;
import dev.idem.tool.ToolException;
import dev.idem.tool.content.ContentItem;
import dev.idem.tool.content.ToolContent;
import dev.idem.tool.exchange.SamplingRequest;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/** Tools for the MCP content, exchange and schema rules; each counts its body runs. */
public class RuleTools {

    final AtomicInteger chartRuns = new AtomicInteger();
    final AtomicInteger flakyRuns = new AtomicInteger();

    /** A receipt, with a nested amount and a list. */
    public record Receipt(String id, long cents, Amount amount, List<String> tags) {}

    /** An amount. */
    public record Amount(double value, String currency) {}

    /**
     * Renders a chart: content with a side effect, journaled.
     *
     * @param title the chart's title
     */
    @Tool(name = "render_chart", idempotent = true, restartSafe = false)
    public ToolContent renderChart(String title) {
        chartRuns.incrementAndGet();
        return ToolContent.of(ContentItem.text(title), ContentItem.image(conformance_png(), "image/png"),
                ContentItem.audio(new byte[] {1, 2, 3}, "audio/wav"),
                ContentItem.resourceBlob("chart://" + title, "application/octet-stream", new byte[] {4, 5}),
                ContentItem.resourceLink("file:///charts/" + title + ".pdf", title + ".pdf", "application/pdf"));
    }

    /** Issues a receipt: an object value, so an output schema. */
    @Tool(name = "issue_receipt", readOnly = true)
    public Receipt issueReceipt() {
        return new Receipt("r-1", 1250, new Amount(12.5, "BRL"), List.of("pix"));
    }

    /** Does nothing: no output schema. */
    @Tool(name = "nothing", readOnly = true)
    public void nothing() {}

    /**
     * Asks the client's model, then fails once with a connection error that a retry cures.
     *
     * @param prompt the prompt
     */
    @Tool(name = "flaky_sampler", readOnly = true,
            retryPolicy = @Retry(maxAttempts = 3, initialDelayMs = 1, retryOn = ErrorType.CONNECTION_ERROR))
    public String flakySampler(String prompt, ToolContext ctx) {
        String answer = ctx.exchange().sample(SamplingRequest.of(prompt, 10)).text();
        if (flakyRuns.incrementAndGet() == 1) {
            throw new ToolException(ErrorType.CONNECTION_ERROR, "the service could not be reached");
        }
        return answer;
    }

    private static byte[] conformance_png() {
        return java.util.Base64.getDecoder().decode(
                "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==");
    }
}
