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
import dev.idem.processor.model.Presence;
import dev.idem.processor.model.PropertyModel;
import dev.idem.processor.model.TypeModel;
import dev.idem.processor.schema.JsonText;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.lang.model.element.Modifier;

/**
 * Writes the code that reads arguments from a tree: one statement per property, one
 * {@code read<Type>} method per named type, and the constants they use (property lists,
 * ECMA-262 patterns, exact decimal bounds, enum constants). {@link StreamBinderCode} shares its
 * constants and its value checks; it defers patterns and sets to the code written here.
 */
final class BinderCode {
    private final Names.Allocator allocator;
    private final Map<String, String> patternConstants = new LinkedHashMap<>();
    private final Map<String, String> boundConstants = new LinkedHashMap<>();
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
        if (property.presence() == Presence.REQUIRED && valueType instanceof TypeModel.Json) {
            return CodeBlock.of("$T $N = reader.requiredJson($N, $N, $S);\n", localType, local, object, path, property.jsonName());
        }
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
        method.beginControlFlow("if (reader.problemCount() != problems)")
                .addStatement("return null")
                .endControlFlow()
                // a constructor that refuses a value is the model's to fix (INVALID_ARGUMENTS), not a bug
                .addStatement("return reader.construct(path, $S, () -> new $T($L))", type.javaType().toString(),
                        type.javaType(), String.join(", ", arguments));
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
        CodeBlock checked = checks(read, CodeBlock.of("$N", n), type, constraints, CodeBlock.of("reader"),
                CodeBlock.of("$N", p));
        if (constraints.hasItems() && type instanceof TypeModel.Sequence sequence) {
            return CodeBlock.of("($N, $N) -> $L", n, p, sequence(sequence, depth, constraints));
        }
        if (checked == read) {
            return elementReader(type, depth);
        }
        return CodeBlock.of("($N, $N) -> $L", n, p, checked);
    }

    /**
     * {@code read} wrapped in the value checks of {@code constraints} (range on the exact decimal
     * of {@code node}, length, ECMA-262 pattern, format), each an {@code ArgumentReader} method
     * called on {@code reader}. Returns {@code read} itself when there are none.
     */
    CodeBlock checks(CodeBlock read, CodeBlock node, TypeModel type, Constraints constraints, CodeBlock reader,
            CodeBlock path) {
        CodeBlock checked = read;
        if (constraints.hasRange()) {
            checked = CodeBlock.of("$L.range($L, $L, $L, $L, $L)", reader, checked, node, bound(constraints.min()),
                    bound(constraints.max()), path);
        }
        if (constraints.hasLength()) {
            checked = CodeBlock.of("$L.length($L, $L, $L, $L)", reader, checked, constraints.minLength(),
                    constraints.maxLength(), path);
        }
        if (constraints.hasPattern()) {
            checked = CodeBlock.of("$L.matches($L, $N, $L)", reader, checked, pattern(constraints.pattern()), path);
        }
        if (!constraints.format().isEmpty() && type instanceof TypeModel.Scalar scalar
                && scalar.kind() == ScalarKind.STRING) {
            checked = CodeBlock.of("$L.format($L, $S, $L)", reader, checked, constraints.format(), path);
        }
        return checked;
    }

    /** {@code list} with the item-count check of {@code constraints}, if any. */
    CodeBlock itemChecks(CodeBlock list, CodeBlock node, Constraints constraints, CodeBlock reader, CodeBlock path) {
        if (!constraints.hasItems()) {
            return list;
        }
        return CodeBlock.of("$L.items($L, $L, $L, $L, $L)", reader, list, node, constraints.minItems(),
                constraints.maxItems(), path);
    }

    /** A list read by {@code list} as the Java type of {@code type} (arrays are converted). */
    static CodeBlock asSequence(TypeModel.Sequence type, CodeBlock list) {
        return switch (type.kind()) {
            case OBJECT_ARRAY -> CodeBlock.of("$T.toArray($L, $T[]::new)", Names.PRIMITIVE_ARRAYS, list,
                    ((ArrayTypeName) type.javaType()).componentType());
            case PRIMITIVE_ARRAY -> {
                String primitive = ((ArrayTypeName) type.javaType()).componentType().toString();
                String converter = "to" + Character.toUpperCase(primitive.charAt(0)) + primitive.substring(1) + "Array";
                yield CodeBlock.of("$T.$N($L)", Names.PRIMITIVE_ARRAYS, converter, list);
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
        return asSequence(type, itemChecks(list, CodeBlock.of("$N", n), constraints, CodeBlock.of("reader"),
                CodeBlock.of("$N", p)));
    }

    String pattern(String regex) {
        String existing = patternConstants.get(regex);
        if (existing != null) {
            return existing;
        }
        String name = allocator.unique("PATTERN_" + (patternConstants.size() + 1));
        patternConstants.put(regex, name);
        fields.add(FieldSpec.builder(Names.ECMA_REGEX, name, Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                .initializer("$T.compile($S)", Names.ECMA_REGEX, regex)
                .build());
        return name;
    }

    /** A {@code BigDecimal} constant holding the bound exactly as the schema prints it, or {@code null}. */
    private CodeBlock bound(double value) {
        if (Double.isInfinite(value)) {
            return CodeBlock.of("null");
        }
        String text = JsonText.number(value);
        String existing = boundConstants.get(text);
        if (existing == null) {
            existing = allocator.unique("BOUND_" + (boundConstants.size() + 1));
            boundConstants.put(text, existing);
            fields.add(FieldSpec.builder(Names.BIG_DECIMAL, existing, Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                    .initializer("new $T($S)", Names.BIG_DECIMAL, text)
                    .build());
        }
        return CodeBlock.of("$N", existing);
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
