package dev.idem.processor.writing;

import static dev.idem.processor.writing.Names.ARGUMENT_READER;
import static dev.idem.processor.writing.Names.JSON_NODE;

import com.palantir.javapoet.ArrayTypeName;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import dev.idem.processor.base.ScalarKind;
import dev.idem.processor.base.SequenceKind;
import dev.idem.processor.model.Constraints;
import dev.idem.processor.model.NamedType;
import dev.idem.processor.model.PropertyModel;
import dev.idem.processor.model.TypeModel;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.lang.model.element.Modifier;

/**
 * Writes the code that reads arguments from a tree: one statement per property, one
 * {@code read<Type>} method per named type, and the constants they use (property lists,
 * precompiled patterns, enum constants). {@link StreamBinderCode} shares its constants and its
 * constraint checks.
 */
final class BinderCode {
    private final Names.Allocator allocator;
    private final Map<String, String> patternConstants = new LinkedHashMap<>();
    private final Map<String, String> enumConstants = new LinkedHashMap<>();
    private final List<FieldSpec> fields = new ArrayList<>();

    BinderCode(Names.Allocator allocator) {
        this.allocator = allocator;
    }

    /** Constants generated so far (property lists and patterns). */
    List<FieldSpec> fields() {
        return fields;
    }

    /** A {@code List<String>} constant of the JSON property names. */
    String propertyList(String wanted, List<PropertyModel> properties) {
        String name = allocator.unique(wanted);
        CodeBlock.Builder names = CodeBlock.builder();
        for (int i = 0; i < properties.size(); i++) {
            names.add(i == 0 ? "$S" : ", $S", properties.get(i).jsonName());
        }
        fields.add(FieldSpec.builder(ParameterizedTypeName.get(Names.LIST, TypeName.get(String.class)), name,
                        Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                .initializer("$T.of($L)", Names.LIST, names.build())
                .build());
        return name;
    }

    /** {@code Type local = reader.required(object, path, "json", <element reader>);} */
    CodeBlock readProperty(PropertyModel property, String object, String path) {
        TypeModel valueType = property.type() instanceof TypeModel.OptionalType optional
                ? optional.element()
                : property.type();
        CodeBlock element = constrained(valueType, property.constraints(), 0);
        String local = Names.local(property.javaName());
        TypeName localType = property.type().javaType().box();
        return switch (property.presence()) {
            case REQUIRED -> CodeBlock.of("$T $N = reader.required($N, $N, $S, $L);\n", localType, local, object, path,
                    property.jsonName(), element);
            case NULLABLE -> CodeBlock.of("$T $N = reader.nullable($N, $N, $S, $L);\n", localType, local, object, path,
                    property.jsonName(), element);
            case OPTIONAL -> CodeBlock.of("$T $N = reader.optional($N, $N, $S, $L);\n", localType, local, object, path,
                    property.jsonName(), element);
            case ZERO_DEFAULT -> CodeBlock.of("$T $N = reader.orDefault($N, $N, $S, $L, $L);\n", localType, local, object,
                    path, property.jsonName(), element, zero(((TypeModel.Scalar) valueType).kind()));
        };
    }

    /** {@code private static Address readAddress(ArgumentReader reader, JsonNode node, String path)}. */
    MethodSpec readMethod(NamedType type) {
        String properties = propertyList(Names.constant(type.key()) + "_PROPERTIES", type.properties());
        MethodSpec.Builder method = MethodSpec.methodBuilder(readMethodName(type.key()))
                .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                .returns(type.javaType())
                .addParameter(ARGUMENT_READER, "reader")
                .addParameter(JSON_NODE, "node")
                .addParameter(String.class, "path")
                .beginControlFlow("if (!reader.object(node, path, $N))", properties)
                .addStatement("return null")
                .endControlFlow()
                .addStatement("int problems = reader.problemCount()");
        List<String> arguments = new ArrayList<>();
        for (PropertyModel property : type.properties()) {
            method.addCode(readProperty(property, "node", "path"));
            arguments.add(Names.local(property.javaName()));
        }
        // a constructor that refuses a value is the model's to fix (INVALID_ARGUMENTS), not a bug
        String rejected = "rejected";
        method.beginControlFlow("if (reader.problemCount() != problems)")
                .addStatement("return null")
                .endControlFlow()
                .beginControlFlow("try")
                .addStatement("return new $T($L)", type.javaType(), String.join(", ", arguments))
                .nextControlFlow("catch ($T $N)", RuntimeException.class, rejected)
                .addStatement("reader.problem($S + path + $S + ($N.getMessage() == null ? $N.toString() : $N.getMessage()))",
                        "'", "' was refused by " + type.javaType() + ": ", rejected, rejected, rejected)
                .addStatement("return null")
                .endControlFlow();
        return method.build();
    }

    static String readMethodName(String key) {
        return "read" + Names.member(key);
    }

    /** An {@code ElementReader} for {@code type}, checking the constraints. */
    private CodeBlock constrained(TypeModel type, Constraints constraints, int depth) {
        String n = "n" + depth;
        String p = "p" + depth;
        CodeBlock read = CodeBlock.of("$L.read($N, $N)", elementReader(type, depth), n, p);
        if (type instanceof TypeModel.Scalar scalar) {
            read = CodeBlock.of("reader.$N($N, $N)", scalar.kind().readerMethod(), n, p);
        }
        CodeBlock checked = checks(read, constraints, CodeBlock.of("reader"), CodeBlock.of("$N", p));
        if (constraints.hasItems() && type instanceof TypeModel.Sequence sequence) {
            return CodeBlock.of("($N, $N) -> $L", n, p, sequence(sequence, depth, constraints));
        }
        if (checked == read) {
            return elementReader(type, depth);
        }
        return CodeBlock.of("($N, $N) -> $L", n, p, checked);
    }

    /**
     * {@code read} wrapped in the value checks of {@code constraints} (range, length, pattern), each
     * an {@code ArgumentReader} method called on {@code reader}: the one place both binders get
     * their constraint checks from. Returns {@code read} itself when there are none.
     */
    CodeBlock checks(CodeBlock read, Constraints constraints, CodeBlock reader, CodeBlock path) {
        CodeBlock checked = read;
        if (constraints.hasRange()) {
            checked = CodeBlock.of("$L.range($L, $L, $L, $L)", reader, checked, bound(constraints.min()),
                    bound(constraints.max()), path);
        }
        if (constraints.hasLength()) {
            checked = CodeBlock.of("$L.length($L, $L, $L, $L)", reader, checked, constraints.minLength(),
                    constraints.maxLength(), path);
        }
        if (constraints.hasPattern()) {
            checked = CodeBlock.of("$L.matches($L, $N, $L)", reader, checked, pattern(constraints.pattern()), path);
        }
        return checked;
    }

    /** {@code list} with the item-count check of {@code constraints}, if any. */
    CodeBlock itemChecks(CodeBlock list, Constraints constraints, CodeBlock reader, CodeBlock path) {
        if (!constraints.hasItems()) {
            return list;
        }
        return CodeBlock.of("$L.items($L, $L, $L, $L)", reader, list, constraints.minItems(), constraints.maxItems(),
                path);
    }

    /** A list read by {@code list} as the Java type of {@code type} (arrays are converted). */
    static CodeBlock asSequence(TypeModel.Sequence type, CodeBlock list) {
        return switch (type.kind()) {
            case OBJECT_ARRAY -> CodeBlock.of("$T.toArray($L, $T[]::new)", ARGUMENT_READER, list,
                    ((ArrayTypeName) type.javaType()).componentType());
            case PRIMITIVE_ARRAY -> {
                String primitive = ((ArrayTypeName) type.javaType()).componentType().toString();
                String converter = "to" + Character.toUpperCase(primitive.charAt(0)) + primitive.substring(1) + "Array";
                yield CodeBlock.of("$T.$N($L)", ARGUMENT_READER, converter, list);
            }
            case LIST, SET, COLLECTION -> list;
        };
    }

    /**
     * A constant holding the enum's constants, read once: {@code values()} copies its array on
     * every call, and binders would call it on every bind.
     */
    String enumConstants(TypeName enumType) {
        String existing = enumConstants.get(enumType.toString());
        if (existing != null) {
            return existing;
        }
        String simple = enumType instanceof ClassName named ? named.simpleName() : "ENUM";
        String name = allocator.unique(Names.constant(simple) + "_CONSTANTS");
        enumConstants.put(enumType.toString(), name);
        fields.add(FieldSpec.builder(ArrayTypeName.of(enumType), name, Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                .initializer("$T.values()", enumType)
                .build());
        return name;
    }

    /** An {@code ElementReader} for {@code type}: a method reference or a lambda. */
    private CodeBlock elementReader(TypeModel type, int depth) {
        String n = "n" + depth;
        String p = "p" + depth;
        if (type instanceof TypeModel.Scalar scalar) {
            return CodeBlock.of("reader::$N", scalar.kind().readerMethod());
        }
        if (type instanceof TypeModel.Json) {
            return CodeBlock.of("reader::readJson");
        }
        if (type instanceof TypeModel.EnumType) {
            return CodeBlock.of("($N, $N) -> reader.readEnum($N, $N, $N)", n, p, n, p, enumConstants(type.javaType()));
        }
        if (type instanceof TypeModel.Named named) {
            return CodeBlock.of("($N, $N) -> $N(reader, $N, $N)", n, p, readMethodName(named.key()), n, p);
        }
        if (type instanceof TypeModel.MapType map) {
            return CodeBlock.of("($N, $N) -> reader.readMap($N, $N, $L)", n, p, n, p, elementReader(map.value(), depth + 1));
        }
        if (type instanceof TypeModel.Sequence sequence) {
            return CodeBlock.of("($N, $N) -> $L", n, p, sequence(sequence, depth, Constraints.NONE));
        }
        throw new IllegalStateException("no reader for " + type);
    }

    private CodeBlock sequence(TypeModel.Sequence type, int depth, Constraints constraints) {
        String n = "n" + depth;
        String p = "p" + depth;
        CodeBlock element = elementReader(type.element(), depth + 1);
        String readMethod = type.kind() == SequenceKind.SET ? "readSet" : "readList";
        CodeBlock list = CodeBlock.of("reader.$N($N, $N, $L)", readMethod, n, p, element);
        return asSequence(type, itemChecks(list, constraints, CodeBlock.of("reader"), CodeBlock.of("$N", p)));
    }

    String pattern(String regex) {
        String existing = patternConstants.get(regex);
        if (existing != null) {
            return existing;
        }
        String name = allocator.unique("PATTERN_" + (patternConstants.size() + 1));
        patternConstants.put(regex, name);
        fields.add(FieldSpec.builder(Names.PATTERN, name, Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                .initializer("$T.compile($S)", Names.PATTERN, regex)
                .build());
        return name;
    }

    private static String bound(double value) {
        if (value == Double.NEGATIVE_INFINITY) {
            return "Double.NEGATIVE_INFINITY";
        }
        if (value == Double.POSITIVE_INFINITY) {
            return "Double.POSITIVE_INFINITY";
        }
        return Double.toString(value);
    }

    static String zero(ScalarKind kind) {
        return switch (kind) {
            case BOOLEAN -> "false";
            case CHAR -> "'\\0'";
            case BYTE -> "(byte) 0";
            case SHORT -> "(short) 0";
            case LONG -> "0L";
            case FLOAT -> "0.0f";
            case DOUBLE -> "0.0";
            default -> "0";
        };
    }
}
