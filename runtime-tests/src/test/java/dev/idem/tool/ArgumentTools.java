package dev.idem.tool;

import dev.idem.Param;
import dev.idem.Tool;
import java.math.BigDecimal;
import tools.jackson.databind.JsonNode;

/** The tools of {@link ArgumentHandlingTest}: each answers the arguments it was bound. */
public class ArgumentTools extends ScriptedTools {

    /**
     * Forecasts the weather.
     *
     * @param city  where
     * @param days  how many days ahead
     * @param units metric or imperial
     */
    @Tool
    public JsonNode weather(String city, int days, @Param(required = false) String units, ToolContext context)
            throws Exception {
        return run(context, "city", city, "days", days, "units", units);
    }

    /**
     * Tells the time.
     *
     * @param amount any decimal
     */
    @Tool
    public JsonNode getTime(@Param(required = false) BigDecimal amount, ToolContext context) throws Exception {
        return run(context, "amount", amount);
    }
}
