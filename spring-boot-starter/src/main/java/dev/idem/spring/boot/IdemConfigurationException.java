package dev.idem.spring.boot;

import java.util.List;

/**
 * The application's {@code idem.*} keys cannot be applied: every problem of the starter's keys and
 * of the runtime's together, one sentence each, in the runtime's form. Thrown at start-up, when the
 * executor is made; {@link IdemConfigurationFailureAnalyzer} turns it into Boot's failure summary.
 */
final class IdemConfigurationException extends IllegalStateException {
    private static final long serialVersionUID = 1L;

    /** Every problem, one sentence each. */
    private final List<String> problems;

    IdemConfigurationException(List<String> problems) {
        super(message(problems));
        this.problems = List.copyOf(problems);
    }

    List<String> problems() {
        return problems;
    }

    private static String message(List<String> problems) {
        StringBuilder text = new StringBuilder("Idem configuration has ").append(problems.size())
                .append(problems.size() == 1 ? " problem:" : " problems:");
        problems.forEach(problem -> text.append("\n  - ").append(problem));
        return text.toString();
    }
}
