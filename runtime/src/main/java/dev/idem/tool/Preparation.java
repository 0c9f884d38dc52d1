package dev.idem.tool;

/**
 * What {@link CallPreparation} hands on: a {@link PreparedCall} whose body may run, or the
 * {@linkplain Refused result} of a call whose body must not run at all.
 */
sealed interface Preparation permits PreparedCall, Preparation.Refused {

    /** Looked up, parsed, bound and guarded, and refused on the way: nothing of the tool ran. */
    record Refused(ToolResult result) implements Preparation {}
}
