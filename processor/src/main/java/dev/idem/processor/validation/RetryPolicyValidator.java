package dev.idem.processor.validation;

import dev.idem.ErrorType;
import dev.idem.processor.base.AnnotationValues;
import dev.idem.processor.base.Diagnostic;
import dev.idem.processor.base.JavaTypes;
import dev.idem.processor.base.Report;
import dev.idem.processor.base.ToolMethod;
import java.util.List;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.util.Elements;

/**
 * Checks a tool's {@code @Retry}: the same validity rules as the runtime's {@code RetryPolicy}
 * (a test keeps them equal), each reported on the offending value, and whether the tool's flags
 * let the policy re-run the body at all, and for which of the error types it names.
 *
 * <p>The flags follow the runtime's decision table ({@code RetryRule}; a test compares them):
 * {@code readOnly} implies restart-safe and idempotent; a restart-safe tool re-runs after any
 * retryable type its policy names; a tool that is idempotent but not restart-safe is driven
 * again only after a TIMEOUT (its outcome is unknown, its service deduplicates), never after a
 * failure; a tool that is neither runs once. Terminal types are never retried.
 */
final class RetryPolicyValidator {
    private final Elements elements;

    RetryPolicyValidator(Elements elements) {
        this.elements = elements;
    }

    void validate(ToolMethod tool, Report report) {
        AnnotationValues annotation = tool.annotation();
        List<? extends AnnotationValue> retries = annotation.list("retryPolicy");
        if (retries.size() > 1) {
            report.add(Diagnostic.MULTIPLE_RETRY_POLICIES, tool.element(), annotation.mirror(),
                    annotation.explicit("retryPolicy"), retries.size());
            return;
        }
        if (retries.isEmpty()) {
            return;
        }
        AnnotationValues retry = new AnnotationValues((AnnotationMirror) retries.get(0).getValue(), elements);
        values(tool, retry, report);
        boolean readOnly = annotation.bool("readOnly");
        // A transactional tool's failed attempt rolled back: it runs again as a restart-safe tool would.
        boolean restartSafe = annotation.bool("restartSafe") || readOnly || JavaTypes.takesConnection(tool.element());
        boolean idempotent = annotation.bool("idempotent") || readOnly;
        int maxAttempts = retry.integer("maxAttempts");
        if (maxAttempts <= 1) {
            return; // no retries by choice: nothing is unreachable because of the flags
        }
        if (!restartSafe && !idempotent) {
            AnnotationValue written = retry.explicit("maxAttempts");
            report.add(Diagnostic.RETRY_NEVER_APPLIES, tool.element(), annotation.mirror(),
                    written != null ? written : retries.get(0), maxAttempts);
            return;
        }
        unreachableRetryOn(tool, retry, restartSafe, report);
    }

    /** Warns on each written {@code retryOn} entry no failure of this tool can ever re-run it for. */
    private static void unreachableRetryOn(ToolMethod tool, AnnotationValues retry, boolean restartSafe,
            Report report) {
        AnnotationValue written = retry.explicit("retryOn");
        if (written == null) {
            return; // the defaults: the user named nothing to point at
        }
        @SuppressWarnings("unchecked")
        List<? extends AnnotationValue> entries = (List<? extends AnnotationValue>) written.getValue();
        for (AnnotationValue entry : entries) {
            String name = entry.getValue().toString();
            ErrorType type = ErrorType.valueOf(name);
            String why = null;
            if (!type.isRetryable()) {
                why = "it is a terminal error type, never retried";
            } else if (!restartSafe && type != ErrorType.TIMEOUT) {
                why = "the tool is not restartSafe, so it is never started again after a failure; being idempotent,"
                        + " it is driven again only after a TIMEOUT";
            }
            if (why != null) {
                // one entry written without braces has no position of its own: point at the whole value
                report.add(Diagnostic.UNREACHABLE_RETRY_ON, tool.element(), tool.annotation().mirror(),
                        entries.size() == 1 ? written : entry, name, why);
            }
        }
    }

    private static void values(ToolMethod tool, AnnotationValues retry, Report report) {
        int maxAttempts = retry.integer("maxAttempts");
        long initialDelayMs = retry.longValue("initialDelayMs");
        double backoffFactor = retry.decimal("backoffFactor");
        long maxDelayMs = retry.longValue("maxDelayMs");
        double jitterFactor = retry.decimal("jitterFactor");
        if (maxAttempts < 1) {
            invalid(tool, retry, "maxAttempts", "maxAttempts must be at least 1, was " + maxAttempts, report);
        }
        if (initialDelayMs < 0) {
            invalid(tool, retry, "initialDelayMs", "initialDelayMs must be at least 0, was " + initialDelayMs, report);
        }
        if (!(backoffFactor >= 1.0) || Double.isInfinite(backoffFactor)) {
            invalid(tool, retry, "backoffFactor",
                    "backoffFactor must be a finite number of at least 1.0, was " + backoffFactor, report);
        }
        if (maxDelayMs < initialDelayMs) {
            String member = retry.explicit("maxDelayMs") != null ? "maxDelayMs" : "initialDelayMs";
            invalid(tool, retry, member,
                    "maxDelayMs (" + maxDelayMs + ") must be at least initialDelayMs (" + initialDelayMs + ")", report);
        }
        if (!(jitterFactor >= 0.0 && jitterFactor <= 1.0)) {
            invalid(tool, retry, "jitterFactor", "jitterFactor must be in [0, 1], was " + jitterFactor, report);
        }
    }

    private static void invalid(ToolMethod tool, AnnotationValues retry, String member, String message, Report report) {
        AnnotationValue value = retry.explicit(member);
        report.add(Diagnostic.INVALID_RETRY_VALUE, tool.element(), tool.annotation().mirror(),
                value != null ? value : tool.annotation().explicit("retryPolicy"), message);
    }
}
