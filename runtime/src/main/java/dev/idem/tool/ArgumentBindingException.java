package dev.idem.tool;

import java.util.List;

/**
 * Arguments could not be bound to a tool's parameters. Thrown by generated binders before the
 * body runs, so the tool was not executed. Binding errors are terminal: never retried.
 */
public final class ArgumentBindingException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** One sentence per problem, in parameter order. */
    private final List<String> problems;

    /** @param problems one sentence per problem, e.g. {@code "missing required parameter 'cents'"} */
    public ArgumentBindingException(List<String> problems) {
        super(String.join("; ", problems), null, false, false);
        if (problems.isEmpty()) {
            throw new IllegalArgumentException("problems must not be empty");
        }
        this.problems = List.copyOf(problems);
    }

    /**
     * Every problem found, in parameter order.
     *
     * @return one sentence per problem, in parameter order
     */
    public List<String> problems() {
        return problems;
    }
}
