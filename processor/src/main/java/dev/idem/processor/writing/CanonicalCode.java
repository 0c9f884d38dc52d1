package dev.idem.processor.writing;

import static dev.idem.processor.writing.Names.CANONICAL_WRITER;

import com.palantir.javapoet.ArrayTypeName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeName;
import dev.idem.processor.base.SequenceKind;
import dev.idem.processor.model.NamedType;
import dev.idem.processor.model.PropertyModel;
import dev.idem.processor.model.TypeModel;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import javax.lang.model.element.Modifier;

/**
 * Writes the code that spells bound values in canonical form ({@code CanonicalWriter}): the
 * properties of an object in sorted order, decided here once so nothing is sorted at run time but
 * maps and JSON values; one {@code canonical<Type>} method per named input type. Only values that
 * can be read back are written this way: a named type with a component nobody can read (no
 * accessor, getter or visible field) makes its bound calls leave the key to the argument tree.
 */
final class CanonicalCode {
    private final Map<String, NamedType> inputTypes;
    private final Map<String, Boolean> accessorsByType = new HashMap<>();

    CanonicalCode(Map<String, NamedType> inputTypes) {
        this.inputTypes = inputTypes;
    }

    /** Whether every value these properties can hold can be read back, through named types too. */
    boolean readable(List<PropertyModel> properties) {
        Set<String> reached = new HashSet<>();
        for (PropertyModel property : properties) {
            reach(property.type(), reached);
        }
        return allReadable(reached);
    }

    private boolean allReadable(Set<String> reached) {
        for (String key : reached) {
            Boolean known = accessorsByType.get(key);
            if (known == null) {
                known = true;
                for (PropertyModel property : inputTypes.get(key).properties()) {
                    known &= property.accessor() != null;
                }
                accessorsByType.put(key, known);
            }
            if (!known) {
                return false;
            }
        }
        return true;
    }

    /** Adds the keys of the named types {@code type} may hold, at any depth, to {@code reached}. */
    private void reach(TypeModel type, Set<String> reached) {
        if (type instanceof TypeModel.Named named) {
            if (reached.add(named.key())) {
                for (PropertyModel property : inputTypes.get(named.key()).properties()) {
                    reach(property.type(), reached);
                }
            }
        } else if (type instanceof TypeModel.Sequence sequence) {
            reach(sequence.element(), reached);
        } else if (type instanceof TypeModel.MapType map) {
            reach(map.value(), reached);
        } else if (type instanceof TypeModel.OptionalType optional) {
            reach(optional.element(), reached);
        }
    }

    /**
     * Statements writing {@code properties} as one object to {@code out}, in sorted order;
     * {@code access} gives the expression of a property's value. Null and empty optional values
     * are left out, as absent.
     */
    CodeBlock writeObject(List<PropertyModel> properties, Function<PropertyModel, CodeBlock> access, String out) {
        List<PropertyModel> sorted = new ArrayList<>(properties);
        sorted.sort(Comparator.comparing(PropertyModel::jsonName));
        CodeBlock.Builder code = CodeBlock.builder().addStatement("$N.beginObject()", out);
        for (PropertyModel property : sorted) {
            CodeBlock value = access.apply(property);
            if (property.type() instanceof TypeModel.OptionalType optional) {
                code.beginControlFlow("if ($L.isPresent())", value)
                        .addStatement("$N.name($L)", out, StringLiteral.of(property.jsonName()))
                        .add(write(optional.element(), CodeBlock.of("$L.get()", value), out, 0))
                        .endControlFlow();
            } else if (property.type().javaType().isPrimitive()) {
                code.addStatement("$N.name($L)", out, StringLiteral.of(property.jsonName()))
                        .add(write(property.type(), value, out, 0));
            } else {
                code.beginControlFlow("if ($L != null)", value)
                        .addStatement("$N.name($L)", out, StringLiteral.of(property.jsonName()))
                        .add(write(property.type(), value, out, 0))
                        .endControlFlow();
            }
        }
        return code.addStatement("$N.endObject()", out).build();
    }

