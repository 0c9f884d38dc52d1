package dev.idem.processor.base;

import java.util.List;
import javax.lang.model.element.Element;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.TypeMirror;

/**
 * What one Java type is to Idem, decided once by {@link TypeShapes}: validation reports the
 * unsupported shapes, the model is built from the others. Type arguments and components stay
 * {@link TypeMirror}s, classified in turn by whoever walks them.
 */
public sealed interface TypeShape {

    /**
     * The type this shape describes (for a result's {@code ? extends T}: {@code T}).
     *
     * @return the type
     */
    TypeMirror type();

    /** A JSON scalar. */
    record Scalar(TypeMirror type, ScalarKind kind) implements TypeShape {}

    /** An array or collection of {@code element}. */
    record Sequence(TypeMirror type, SequenceKind kind, TypeMirror element) implements TypeShape {}

    /** {@code Map<String, V>}. */
    record MapOf(TypeMirror type, TypeMirror value) implements TypeShape {}

    /** A Jackson {@code JsonNode} (results: or a subtype). */
    record Json(TypeMirror type) implements TypeShape {}

    /** {@code Optional<T>} as a result or inside one (parameters unwrap it before classifying). */
    record OptionalOf(TypeMirror type, TypeMirror element) implements TypeShape {}

    /** An enum, by constant name in declaration order. */
    record EnumOf(TypeMirror type, List<String> constants) implements TypeShape {}

    /** A record or a class with a constructor taking exactly its fields, in order. */
    record Named(TypeMirror type, TypeElement element, List<Component> components) implements TypeShape {}

    /** A {@code Map} whose key is not {@code String}. */
    record NonStringKey(TypeMirror type, TypeMirror key) implements TypeShape {}

    /** Anything else; {@code reason} is empty or starts with a space and is parenthesised. */
    record Unsupported(TypeMirror type, String reason) implements TypeShape {}

    /**
     * One component of a named type.
     *
     * @param parameter the constructor parameter (its name and type)
     * @param annotated where its annotations live: the record component or the field
     */
    record Component(VariableElement parameter, Element annotated) {}
}
