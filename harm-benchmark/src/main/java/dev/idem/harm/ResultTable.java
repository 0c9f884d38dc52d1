package dev.idem.harm;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The table people read: stacks as rows, scenarios as columns, each cell
 * {@code duplicated / lost / wrong} per 1,000 faulted intents; then the row's totals, the share
 * of intents paid once and reported done, the payment requests made and the time taken.
 */
public final class ResultTable {
    private final Map<String, List<Cell>> rows = new LinkedHashMap<>();

    /**
     * Adds a cell to its row, in play order.
     *
     * @param cell the cell
     */
    public void add(Cell cell) {
        rows.computeIfAbsent(cell.stack(), name -> new ArrayList<>()).add(cell);
    }

    /**
     * The cells of each row, in order.
     *
     * @return rows by stack name
     */
    public Map<String, List<Cell>> rows() {
        return rows;
    }

    /**
     * A row's totals over the scenarios it plays.
     *
     * @param cells the row
     * @return one cell summing them
     */
    public static Cell total(List<Cell> cells) {
        int intents = 0;
        int duplicated = 0;
        int lost = 0;
        int wrong = 0;
        int done = 0;
        long calls = 0;
        long millis = 0;
        for (Cell cell : cells) {
            intents += cell.intents();
            duplicated += cell.duplicated();
            lost += cell.lost();
            wrong += cell.wrong();
            done += cell.done();
            calls += cell.calls();
            millis += cell.millis();
        }
        return new Cell(cells.isEmpty() ? "" : cells.get(0).stack(), null, true, intents, duplicated, lost, wrong, done,
                calls, millis);
    }

    /**
     * The table in Markdown.
     *
     * @return the table's lines
     */
    public String markdown() {
        StringBuilder out = new StringBuilder("| stack |");
        for (Scenario scenario : Scenario.values()) {
            out.append(' ').append(scenario.label()).append(" |");
        }
        out.append(" **all** | intents | done once | calls | time |\n|---|");
        out.append("---|".repeat(Scenario.values().length)).append("---|---:|---:|---:|---:|\n");
        rows.forEach((stack, cells) -> {
            out.append("| ").append(stack).append(" |");
            for (Scenario scenario : Scenario.values()) {
                Cell cell = cells.stream().filter(c -> c.scenario() == scenario).findFirst().orElse(null);
                out.append(' ').append(cell == null ? "" : cell.supported() ? triple(cell) : "n/a").append(" |");
            }
            Cell total = total(cells.stream().filter(Cell::supported).toList());
            out.append(" **").append(triple(total)).append("** | ").append(total.intents()).append(" | ")
                    .append(String.format(Locale.ROOT, "%.1f%%", total.intents() == 0 ? 0 : total.done() * 100.0 / total.intents()))
                    .append(" | ").append(total.calls()).append(" | ")
                    .append(String.format(Locale.ROOT, "%.1f s", total.millis() / 1000.0)).append(" |\n");
        });
        return out.toString();
    }

    private static String triple(Cell cell) {
        return cell.per1000(cell.duplicated()) + " / " + cell.per1000(cell.lost()) + " / " + cell.per1000(cell.wrong());
    }
}
