package dev.idem.processor.validation;

import dev.idem.processor.base.AnnotationValues;
import dev.idem.processor.base.Diagnostic;
import dev.idem.processor.base.JavaTypes;
import dev.idem.processor.base.Report;
import dev.idem.processor.base.ToolMethod;
import java.util.ArrayList;
import java.util.List;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.Types;

/**
 * Checks {@code @Tool(verifier = "name")}: one method of the tool's class of that name, reachable
 * from the generated tool set, taking the idempotency key ({@code String}) and optionally then the
 * tool's parameters in order (its {@code ToolContext} left out), returning
 * {@code Verification<R>} of the tool's result type {@code R} (boxed; {@code Void} for none; the
 * {@code T} of a {@code CompletionStage<T>}), not itself a {@code @Tool} with side effects, and
 * only on a tool whose outcome can be unknown (not read-only).
 */
final class VerifierValidator {
    static final String VERIFICATION = "dev.idem.tool.Verification";

    private final JavaTypes javaTypes;

    VerifierValidator(JavaTypes javaTypes) {
        this.javaTypes = javaTypes;
    }

    void validate(ToolMethod tool, String generatedName, Report report) {
        AnnotationValues annotation = tool.annotation();
        String name = annotation.string("verifier");
        if (name.isEmpty()) {
            return;
        }
        ExecutableElement method = tool.element();
        AnnotationValue value = annotation.explicit("verifier");
        TypeElement type = (TypeElement) method.getEnclosingElement();
        if (annotation.bool("readOnly")) {
            report.add(Diagnostic.VERIFIER_ON_READ_ONLY_TOOL, method, annotation.mirror(), value, name);
            return;
        }
        List<ExecutableElement> named = named(type, name);
        if (named.isEmpty()) {
            report.add(Diagnostic.VERIFIER_NOT_FOUND, method, annotation.mirror(), value, name, type.getSimpleName());
            return;
        }
        if (named.size() > 1) {
            report.add(Diagnostic.AMBIGUOUS_VERIFIER, method, annotation.mirror(), value, name, named.size(),
                    type.getSimpleName());
            return;
        }
        ExecutableElement verifier = named.get(0);
        String signature = verifier.getSimpleName() + verifier.getParameters().toString().replace('[', '(').replace(']', ')');
        if (verifier.getModifiers().contains(Modifier.PRIVATE)) {
            report.add(Diagnostic.UNREACHABLE_VERIFIER, verifier, signature, generatedName, "it is private");
        } else if (method.getModifiers().contains(Modifier.STATIC) && !verifier.getModifiers().contains(Modifier.STATIC)) {
            report.add(Diagnostic.UNREACHABLE_VERIFIER, verifier, signature, generatedName,
                    "the tool is static, so its verifier must be static too");
        }
        AnnotationValues asTool = AnnotationValues.find(verifier, ToolMethod.TOOL, javaTypes.elements());
        if (asTool != null && !asTool.bool("readOnly")) {
            report.add(Diagnostic.VERIFIER_WITH_SIDE_EFFECTS, verifier, signature);
        }
        parameters(method, verifier, signature, report);
        result(method, verifier, signature, report);
    }

    private void parameters(ExecutableElement tool, ExecutableElement verifier, String signature, Report report) {
        Types types = javaTypes.types();
        List<TypeMirror> toolTypes = new ArrayList<>();
        for (VariableElement parameter : tool.getParameters()) {
            if (!javaTypes.isToolContext(parameter.asType())) {
                toolTypes.add(parameter.asType());
            }
        }
        List<? extends VariableElement> given = verifier.getParameters();
        boolean keyFirst = !given.isEmpty() && JavaTypes.isType(given.get(0).asType(), "java.lang.String");
        boolean rest = given.size() == 1;
        if (keyFirst && given.size() == toolTypes.size() + 1) {
            rest = true;
            for (int i = 0; i < toolTypes.size(); i++) {
                rest &= types.isSameType(given.get(i + 1).asType(), toolTypes.get(i));
            }
        }
        if (!keyFirst || !rest || !verifier.getTypeParameters().isEmpty()) {
            report.add(Diagnostic.INVALID_VERIFIER_PARAMETERS, verifier, signature, toolTypes.toString()
                    .replace("[", "").replace("]", ""));
        }
    }

    private void result(ExecutableElement tool, ExecutableElement verifier, String signature, Report report) {
        Types types = javaTypes.types();
        TypeMirror expected = resultOf(tool.getReturnType());
        TypeMirror returned = verifier.getReturnType();
        boolean ok = returned instanceof DeclaredType declared && JavaTypes.isType(returned, VERIFICATION)
                && declared.getTypeArguments().size() == 1
                && types.isSameType(declared.getTypeArguments().get(0), expected);
        if (!ok) {
            report.add(Diagnostic.INVALID_VERIFIER_RETURN_TYPE, verifier, signature, expected, returned);
        }
    }

    /** The tool's result type as a verifier states it: boxed, {@code Void} for none, unwrapped from a stage. */
    private TypeMirror resultOf(TypeMirror returnType) {
        Types types = javaTypes.types();
        if (returnType.getKind() == TypeKind.VOID) {
            return javaTypes.elements().getTypeElement("java.lang.Void").asType();
        }
        if (returnType.getKind().isPrimitive()) {
            return types.boxedClass(types.getPrimitiveType(returnType.getKind())).asType();
        }
        if (javaTypes.isCompletionStage(returnType)) {
            List<? extends TypeMirror> args = ((DeclaredType) returnType).getTypeArguments();
            return args.isEmpty() ? javaTypes.elements().getTypeElement("java.lang.Object").asType() : args.get(0);
        }
        return returnType;
    }

    private static List<ExecutableElement> named(TypeElement type, String name) {
        List<ExecutableElement> named = new ArrayList<>();
        for (Element member : type.getEnclosedElements()) {
            if (member.getKind() == ElementKind.METHOD && member.getSimpleName().contentEquals(name)) {
                named.add((ExecutableElement) member);
            }
        }
        return named;
    }
}
