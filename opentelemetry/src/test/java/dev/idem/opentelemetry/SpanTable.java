package dev.idem.opentelemetry;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** The tables of docs/opentelemetry.md, read as the tests hold the code to them. */
final class SpanTable {

    /** One attribute row: on which span, its key, its level in the conventions, when Idem sets it. */
    record Row(String span, String attribute, String level, String setWhen) {}

    static final Path PAGE = Path.of("..", "docs", "opentelemetry.md");

    private SpanTable() {}

    static List<Row> attributes() {
        List<Row> rows = new ArrayList<>();
        for (List<String> cells : table("<!-- span attributes: read by OpenTelemetrySpansTest -->")) {
            rows.add(new Row(cells.get(0), unquote(cells.get(1)), cells.get(2), cells.get(3)));
        }
        return rows;
    }

    /** The metrics table: name, instrument, unit, bucket boundaries, attributes. */
    static List<List<String>> metrics() {
        return table("<!-- metrics: read by OpenTelemetrySpansTest -->");
    }

    static String page() {
        try {
            return Files.readString(PAGE);
        } catch (IOException e) {
            throw new AssertionError("cannot read " + PAGE.toAbsolutePath(), e);
        }
    }

    static String unquote(String cell) {
        return cell.replace("`", "").trim();
    }

    private static List<List<String>> table(String marker) {
        List<String> lines = page().lines().toList();
        int at = lines.indexOf(marker);
        if (at < 0) {
            throw new AssertionError(PAGE + " has no table marked " + marker);
        }
        List<List<String>> rows = new ArrayList<>();
        for (int i = at + 3; i < lines.size() && lines.get(i).startsWith("|"); i++) {
            String line = lines.get(i);
            List<String> cells = new ArrayList<>();
            for (String cell : line.substring(1, line.length() - 1).split("\\|", -1)) {
                cells.add(cell.trim());
            }
            rows.add(cells);
        }
        return rows;
    }
}
