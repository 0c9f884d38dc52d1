package dev.idem.tool;

import dev.idem.Tool;
import tools.jackson.databind.JsonNode;

/** The tools of {@link ToolResultFormatterTest}. */
public final class FormatterTools {

    private FormatterTools() {
    }

    /** The executor's policy. */
    public static class Explode extends ScriptedTools {
        /** Explodes. */
        @Tool
        public JsonNode explode(ToolContext context) throws Exception {
            return run(context);
        }
    }

    /** The executor's policy. */
    public static class Npe extends ScriptedTools {
        /** Dereferences null. */
        @Tool
        public JsonNode npe(ToolContext context) throws Exception {
            return run(context);
        }
    }
}
