package dev.idem.harm;

/**
 * What one stack did in one scenario, counted at the service.
 *
 * @param stack      the row
 * @param scenario   the column
 * @param supported  false when the stack cannot express the scenario (n/a)
 * @param intents    faulted intents played
 * @param duplicated payments beyond the first, over all intents
 * @param lost       intents reported done with no payment made
 * @param wrong      intents reported failed with a payment made, or done with none
 * @param done       intents paid once and reported done
 * @param calls      payment requests the service received
 * @param millis     wall-clock time of the cell
 */
public record Cell(String stack, Scenario scenario, boolean supported, int intents, int duplicated, int lost,
        int wrong, int done, long calls, long millis) {

    /**
     * A scenario the stack cannot express.
     *
     * @param stack    the row
     * @param scenario the column
     * @return the n/a cell
     */
    public static Cell notApplicable(String stack, Scenario scenario) {
        return new Cell(stack, scenario, false, 0, 0, 0, 0, 0, 0, 0);
    }

    /**
     * Per 1,000 faulted intents.
     *
     * @param count a count of this cell
     * @return count * 1000 / intents, rounded
     */
    public long per1000(int count) {
        return intents == 0 ? 0 : Math.round(count * 1000.0 / intents);
    }
}
