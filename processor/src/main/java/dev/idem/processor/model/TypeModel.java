package dev.idem.processor.model;

import com.palantir.javapoet.TypeName;
import dev.idem.processor.base.ScalarKind;
import dev.idem.processor.base.SequenceKind;
import java.util.List;

/**
 * What the processor knows about one Java type used by a tool: enough to write its schema, its
 * binder and its encoder. Sealed: stages test it with pattern {@code instanceof}, never a cast.
 */
public sealed interface TypeModel {

    /**
     * The Java type as written in generated code.
     *
     * @return the Java type
     */
    TypeName javaType();

    /** A JSON scalar: string, number, integer or boolean, with its binder and encoder names. */
    record Scalar(TypeName javaType, ScalarKind kind) implements TypeModel {}

    /** An enum, bound by constant name. */
    record EnumType(TypeName javaType, List<String> constants) implements TypeModel {}

    /** A record or canonical-constructor class, defined once in {@code $defs} under {@code key}. */
    record Named(TypeName javaType, String key) implements TypeModel {}

    /** An array or collection. */
    record Sequence(TypeName javaType, SequenceKind kind, TypeModel element) implements TypeModel {}

    /** {@code Map<String, V>}. */
    record MapType(TypeName javaType, TypeModel value) implements TypeModel {}

    /** {@code Optional<T>}. */
    record OptionalType(TypeName javaType, TypeModel element) implements TypeModel {}

    /** A Jackson {@code JsonNode}: any JSON value, passed through. */
    record Json(TypeName javaType) implements TypeModel {}

    /** A result type that cannot be encoded structurally: sent as {@code String.valueOf}. */
    record Text(TypeName javaType) implements TypeModel {}
}
