package dev.idem.processor.model;

import dev.idem.processor.base.ToolMethod;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;

/**
 * The verifier a tool names ({@code @Tool(verifier)}), once validated.
 *
 * @param methodName    the Java method name
 * @param isStatic      whether the method is static
 * @param withArguments whether it takes the tool's parameters after the key
 */
public record VerifierModel(String methodName, boolean isStatic, boolean withArguments) {

    /**
     * The verifier of {@code tool}, or null when it names none (validation has checked that there is
     * exactly one method of that name).
     *
     * @param tool the tool method
     * @return its verifier, or null
     */
    public static VerifierModel of(ToolMethod tool) {
        String name = tool.annotation().string("verifier");
        if (name.isEmpty()) {
            return null;
        }
        for (Element member : ((TypeElement) tool.element().getEnclosingElement()).getEnclosedElements()) {
            if (member.getKind() == ElementKind.METHOD && member.getSimpleName().contentEquals(name)) {
                ExecutableElement method = (ExecutableElement) member;
                return new VerifierModel(name, method.getModifiers().contains(Modifier.STATIC),
                        method.getParameters().size() > 1);
            }
        }
        return null;
    }
}
