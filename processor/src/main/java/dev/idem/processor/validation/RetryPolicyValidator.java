package dev.idem.processor.validation;

import dev.idem.processor.base.AnnotationValues;
import dev.idem.processor.base.Diagnostic;
import dev.idem.processor.base.Report;
import dev.idem.processor.base.ToolMethod;
import java.util.List;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.util.Elements;

/**
 * Checks a tool's {@code @Retry}: the same validity rules as the runtime's {@code RetryPolicy}
 * (a test keeps them equal), each reported on the offending value, and whether the tool's flags
 * let the policy re-run the body at all.
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
        int maxAttempts = retry.integer("maxAttempts");
        if (maxAttempts > 1 && !annotation.bool("restartSafe") && !annotation.bool("idempotent") && !readOnly) {
            AnnotationValue written = retry.explicit("maxAttempts");
            report.add(Diagnostic.RETRY_NEVER_APPLIES, tool.element(), annotation.mirror(),
                    written != null ? written : retries.get(0), maxAttempts);
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
