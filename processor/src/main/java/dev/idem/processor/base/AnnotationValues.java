package dev.idem.processor.base;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.util.Elements;

/**
 * Reads annotations through {@link AnnotationMirror}s, so the processor never needs the
 * annotation classes loaded and can point diagnostics at the exact value.
 *
 * <p>The values with their defaults are read from javac once per annotation: javac builds that map
 * afresh on every {@link Elements#getElementValuesWithDefaults} call, and a tool's annotations
 * are read member by member. Not thread-safe, as a processor's round is not.
 */
public final class AnnotationValues {
    private final AnnotationMirror mirror;
    private final Elements elements;
    private Map<String, AnnotationValue> withDefaults;

    /**
     * The values of {@code mirror}.
     *
     * @param mirror   the annotation
     * @param elements to fill in defaults
     */
    public AnnotationValues(AnnotationMirror mirror, Elements elements) {
        this.mirror = mirror;
        this.elements = elements;
    }

    /**
     * The annotation.
     *
     * @return the mirror the values are read from
     */
    public AnnotationMirror mirror() {
        return mirror;
    }

    /**
     * The annotation of that type on {@code element}, or null.
     *
     * @param element        the annotated element
     * @param annotationType the annotation's qualified name
     * @param elements       the compiler's element utilities
     * @return the annotation's values, or null
     */
    public static AnnotationValues find(Element element, String annotationType, Elements elements) {
        for (AnnotationMirror mirror : element.getAnnotationMirrors()) {
            TypeElement type = (TypeElement) mirror.getAnnotationType().asElement();
            if (type.getQualifiedName().contentEquals(annotationType)) {
                return new AnnotationValues(mirror, elements);
            }
        }
        return null;
    }

    /**
     * The value as written, or null when the default applies.
     *
     * @param name the member's name
     * @return the value as written, or null
     */
    public AnnotationValue explicit(String name) {
        for (Map.Entry<? extends ExecutableElement, ? extends AnnotationValue> entry : mirror.getElementValues().entrySet()) {
            if (entry.getKey().getSimpleName().contentEquals(name)) {
                return entry.getValue();
            }
        }
        return null;
    }

    /**
     * The value, written or default.
     *
     * @param name the member's name
     * @return the value
     */
    public AnnotationValue value(String name) {
        if (withDefaults == null) {
            withDefaults = new HashMap<>();
            for (Map.Entry<? extends ExecutableElement, ? extends AnnotationValue> entry
                    : elements.getElementValuesWithDefaults(mirror).entrySet()) {
                withDefaults.put(entry.getKey().getSimpleName().toString(), entry.getValue());
            }
        }
        AnnotationValue value = withDefaults.get(name);
        if (value == null) {
            throw new IllegalArgumentException("no annotation member " + name);
        }
        return value;
    }

    /**
     * A {@code String} member's value, written or default.
     *
     * @param name the member's name
     * @return the value
     */
    public String string(String name) {
        return (String) value(name).getValue();
    }

    /**
     * A {@code boolean} member's value, written or default.
     *
     * @param name the member's name
     * @return the value
     */
    public boolean bool(String name) {
        return (Boolean) value(name).getValue();
    }

    /**
     * An {@code int} member's value, written or default.
     *
     * @param name the member's name
     * @return the value
     */
    public int integer(String name) {
        return ((Number) value(name).getValue()).intValue();
    }

    /**
     * A {@code long} member's value, written or default.
     *
     * @param name the member's name
     * @return the value
     */
    public long longValue(String name) {
        return ((Number) value(name).getValue()).longValue();
    }

    /**
     * A {@code double} member's value, written or default.
     *
     * @param name the member's name
     * @return the value
     */
    public double decimal(String name) {
        return ((Number) value(name).getValue()).doubleValue();
    }

    /**
     * The elements of an array member.
     *
     * @param name the member's name
     * @return the elements, written or default
     */
    @SuppressWarnings("unchecked")
    public List<? extends AnnotationValue> list(String name) {
        return (List<? extends AnnotationValue>) value(name).getValue();
    }
}
