package dev.idem.processor.base;

import java.util.Map;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;

/**
 * Recognises Jakarta (or javax) Bean Validation constraints by name, so Idem reads them without
 * depending on the validation API.
 */
public final class BeanValidation {
    private static final String JAKARTA = "jakarta.validation.constraints.";
    private static final String JAVAX = "javax.validation.constraints.";

    private BeanValidation() {}

    /**
     * {@code Min} for {@code @jakarta.validation.constraints.Min}; null for any other annotation.
     *
     * @param mirror an annotation
     * @return its simple name, or null
     */
    public static String constraintName(AnnotationMirror mirror) {
        String name = ((TypeElement) mirror.getAnnotationType().asElement()).getQualifiedName().toString();
        if (name.startsWith(JAKARTA)) {
            return name.substring(JAKARTA.length());
        }
        return name.startsWith(JAVAX) ? name.substring(JAVAX.length()) : null;
    }

    /**
     * A member's value, written or default, without needing the annotation class.
     *
     * @param mirror an annotation
     * @param member the member's name
     * @return the member's value
     */
    public static Object value(AnnotationMirror mirror, String member) {
        for (Map.Entry<? extends ExecutableElement, ? extends AnnotationValue> entry : mirror.getElementValues().entrySet()) {
            if (entry.getKey().getSimpleName().contentEquals(member)) {
                return entry.getValue().getValue();
            }
        }
        for (Element enclosed : mirror.getAnnotationType().asElement().getEnclosedElements()) {
            if (enclosed instanceof ExecutableElement method && method.getSimpleName().contentEquals(member)
                    && method.getDefaultValue() != null) {
                return method.getDefaultValue().getValue();
            }
        }
        throw new IllegalArgumentException("@" + mirror.getAnnotationType() + " has no value for " + member);
    }
}