    /** {@code private static void canonicalAddress(CanonicalWriter out, Address value)}. */
    MethodSpec canonicalMethod(NamedType type) {
        return MethodSpec.methodBuilder(canonicalMethodName(type.key()))
                .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                .addParameter(CANONICAL_WRITER, "out")
                .addParameter(type.javaType(), "value")
                .addCode(writeObject(type.properties(), property -> CodeBlock.of("value.$L", property.accessor()), "out"))
                .build();
    }

    /** The named input types whose canonical methods are written. */
    List<NamedType> readableTypes() {
        List<NamedType> types = new ArrayList<>();
        for (NamedType type : inputTypes.values()) {
            Set<String> reached = new HashSet<>();
            reach(new TypeModel.Named(type.javaType(), type.key()), reached);
            if (allReadable(reached)) {
                types.add(type);
            }
        }
        return types;
    }

    static String canonicalMethodName(String key) {
        return "canonical" + Names.member(key);
    }

    /** Statements writing {@code value} (never null) as {@code type}. */
    private CodeBlock write(TypeModel type, CodeBlock value, String out, int depth) {
        if (type instanceof TypeModel.Scalar scalar) {
            String method = switch (scalar.kind()) {
                case STRING -> "string";
                case CHAR -> "character";
                case BOOLEAN -> "bool";
                case BYTE, SHORT, INT, LONG, BIG_INTEGER -> "integer";
                case FLOAT, DOUBLE, BIG_DECIMAL -> "decimal";
                default -> "text"; // UUIDs and java.time values: their ISO text
            };
            return CodeBlock.builder().addStatement("$N.$N($L)", out, method, value).build();
        }
        if (type instanceof TypeModel.EnumType) {
            return CodeBlock.builder().addStatement("$N.enumName($L)", out, value).build();
        }
        if (type instanceof TypeModel.Json) {
            return CodeBlock.builder().addStatement("$N.json($L)", out, value).build();
        }
        if (type instanceof TypeModel.Named named) {
            return CodeBlock.builder().addStatement("$N($N, $L)", canonicalMethodName(named.key()), out, value).build();
        }
        String e = "e" + depth;
        if (type instanceof TypeModel.Sequence sequence) {
            TypeName element = sequence.kind() == SequenceKind.OBJECT_ARRAY || sequence.kind() == SequenceKind.PRIMITIVE_ARRAY
                    ? ((ArrayTypeName) sequence.javaType()).componentType()
                    : sequence.element().javaType().box();
            return CodeBlock.builder()
                    .addStatement("$N.beginArray()", out)
                    .beginControlFlow("for ($T $N : $L)", element, e, value)
                    .add(write(sequence.element(), CodeBlock.of("$N", e), out, depth + 1))
                    .endControlFlow()
                    .addStatement("$N.endArray()", out)
                    .build();
        }
        if (type instanceof TypeModel.MapType map) {
            String o = "o" + depth;
            // A lambda of its own arguments only: nothing captured, nothing allocated per call.
            return CodeBlock.builder()
                    .add("$N.sortedEntries($L, ($N, $N) -> {\n$>", out, value, o, e)
                    .add(write(map.value(), CodeBlock.of("$N", e), o, depth + 1))
                    .add("$<});\n")
                    .build();
        }
        if (type instanceof TypeModel.OptionalType optional) {
            return CodeBlock.builder()
                    .beginControlFlow("if ($L.isPresent())", value)
                    .add(write(optional.element(), CodeBlock.of("$L.get()", value), out, depth + 1))
                    .nextControlFlow("else")
                    .addStatement("$N.nullValue()", out)
                    .endControlFlow()
                    .build();
        }
        throw new IllegalStateException("no canonical form for " + type);
    }
}
