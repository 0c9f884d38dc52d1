package dev.idem.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The ratios of docs/benchmarks.md are computed from JMH's JSON, so the computation must be right. */
class ResultTableTest {

    private static String result(String method, String params, int threads, double score, double bytes) {
        return "{\"benchmark\":\"dev.idem.benchmarks.OrderDispatchBenchmark." + method + "\",\"mode\":\"avgt\","
                + "\"threads\":" + threads + ",\"params\":" + params + ","
                + "\"primaryMetric\":{\"score\":" + score + ",\"scoreError\":10.0,\"scoreUnit\":\"ns/op\"},"
                + "\"secondaryMetrics\":{\"gc.alloc.rate.norm\":{\"score\":" + bytes + ",\"scoreUnit\":\"B/op\"},"
                + "\"gc.count\":{\"score\":3.0,\"scoreUnit\":\"counts\"}}}";
    }

    private static String print(java.util.function.Consumer<PrintStream> table) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        table.accept(new PrintStream(bytes, true, StandardCharsets.UTF_8));
        return bytes.toString(StandardCharsets.UTF_8);
    }

    @Test
    void everyPathIsComparedWithTheFloorAndThePeersOfItsOwnSetting() {
        List<ResultTable.Row> rows = ResultTable.parse("[" + String.join(",",
                result("floor", "{\"lines\":\"8\"}", 1, 1000, 2000),
                result("idemExecutor", "{\"lines\":\"8\"}", 1, 2500, 3000),
                result("langchain4jDefaultToolExecutor", "{\"lines\":\"8\"}", 1, 5000, 9000),
                result("springAiMethodToolCallback", "{\"lines\":\"8\"}", 1, 10000, 12000),
                result("floor", "{\"lines\":\"64\"}", 1, 8000, 16000)) + "]");

        assertThat(rows).hasSize(5);
        assertThat(rows.get(1).bytes()).isEqualTo(3000);
        assertThat(rows.get(1).group()).isEqualTo("OrderDispatchBenchmark lines=8");

        String table = print(out -> ResultTable.dispatch(rows, out));
        // time 2.5x the floor, bytes 1.5x; LangChain4j takes 2x its time, Spring AI 4x; a third of LangChain4j's bytes.
        assertThat(table).contains("| idemExecutor | 2,500 ± 10 | 3,000 | 2.50x | 1.50x | 2.00x | 4.00x | 0.33x | 0.25x |");
        assertThat(table).contains("**OrderDispatchBenchmark lines=64**");
        assertThat(table).contains("| floor | 8,000 ± 10 | 16,000 | 1.00x | 1.00x |  |  |  |  |");
    }

    @Test
    void rowsComeInTheReadmesOrderWhateverOrderJmhRanThem() {
        List<ResultTable.Row> rows = ResultTable.parse("[" + String.join(",",
                result("springAiMethodToolCallback", "{}", 1, 4, 4),
                result("idemExecutor", "{}", 1, 3, 3),
                result("floor", "{}", 1, 1, 1),
                result("idemGeneratedDispatch", "{}", 1, 2, 2)) + "]");

        assertThat(ResultTable.sorted(rows)).extracting(ResultTable.Row::method)
                .containsExactly("floor", "idemGeneratedDispatch", "idemExecutor", "springAiMethodToolCallback");
    }

    @Test
    void theSeriesHasOneLinePerSettingAndOneColumnPerPath() {
        List<ResultTable.Row> rows = ResultTable.parse("[" + String.join(",",
                result("floor", "{\"lines\":\"1\"}", 1, 300, 500),
                result("idemExecutor", "{\"lines\":\"1\"}", 1, 900, 1500),
                result("floor", "{\"lines\":\"8\"}", 1, 1000, 2000),
                result("idemExecutor", "{\"lines\":\"8\"}", 1, 2500, 3000)) + "]");

        String table = print(out -> ResultTable.series(rows, out));

        assertThat(table).contains("| ns/op | floor | idemExecutor |\n|---|---:|---:|\n"
                + "| lines=1 | 300 | 900 |\n| lines=8 | 1,000 | 2,500 |");
        assertThat(table).contains("| B/op | floor | idemExecutor |\n|---|---:|---:|\n"
                + "| lines=1 | 500 | 1,500 |\n| lines=8 | 2,000 | 3,000 |");
    }

    @Test
    void scalingIsThroughputWithMoreThreadsOverThroughputWithOne() {
        List<ResultTable.Row> one = ResultTable.parse("[" + result("idemExecutor", "{}", 1, 2.0, 100) + "]");
        List<ResultTable.Row> two = ResultTable.parse("[" + result("idemExecutor", "{}", 2, 3.7, 100) + "]");

        String table = print(out -> ResultTable.threads(one, two, out));

        assertThat(table).contains("| idemExecutor | 2.000 | 3.700 | 1.85x |");
    }
}
