package dev.idem.processor.validation;

import dev.idem.processor.base.AnnotationValues;
import dev.idem.processor.base.Diagnostic;
import dev.idem.processor.base.Direction;
import dev.idem.processor.base.JavaTypes;
import dev.idem.processor.base.PropertyElement;
import dev.idem.processor.base.Report;
import dev.idem.processor.base.ToolMethod;
import java.util.List;
import java.util.regex.Pattern;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;

/**
 * Checks one {@code @Tool} method: visibility, type parameters, the tool name, the context
 * parameter, flags, timeout, retry policy, description, and every parameter and result type.
 */
final class ToolMethodValidator {
    private static final Pattern TOOL_NAME = Pattern.compile("^[a-zA-Z0-9_-]{1,64}$");

    private final JavaTypes javaTypes;
    private final RetryPolicyValidator retryPolicy;

    ToolMethodValidator(JavaTypes javaTypes) {
        this.javaTypes = javaTypes;
        this.retryPolicy = new RetryPolicyValidator(javaTypes.elements());
    }

    /** @param generatedName the simple name of the generated tool set, which calls the method */
    void validate(ToolMethod tool, String generatedName, TypeValidator types, Report report) {
        ExecutableElement method = tool.element();
        AnnotationValues annotation = tool.annotation();
        if (method.getModifiers().contains(Modifier.PRIVATE)) {
            report.add(Diagnostic.PRIVATE_TOOL_METHOD, method, generatedName);
        }
        if (!method.getTypeParameters().isEmpty()) {
            report.add(Diagnostic.GENERIC_TOOL_METHOD, method);
        }
        if (!TOOL_NAME.matcher(tool.name()).matches()) {
            report.add(Diagnostic.INVALID_TOOL_NAME, method, annotation.mirror(), annotation.explicit("name"), tool.name());
        }
        long timeoutMs = annotation.longValue("timeoutMs");
        if (timeoutMs < -1) {
            report.add(Diagnostic.INVALID_TIMEOUT, method, annotation.mirror(), annotation.explicit("timeoutMs"), timeoutMs);
        }
        if (annotation.bool("readOnly") && !annotation.bool("restartSafe")) {
            report.add(Diagnostic.READ_ONLY_NOT_RESTART_SAFE, method, annotation.mirror(),
                    annotation.explicit("restartSafe"));
        }
        // destructive defaults to true, so only a value written out contradicts readOnly.
        if (annotation.bool("readOnly") && annotation.explicit("destructive") != null && annotation.bool("destructive")) {
            report.add(Diagnostic.READ_ONLY_DESTRUCTIVE, method, annotation.mirror(), annotation.explicit("destructive"));
        }
        ApprovalDeclaration.validate(method, annotation, report);
        retryPolicy.validate(tool, report);
        if (annotation.explicit("description") != null && annotation.string("description").isBlank()) {
            report.add(Diagnostic.BLANK_DESCRIPTION, method, annotation.mirror(), annotation.explicit("description"));
        } else if (tool.description().isEmpty()) {
            report.add(Diagnostic.MISSING_DESCRIPTION, method, tool.name());
        }
        parameters(method, types, report);
        result(method, types);
    }

    private void parameters(ExecutableElement method, TypeValidator types, Report report) {
        int contexts = 0;
        int connections = 0;
        for (VariableElement parameter : method.getParameters()) {
            if (JavaTypes.isConnection(parameter.asType())) {
                connection(method, parameter, ++connections, report);
                continue;
            }
            if (javaTypes.isMistakenConnection(parameter.asType())) {
                report.add(Diagnostic.TRANSACTION_CONNECTION_TYPE, parameter, parameter.asType());
                continue;
            }
            if (javaTypes.isToolContext(parameter.asType())) {
                if (++contexts == 2) {
                    report.add(Diagnostic.MULTIPLE_TOOL_CONTEXTS, parameter);
                }
                if (JavaTypes.hasNullable(parameter) || JavaTypes.hasNullable(parameter.asType())) {
                    report.add(Diagnostic.NULLABLE_TOOL_CONTEXT, parameter);
                }
                continue;
            }
            PropertyElement property = PropertyElement.of(parameter, parameter.asType(),
                    parameter.getSimpleName().toString(), javaTypes.elements());
            types.property(property, parameter, "", Direction.INPUT);
        }
    }

    /** The checks of a transactional tool's connection parameter, each on the parameter. */
    private void connection(ExecutableElement method, VariableElement parameter, int count, Report report) {
        if (count == 2) {
            report.add(Diagnostic.MULTIPLE_CONNECTIONS, parameter);
        }
        if (count > 1) {
            return;
        }
        if (AnnotationValues.find(method, dev.idem.processor.base.ToolMethod.TOOL, javaTypes.elements()).bool("readOnly")) {
            report.add(Diagnostic.READ_ONLY_TRANSACTIONAL, parameter);
        }
        if (javaTypes.isCompletionStage(method.getReturnType())) {
            report.add(Diagnostic.ASYNC_TRANSACTIONAL, parameter);
        }
    }

    private void result(ExecutableElement method, TypeValidator types) {
        TypeMirror returnType = method.getReturnType();
        if (javaTypes.isCompletionStage(returnType)) {
            List<? extends TypeMirror> args = ((DeclaredType) returnType).getTypeArguments();
            if (!args.isEmpty() && !JavaTypes.isType(args.get(0), "java.lang.Void")) {
                types.type(args.get(0), "result", method, Direction.OUTPUT);
            }
        } else if (returnType.getKind() != TypeKind.VOID) {
            types.type(returnType, "result", method, Direction.OUTPUT);
        }
    }
}
