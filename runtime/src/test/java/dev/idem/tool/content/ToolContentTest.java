package dev.idem.tool.content;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.idem.generated.ResultEncoder;
import dev.idem.tool.ToolResult;
import dev.idem.tool.exchange.LogLevel;
import dev.idem.tool.exchange.SamplingRequest;
import dev.idem.tool.exchange.ToolExchange;
import java.util.Random;
import org.junit.jupiter.api.Test;

class ToolContentTest {

    private static final ToolContent CHART = ToolContent.of(ContentItem.text("Sales"),
            ContentItem.image(new byte[1024], "image/png"), ContentItem.audio(new byte[] {1}, "audio/wav"),
            ContentItem.resourceText("report://sales", "application/json", "{\"a\":1}"),
            ContentItem.resourceBlob("report://raw", null, new byte[] {1, 2}),
            ContentItem.resourceLink("file:///sales.pdf", "sales.pdf", "application/pdf"));

    @Test
    void contentJsonReadsBackItemForItem() {
        Random random = new Random(24);
        for (int i = 0; i < 50; i++) {
            byte[] bytes = new byte[random.nextInt(64)];
            random.nextBytes(bytes);
            ToolContent content = ToolContent.of(ContentItem.text("t" + i), ContentItem.image(bytes, "image/png"),
                    ContentItem.resourceBlob("r://" + i, "application/octet-stream", bytes));

            assertThat(ToolContent.fromJson(content.toJson())).contains(content);
        }
        assertThat(ToolContent.fromJson(CHART.toJson())).contains(CHART);
    }

    @Test
    void aToolReturningContentHasItsJsonAsTheResultValue() {
        assertThat(ResultEncoder.text(CHART)).isEqualTo(CHART.toJson());
    }

    @Test
    void adaptersWithTextResultsSendTheFallbackText() {
        ToolResult result = ToolResult.success("c1", "chart", CHART.toJson(), 1, "k");

        assertThat(result.textForModel()).isEqualTo("Sales\n[image image/png, 1024 bytes]\n[audio audio/wav, 1 bytes]\n"
                + "[resource report://sales application/json]\n{\"a\":1}\n[resource report://raw, 2 bytes]\n"
                + "[resource link: sales.pdf <file:///sales.pdf>]");
    }

    @Test
    void anObjectThatOnlyLooksLikeContentIsAValue() {
        assertThat(ToolContent.fromJson(ResultEncoder.object().put("dev.idem/content", "text"))).isEmpty();
        assertThat(ToolContent.fromJson(ResultEncoder.object())).isEmpty();
    }

    @Test
    void outsideMcpLogAndProgressGoNowhereAndSamplingIsAProgrammingError() {
        ToolExchange none = ToolExchange.none();
        none.log(LogLevel.INFO, "nobody hears this");
        none.progress(1, 2, null);

        assertThat(none.canSample()).isFalse();
        assertThat(none.canElicit()).isFalse();
        assertThatThrownBy(() -> none.sample(SamplingRequest.of("hi", 10)))
                .isInstanceOf(UnsupportedOperationException.class).hasMessageContaining("canSample()");
    }
}
