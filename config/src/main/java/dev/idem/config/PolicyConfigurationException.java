package dev.idem.config;

import java.util.List;

/**
 * Configuration that cannot be applied: unknown tools or keys (with "did you mean"), values that
 * do not parse or are out of range, a compiled safety flag loosened, a key given twice, a file that
 * cannot be read or honoured. Thrown when the executor is
 * built, with every problem found, so a deployment fails at start-up rather than at the first
 * failed payment.
 */
public final class PolicyConfigurationException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    /** Every problem, one sentence each. */
    private final List<String> problems;

    PolicyConfigurationException(List<String> problems) {
        super(message(problems));
        this.problems = List.copyOf(problems);
    }

    /**
     * Every problem, one sentence each.
     *
     * @return every problem, one sentence each
     */
    public List<String> problems() {
        return problems;
    }

    private static String message(List<String> problems) {
        StringBuilder text = new StringBuilder("Idem policy configuration has ").append(problems.size())
                .append(problems.size() == 1 ? " problem:" : " problems:");
        for (String problem : problems) {
            text.append("\n  - ").append(problem);
        }
        return text.toString();
    }
}
