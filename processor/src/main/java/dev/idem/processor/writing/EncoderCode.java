package dev.idem.processor.writing;

import static dev.idem.processor.writing.Names.JSON_NODE;
import static dev.idem.processor.writing.Names.OBJECT_NODE;
import static dev.idem.processor.writing.Names.RESULT_ENCODER;

import com.palantir.javapoet.ArrayTypeName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.MethodSpec;
import dev.idem.processor.base.SequenceKind;
import dev.idem.processor.model.NamedType;
import dev.idem.processor.model.PropertyModel;
import dev.idem.processor.model.TypeModel;
import javax.lang.model.element.Modifier;

/** Writes the code that encodes results: one expression per value, one method per named type. */
final class EncoderCode {

    private EncoderCode() {}

    /** An expression turning {@code value} (a Java expression of {@code type}) into a JsonNode. */
    static CodeBlock encode(TypeModel type, CodeBlock value, int depth) {
        String e = "e" + depth;
        if (type == null) {
            return CodeBlock.of("$T.nullNode()", RESULT_ENCODER);
        }
        if (type instanceof TypeModel.Scalar scalar) {
            return CodeBlock.of("$T.$N($L)", RESULT_ENCODER, scalar.kind().encoderMethod(), value);
        }
        if (type instanceof TypeModel.EnumType) {
            return CodeBlock.of("$T.enumName($L)", RESULT_ENCODER, value);
        }
        if (type instanceof TypeModel.Named named) {
            return CodeBlock.of("$N($L)", encodeMethodName(named.key()), value);
        }
        if (type instanceof TypeModel.Json) {
            return CodeBlock.of("$T.json($L)", RESULT_ENCODER, value);
        }
        if (type instanceof TypeModel.Text) {
            return CodeBlock.of("$T.text($L)", RESULT_ENCODER, value);
        }
        if (type instanceof TypeModel.OptionalType optional) {
            return CodeBlock.of("$T.optional($L, $N -> $L)", RESULT_ENCODER, value, e,
                    encode(optional.element(), CodeBlock.of("$N", e), depth + 1));
        }
        if (type instanceof TypeModel.MapType map) {
            return CodeBlock.of("$T.map($L, $N -> $L)", RESULT_ENCODER, value, e,
                    encode(map.value(), CodeBlock.of("$N", e), depth + 1));
        }
        if (type instanceof TypeModel.Sequence sequence) {
            if (sequence.kind() == SequenceKind.PRIMITIVE_ARRAY) {
                String primitive = ((ArrayTypeName) sequence.javaType()).componentType().toString();
                return CodeBlock.of("$T.$Ns($L)", RESULT_ENCODER, primitive, value);
            }
            return CodeBlock.of("$T.array($L, $N -> $L)", RESULT_ENCODER, value, e,
                    encode(sequence.element(), CodeBlock.of("$N", e), depth + 1));
        }
        throw new IllegalStateException("no encoder for " + type);
    }

    /** {@code private static JsonNode encodeAddress(Address value)}; unreadable properties are left out. */
    static MethodSpec encodeMethod(NamedType type) {
        MethodSpec.Builder method = MethodSpec.methodBuilder(encodeMethodName(type.key()))
                .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                .returns(JSON_NODE)
                .addParameter(type.javaType(), "value")
                .beginControlFlow("if (value == null)")
                .addStatement("return $T.nullNode()", RESULT_ENCODER)
                .endControlFlow()
                .addStatement("$T object = $T.object()", OBJECT_NODE, RESULT_ENCODER);
        for (PropertyModel property : type.properties()) {
            if (property.accessor() != null) {
                method.addStatement("object.set($L, $L)", StringLiteral.of(property.jsonName()),
                        encode(property.type(), CodeBlock.of("value.$L", property.accessor()), 0));
            }
        }
        return method.addStatement("return object").build();
    }

    static String encodeMethodName(String key) {
        return "encode" + Names.member(key);
    }
}
