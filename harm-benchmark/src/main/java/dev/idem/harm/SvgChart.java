package dev.idem.harm;

import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The chart: per stack, duplicated effects and wrong reports per 1,000 faulted intents over all
 * the scenarios it plays, as horizontal bars (plain SVG, no library).
 */
public final class SvgChart {
    private SvgChart() {
    }

    /**
     * Draws the table's totals.
     *
     * @param table the results
     * @param title the chart's title
     * @return an SVG document
     */
    public static String of(ResultTable table, String title) {
        Map<String, List<Cell>> rows = table.rows();
        long max = 1;
        for (List<Cell> cells : rows.values()) {
            Cell total = ResultTable.total(cells.stream().filter(Cell::supported).toList());
            max = Math.max(max, Math.max(total.per1000(total.duplicated()), total.per1000(total.wrong())));
        }
        int label = 260;
        int width = 900;
        int barArea = width - label - 80;
        int rowHeight = 34;
        int height = 70 + rows.size() * rowHeight + 30;
        StringBuilder svg = new StringBuilder();
        svg.append(String.format(Locale.ROOT,
                "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" font-family=\"sans-serif\" font-size=\"13\">%n",
                width, height));
        svg.append("<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n");
        svg.append("<text x=\"10\" y=\"22\" font-size=\"15\" font-weight=\"bold\">").append(escape(title)).append("</text>\n");
        svg.append(String.format(Locale.ROOT,
                "<rect x=\"%d\" y=\"34\" width=\"12\" height=\"12\" fill=\"#c0392b\"/><text x=\"%d\" y=\"45\">duplicated effects per 1,000 faulted intents</text>%n",
                label, label + 18));
        svg.append(String.format(Locale.ROOT,
                "<rect x=\"%d\" y=\"34\" width=\"12\" height=\"12\" fill=\"#e6a23c\"/><text x=\"%d\" y=\"45\">wrong reports per 1,000</text>%n",
                label + 330, label + 348));
        int y = 62;
        for (Map.Entry<String, List<Cell>> row : rows.entrySet()) {
            Cell total = ResultTable.total(row.getValue().stream().filter(Cell::supported).toList());
            long duplicated = total.per1000(total.duplicated());
            long wrong = total.per1000(total.wrong());
            svg.append(String.format(Locale.ROOT, "<text x=\"10\" y=\"%d\">%s</text>%n", y + 17, escape(row.getKey())));
            bar(svg, label, y + 3, duplicated, max, barArea, "#c0392b");
            bar(svg, label, y + 16, wrong, max, barArea, "#e6a23c");
            y += rowHeight;
        }
        svg.append("</svg>\n");
        return svg.toString();
    }

    private static void bar(StringBuilder svg, int x, int y, long value, long max, int area, String color) {
        int length = (int) Math.round(value * (double) area / max);
        svg.append(String.format(Locale.ROOT, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"12\" fill=\"%s\"/>", x, y,
                Math.max(length, 1), color));
        svg.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" font-size=\"11\">%d</text>%n", x + Math.max(length, 1) + 4,
                y + 10, value));
    }

    private static String escape(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
    }
}
