package dev.idem.internal.call;

import dev.idem.tool.ApprovalNeeded;
import dev.idem.tool.ToolResult;
/**
 * What {@link CallPreparation} hands on: a {@link PreparedCall} whose body may run, or the
 * {@linkplain Refused result} of a call whose body must not run at all.
 */
public sealed interface Preparation permits PreparedCall, Preparation.Refused {

    /**
     * Looked up, parsed, bound and guarded, and refused on the way: nothing of the tool ran.
     *
     * @param awaiting what a person must approve when the refusal is only that, else {@code null}
     */
    record Refused(ToolResult result, ApprovalNeeded awaiting) implements Preparation {
        public Refused(ToolResult result) {
            this(result, null);
        }
    }
}
