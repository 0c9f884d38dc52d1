package dev.idem.processor.base;

import java.util.List;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.Element;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.RecordComponentElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;

/**
 * The Java types the processor recognises by identity, compared with {@link Types} (never by
 * {@code toString()}, which changes with type annotations and generics).
 */
public final class JavaTypes {

    /** {@code dev.idem.ApprovalCondition}: as {@code approvalWhen}, its default, "every call". */
    public static final String APPROVAL_CONDITION = "dev.idem.ApprovalCondition";

    /** The injected context parameter; never part of the schema. */
    public static final String TOOL_CONTEXT = "dev.idem.tool.ToolContext";
    /** A transactional tool's connection: injected (the call's transaction), never part of the schema. */
    public static final String CONNECTION = "java.sql.Connection";
    /** Content a tool returns (text, images, audio, resources): sent as the content's JSON. */
    public static final String TOOL_CONTENT = "dev.idem.tool.content.ToolContent";
    /** Jackson's tree type: any JSON value, passed through. */
    public static final String JSON_NODE = "tools.jackson.databind.JsonNode";

    private final Types types;
    private final Elements elements;
    private final TypeMirror toolContext;

    /**
     * Wraps the compiler's utilities.
     *
     * @param types    the compiler's type utilities
     * @param elements the compiler's element utilities
     */
    public JavaTypes(Types types, Elements elements) {
        this.types = types;
        this.elements = elements;
        TypeElement context = elements.getTypeElement(TOOL_CONTEXT);
        this.toolContext = context == null ? null : context.asType();
    }

    /**
     * The compiler's type utilities.
     *
     * @return the type utilities
     */
    public Types types() {
        return types;
    }

    /**
     * The compiler's element utilities.
     *
     * @return the element utilities
     */
    public Elements elements() {
        return elements;
    }

    /**
     * Whether the parameter type is {@code ToolContext} (injected, not read from arguments).
     *
     * @param type a parameter's type
     * @return whether it is {@code ToolContext}
     */
    public boolean isToolContext(TypeMirror type) {
        // by element: a TYPE_USE annotation (@Nullable ToolContext) must not hide the type
        return toolContext != null && type.getKind() == TypeKind.DECLARED
                && ((DeclaredType) type).asElement().equals(types.asElement(toolContext));
    }

    /**
     * Whether the parameter type is {@code java.sql.Connection} itself: the tool is transactional.
     *
     * @param type a parameter's type
     * @return whether it is {@code java.sql.Connection}
     */
    public static boolean isConnection(TypeMirror type) {
        return isType(type, CONNECTION);
    }

    /**
     * Whether {@code method} takes a {@code java.sql.Connection}: a transactional tool.
     *
     * @param method a {@code @Tool} method
     * @return whether a parameter is {@code java.sql.Connection}
     */
    public static boolean takesConnection(ExecutableElement method) {
        return method.getParameters().stream().anyMatch(parameter -> isConnection(parameter.asType()));
    }

    /**
     * Whether the parameter type is a JDBC type that is not {@code java.sql.Connection} but looks
     * meant for a transaction: a subtype of {@code Connection} or a {@code javax.sql.DataSource}.
     *
     * @param type a parameter's type
     * @return whether it is such a type
     */
    public boolean isMistakenConnection(TypeMirror type) {
        return type.getKind() == TypeKind.DECLARED && !isConnection(type)
                && (isSubtype(type, CONNECTION) || isSubtype(type, "javax.sql.DataSource"));
    }

    /**
     * Whether the return type is a {@code CompletionStage} (or a subtype): the tool is asynchronous.
     *
     * @param type a method's return type
     * @return whether it is a {@code CompletionStage}
     */
    public boolean isCompletionStage(TypeMirror type) {
        return type.getKind() == TypeKind.DECLARED && isSubtype(type, "java.util.concurrent.CompletionStage");
    }

    /**
     * Whether {@code type}'s erasure is a subtype of the named type's erasure.
     *
     * @param type          a type
     * @param qualifiedName a type's qualified name
     * @return whether the erasure of {@code type} is a subtype of the named type's
     */
    public boolean isSubtype(TypeMirror type, String qualifiedName) {
        TypeElement target = elements.getTypeElement(qualifiedName);
        return target != null && types.isSubtype(types.erasure(type), types.erasure(target.asType()));
    }

    /**
     * {@code Optional<T>} with its type argument.
     *
     * @param type a type
     * @return whether it is {@code Optional}
     */
    public static boolean isOptional(TypeMirror type) {
        return isType(type, "java.util.Optional") && !((DeclaredType) type).getTypeArguments().isEmpty();
    }

    /**
     * Whether {@code type} is the declared type of that name (any type arguments).
     *
     * @param type          a type
     * @param qualifiedName a type's qualified name
     * @return whether {@code type} is that type
     */
    public static boolean isType(TypeMirror type, String qualifiedName) {
        return type.getKind() == TypeKind.DECLARED
                && ((TypeElement) ((DeclaredType) type).asElement()).getQualifiedName().contentEquals(qualifiedName);
    }

    /**
     * Any annotation whose simple name is {@code Nullable} (JSpecify, JSR 305, Checker, Jakarta...) on the element.
     *
     * @param element an element
     * @return whether it is annotated {@code Nullable}
     */
    public static boolean hasNullable(Element element) {
        if (element instanceof RecordComponentElement || element instanceof VariableElement) {
            return hasNullable(element.getAnnotationMirrors());
        }
        return false;
    }

    /**
     * The same, as a type annotation.
     *
     * @param type a type
     * @return whether it carries a {@code Nullable} type annotation
     */
    public static boolean hasNullable(TypeMirror type) {
        return hasNullable(type.getAnnotationMirrors());
    }

    private static boolean hasNullable(List<? extends AnnotationMirror> annotations) {
        for (AnnotationMirror annotation : annotations) {
            if (annotation.getAnnotationType().asElement().getSimpleName().contentEquals("Nullable")) {
                return true;
            }
        }
        return false;
    }
}
