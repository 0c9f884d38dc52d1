package dev.idem.tool;

import dev.idem.Tool;

/** A tool that needs no transaction. */
public class PlainTool {
    /** Does nothing. */
    @Tool
    public void plain() {
    }
}
