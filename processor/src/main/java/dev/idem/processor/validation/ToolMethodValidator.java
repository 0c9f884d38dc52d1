package dev.idem.processor.validation;

import dev.idem.processor.model.AnnotationValues;
import dev.idem.processor.model.RetryModel;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.VariableElement;
import javax.lang.model.util.Elements;

/**
 * Checks what a {@code @Tool} annotation and its method declare, apart from parameter types:
 * visibility, type parameters, the tool name, flags, the retry policy and the timeout.
 */
public final class ToolMethodValidator {
    private static final Pattern TOOL_NAME = Pattern.compile("^[a-zA-Z0-9_-]{1,64}$");

    private final Elements elements;

    public ToolMethodValidator(Elements elements) {
        this.elements = elements;
    }

    /** Checks the method and reports on {@code report}; returns the tool's own policy, or null to inherit. */
    public RetryModel validate(ExecutableElement method, AnnotationValues tool, String toolName, String generatedName,
            Report report) {
        if (method.getModifiers().contains(Modifier.PRIVATE)) {
            report.add(Diagnostic.PRIVATE_TOOL_METHOD, method, generatedName);
        }
        if (!method.getTypeParameters().isEmpty()) {
            report.add(Diagnostic.GENERIC_TOOL_METHOD, method);
        }
        if (!TOOL_NAME.matcher(toolName).matches()) {
            AnnotationValue name = tool.explicit("name");
            report.add(Diagnostic.INVALID_TOOL_NAME, method, tool.mirror(), name, toolName);
        }
        int contexts = 0;
        for (VariableElement parameter : method.getParameters()) {
            if (parameter.asType().toString().equals("dev.idem.tool.ToolContext") && ++contexts == 2) {
                report.add(Diagnostic.MULTIPLE_TOOL_CONTEXTS, parameter);
            }
        }
        long timeoutMs = tool.longValue("timeoutMs");
        if (timeoutMs < -1) {
            report.add(Diagnostic.INVALID_TIMEOUT, method, tool.mirror(), tool.explicit("timeoutMs"), timeoutMs);
        }
        boolean readOnly = tool.bool("readOnly");
        boolean restartSafe = tool.bool("restartSafe");
        boolean idempotent = tool.bool("idempotent");
        if (readOnly && !restartSafe) {
            report.add(Diagnostic.READ_ONLY_NOT_RESTART_SAFE, method, tool.mirror(), tool.explicit("restartSafe"));
        }
        // destructive defaults to true, so only a value written out contradicts readOnly.
        if (readOnly && tool.explicit("destructive") != null && tool.bool("destructive")) {
            report.add(Diagnostic.READ_ONLY_DESTRUCTIVE, method, tool.mirror(), tool.explicit("destructive"));
        }
        List<? extends AnnotationValue> retries = tool.list("retryPolicy");
        if (retries.size() > 1) {
            report.add(Diagnostic.MULTIPLE_RETRY_POLICIES, method, tool.mirror(), tool.explicit("retryPolicy"),
                    retries.size());
            return null;
        }
        if (retries.isEmpty()) {
            return null;
        }
        AnnotationValues retry = new AnnotationValues((AnnotationMirror) retries.get(0).getValue(), elements);
        RetryModel model = retry(method, tool, retry, report);
        if (model.maxAttempts() > 1 && !restartSafe && !idempotent && !readOnly) {
            report.add(Diagnostic.RETRY_NEVER_APPLIES, method, tool.mirror(), valueOrWhole(retry, "maxAttempts", retries.get(0)),
                    model.maxAttempts());
        }
        return model;
    }

    private static RetryModel retry(ExecutableElement method, AnnotationValues tool, AnnotationValues retry, Report report) {
        int maxAttempts = retry.integer("maxAttempts");
        long initialDelayMs = retry.longValue("initialDelayMs");
        double backoffFactor = retry.decimal("backoffFactor");
        long maxDelayMs = retry.longValue("maxDelayMs");
        double jitterFactor = retry.decimal("jitterFactor");
        if (maxAttempts < 1) {
            invalid(method, tool, retry, "maxAttempts", "maxAttempts must be at least 1, was " + maxAttempts, report);
        }
        if (initialDelayMs < 0) {
            invalid(method, tool, retry, "initialDelayMs", "initialDelayMs must be at least 0, was " + initialDelayMs, report);
        }
        if (!(backoffFactor >= 1.0) || Double.isInfinite(backoffFactor)) {
            invalid(method, tool, retry, "backoffFactor",
                    "backoffFactor must be a finite number of at least 1.0, was " + backoffFactor, report);
        }
        if (maxDelayMs < initialDelayMs) {
            String member = retry.explicit("maxDelayMs") != null ? "maxDelayMs" : "initialDelayMs";
            invalid(method, tool, retry, member,
                    "maxDelayMs (" + maxDelayMs + ") must be at least initialDelayMs (" + initialDelayMs + ")", report);
        }
        if (!(jitterFactor >= 0.0 && jitterFactor <= 1.0)) {
            invalid(method, tool, retry, "jitterFactor", "jitterFactor must be in [0, 1], was " + jitterFactor, report);
        }
        List<String> retryOn = new ArrayList<>();
        for (AnnotationValue type : retry.list("retryOn")) {
            String name = type.getValue().toString();
            if (!retryOn.contains(name)) {
                retryOn.add(name);
            }
        }
        return new RetryModel(maxAttempts, initialDelayMs, backoffFactor, maxDelayMs, retry.bool("jitter"), jitterFactor,
                List.copyOf(retryOn));
    }

    private static void invalid(ExecutableElement method, AnnotationValues tool, AnnotationValues retry, String member,
            String message, Report report) {
        AnnotationValue value = retry.explicit(member);
        report.add(Diagnostic.INVALID_RETRY_VALUE, method, tool.mirror(), value != null ? value : tool.explicit("retryPolicy"),
                message);
    }

    private static AnnotationValue valueOrWhole(AnnotationValues retry, String member, AnnotationValue whole) {
        AnnotationValue value = retry.explicit(member);
        return value != null ? value : whole;
    }
}
