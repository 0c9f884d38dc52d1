package dev.idem.spring.boot;

import dev.idem.config.PolicyConfigurationException;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.diagnostics.FailureAnalyzer;

/**
 * Boot's "APPLICATION FAILED TO START" summary for {@code idem.*} keys that cannot be applied (an
 * unknown key, a loosened safety flag, a value out of range): the problems, each naming its file
 * and key (with "did you mean"), and what to do, once, instead of the bean-creation stack trace
 * that repeats the message at every level. Registered in {@code META-INF/spring.factories}.
 */
public final class IdemConfigurationFailureAnalyzer implements FailureAnalyzer {

    /** What the summary tells the user to do. */
    static final String ACTION = "Correct or remove the idem.* keys named above, in the file each problem names"
            + " (application.yml, a profile file, idem.properties, a system property or environment variable)."
            + " Configuration can tighten a tool's compiled safety but never loosen it: to make a tool restart-safe,"
            + " idempotent or read-only, change its @Tool annotation and compile again. The keys are listed in"
            + " Idem's docs/configuration.md and docs/spring-boot.md.";

    /** Creates the analyzer (Boot does). */
    public IdemConfigurationFailureAnalyzer() {}

    @Override
    public @Nullable FailureAnalysis analyze(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            List<String> problems = cause instanceof IdemConfigurationException starter ? starter.problems()
                    : cause instanceof PolicyConfigurationException runtime ? runtime.problems() : null;
            if (problems != null) {
                return new FailureAnalysis(cause.getMessage(), ACTION, cause);
            }
        }
        return null;
    }
}
