package dev.idem.processor.base;

import javax.lang.model.element.Element;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.Elements;

/**
 * A tool parameter or a component of a named type, with its {@code @Param} read once.
 *
 * @param element  the parameter, record component or field (its annotations are read; diagnostics go here)
 * @param type     its declared type
 * @param javaName its Java name
 * @param param    its {@code @Param}, or null
 */
public record PropertyElement(Element element, TypeMirror type, String javaName, AnnotationValues param) {

    /** The annotation type. */
    public static final String PARAM = "dev.idem.Param";

    /**
     * Reads the {@code @Param} of a property.
     *
     * @param element  the parameter, record component or field
     * @param type     its declared type
     * @param javaName its Java name
     * @param elements the compiler's element utilities
     * @return the property
     */
    public static PropertyElement of(Element element, TypeMirror type, String javaName, Elements elements) {
        return new PropertyElement(element, type, javaName, AnnotationValues.find(element, PARAM, elements));
    }

    /**
     * {@code @Param(name)}, else the Java name.
     *
     * @return the JSON name
     */
    public String jsonName() {
        return param == null || param.string("name").isEmpty() ? javaName : param.string("name");
    }

    /**
     * {@code @Param(description)}, else {@code docText} (the Javadoc's {@code @param}).
     *
     * @param docText the Javadoc's text for it
     * @return the description
     */
    public String description(String docText) {
        return param == null || param.string("description").isEmpty() ? docText : param.string("description");
    }

    /**
     * The path of this property below {@code parentPath} ({@code ""} for the arguments): {@code lead.address}.
     *
     * @param parentPath the parent's path
     * @return the path
     */
    public String path(String parentPath) {
        return parentPath.isEmpty() ? jsonName() : parentPath + "." + jsonName();
    }

    /**
     * {@code @Param(required = false)}.
     *
     * @return whether {@code required = false} is written
     */
    public boolean requiredFalse() {
        return param != null && !param.bool("required");
    }

    /**
     * Declared as {@code Optional<T>}.
     *
     * @return whether it is an {@code Optional}
     */
    public boolean optionalWrapper() {
        return JavaTypes.isOptional(type);
    }

    /**
     * Annotated {@code @Nullable}, on the element or the type.
     *
     * @return whether it is {@code @Nullable}
     */
    public boolean nullable() {
        return JavaTypes.hasNullable(element) || JavaTypes.hasNullable(type);
    }

    /**
     * The type its value has: {@code T} for {@code Optional<T>}, else its type. Constraints apply to this.
     *
     * @return the value's type
     */
    public TypeMirror valueType() {
        return optionalWrapper() ? ((DeclaredType) type).getTypeArguments().get(0) : type;
    }
}
