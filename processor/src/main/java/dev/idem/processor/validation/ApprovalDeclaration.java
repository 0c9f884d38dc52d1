package dev.idem.processor.validation;

import dev.idem.processor.base.AnnotationValues;
import dev.idem.processor.base.Diagnostic;
import dev.idem.processor.base.JavaTypes;
import dev.idem.processor.base.Report;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.NestingKind;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.util.ElementFilter;

/**
 * Checks {@code requiresApproval}, {@code approvalWhen} and {@code approvers} of one {@code @Tool}:
 * a condition or approvers only with the requirement, a condition class the generated code can
 * create with {@code new}, no blank approver. Each problem lands on the annotation value at fault.
 */
final class ApprovalDeclaration {

    private ApprovalDeclaration() {}

    static void validate(ExecutableElement method, AnnotationValues tool, Report report) {
        boolean required = tool.bool("requiresApproval");
        AnnotationValue condition = tool.explicit("approvalWhen");
        AnnotationValue approvers = tool.explicit("approvers");
        if (!required && condition != null) {
            report.add(Diagnostic.APPROVAL_WITHOUT_REQUIREMENT, method, tool.mirror(), condition, "approvalWhen",
                    "approvalWhen");
        }
        if (!required && approvers != null && !tool.list("approvers").isEmpty()) {
            report.add(Diagnostic.APPROVAL_WITHOUT_REQUIREMENT, method, tool.mirror(), approvers, "approvers", "approvers");
        }
        for (AnnotationValue approver : tool.list("approvers")) {
            if (((String) approver.getValue()).isBlank()) {
                report.add(Diagnostic.BLANK_APPROVER, method, tool.mirror(), approvers);
            }
        }
        if (condition != null && condition.getValue() instanceof DeclaredType declared) {
            TypeElement type = (TypeElement) declared.asElement();
            String why = whyNotInstantiable(type);
            if (why != null) {
                report.add(Diagnostic.APPROVAL_CONDITION_NOT_INSTANTIABLE, method, tool.mirror(), condition,
                        type.getSimpleName(), why);
            }
        }
    }

    /** Why {@code new Type()} cannot be written in the tool's generated set, or null when it can. */
    private static String whyNotInstantiable(TypeElement type) {
        if (type.getQualifiedName().contentEquals(JavaTypes.APPROVAL_CONDITION)) {
            return "it is the interface itself (leave approvalWhen out for every call)";
        }
        if (type.getKind() != ElementKind.CLASS && type.getKind() != ElementKind.RECORD) {
            return "it is " + (type.getKind() == ElementKind.ENUM ? "an enum" : "an interface");
        }
        if (type.getModifiers().contains(Modifier.ABSTRACT)) {
            return "it is abstract";
        }
        if (!type.getTypeParameters().isEmpty()) {
            return "it is generic";
        }
        for (Element scope = type; scope instanceof TypeElement nested; scope = scope.getEnclosingElement()) {
            if (!nested.getModifiers().contains(Modifier.PUBLIC)) {
                return nested == type ? "it is not public" : "its enclosing " + nested.getSimpleName() + " is not public";
            }
            if (nested.getNestingKind() == NestingKind.MEMBER && !nested.getModifiers().contains(Modifier.STATIC)
                    && nested.getKind() == ElementKind.CLASS) {
                return nested.getSimpleName() + " is an inner (non-static) class";
            }
            if (nested.getNestingKind() == NestingKind.LOCAL || nested.getNestingKind() == NestingKind.ANONYMOUS) {
                return "it is a local class";
            }
        }
        for (ExecutableElement constructor : ElementFilter.constructorsIn(type.getEnclosedElements())) {
            if (constructor.getParameters().isEmpty()) {
                return constructor.getModifiers().contains(Modifier.PUBLIC) ? null : "its no-argument constructor is not public";
            }
        }
        return "it has no no-argument constructor";
    }
}
