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
import java.util.Optional;
import java.util.Set;
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
    private final Map<String, String> containerMethodNames = new LinkedHashMap<>();
    private final List<FieldSpec> fields = new ArrayList<>();
    private final List<MethodSpec> containerMethods = new ArrayList<>();

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
            names.add(i == 0 ? "$L" : ", $L", StringLiteral.of(properties.get(i).jsonName()));
        }
        fields.add(FieldSpec.builder(ParameterizedTypeName.get(Names.LIST, TypeName.get(String.class)), name,
                        Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                .initializer("$T.of($L)", Names.LIST, names.build())
                .build());
        return name;
    }

    /**
     * Statements reading {@code properties} of {@code object} into locals of their Java types:
     * per property its value node ({@code value}, null when absent or JSON null), then, when there
     * is one, one plain expression reading it. No element-reader lambdas: javac would infer each
     * nested lambda's types again and again, the largest cost of compiling a tool set. Nested
     * objects ({@code nested}) name each property's path once in {@code property}; the arguments
     * object's properties have constant paths.
     */
    CodeBlock readProperties(List<PropertyModel> properties, String object, boolean nested) {
        CodeBlock.Builder code = CodeBlock.builder();
        boolean valueDeclared = false;
        boolean propertyDeclared = false;
        for (PropertyModel property : properties) {
            TypeModel valueType = property.type() instanceof TypeModel.OptionalType optional
                    ? optional.element()
                    : property.type();
            String local = Names.local(property.javaName());
            TypeName localType = property.type().javaType().box();
            CodeBlock path = CodeBlock.of("$L", StringLiteral.of(property.jsonName()));
            if (nested) {
                code.addStatement("$L = $T.child(path, $L)", propertyDeclared ? "property" : "String property",
                        ARGUMENT_READER, StringLiteral.of(property.jsonName()));
                propertyDeclared = true;
                path = CodeBlock.of("property");
            }
            if (property.presence() == Presence.REQUIRED && valueType instanceof TypeModel.Json) {
                code.addStatement("$T $N = reader.requiredJson($N, $L)", localType, local, object,
                        nested ? CodeBlock.of("path, $L", StringLiteral.of(property.jsonName()))
                                : CodeBlock.of("\"\", $L", StringLiteral.of(property.jsonName())));
                continue;
            }
            CodeBlock declaration = valueDeclared ? CodeBlock.of("value") : CodeBlock.of("$T value", JSON_NODE);
            valueDeclared = true;
            if (property.presence() == Presence.REQUIRED) {
                code.addStatement("$L = reader.requiredValue($N, $L, $L)", declaration, object, StringLiteral.of(property.jsonName()), path);
            } else {
                code.addStatement("$L = reader.presentValue($N, $L)", declaration, object, StringLiteral.of(property.jsonName()));
            }
            CodeBlock read = valueRead(valueType, property.constraints(), CodeBlock.of("value"), path);
            // An if, not a conditional expression: javac attributes each method call in the operands
            // of a conditional twice (once to learn whether the conditional is numeric).
            switch (property.presence()) {
                case REQUIRED, NULLABLE -> code.addStatement("$T $N = null", localType, local);
                case OPTIONAL -> code.addStatement("$T $N = $T.empty()", localType, local, Optional.class);
                case ZERO_DEFAULT -> code.addStatement("$T $N = $T.valueOf($L)", localType, local, localType,
                        zero(((TypeModel.Scalar) valueType).kind()));
            }
            code.beginControlFlow("if (value != null)");
            if (property.presence() == Presence.OPTIONAL) {
                code.addStatement("$N = $T.ofNullable($L)", local, Optional.class, read);
            } else {
                code.addStatement("$N = $L", local, read);
            }
            code.endControlFlow();
        }
        return code.build();
    }

    /** {@code private static Address readAddress(ArgumentReader reader, JsonNode node, String path)}. */
    MethodSpec readMethod(NamedType type) {
        String properties = propertyList(Names.constant(type.key()) + "_PROPERTIES", type.properties());
        List<String> arguments = new ArrayList<>();
        for (PropertyModel property : type.properties()) {
            arguments.add(Names.local(property.javaName()));
        }
        return MethodSpec.methodBuilder(readMethodName(type.key()))
                .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                .returns(type.javaType())
                .addParameter(ARGUMENT_READER, "reader")
                .addParameter(JSON_NODE, "node")
                .addParameter(String.class, "path")
                .beginControlFlow("if (!reader.object(node, path, $N))", properties)
                .addStatement("return null")
                .endControlFlow()
                .addStatement("int problems = reader.problemCount()")
                .addCode(readProperties(type.properties(), "node", true))
                .beginControlFlow("if (reader.problemCount() != problems)")
                .addStatement("return null")
                .endControlFlow()
                // a constructor that refuses a value is the model's to fix (INVALID_ARGUMENTS), not a bug
                .beginControlFlow("try")
                .addStatement("return new $T($L)", type.javaType(), String.join(", ", arguments))
                .nextControlFlow("catch ($T rejected)", Exception.class)
                .addStatement("reader.refused(path, $S, rejected)", type.javaType().toString())
                .addStatement("return null")
                .endControlFlow()
                .build();
    }

    /** Helper methods reading arrays and maps, one per distinct container type. */
    List<MethodSpec> containerMethods() {
        return containerMethods;
    }

    static String readMethodName(String key) {
        return "read" + Names.member(key);
    }

    /** An expression reading {@code node} at {@code path} as {@code type}, checking {@code constraints}. */
    private CodeBlock valueRead(TypeModel type, Constraints constraints, CodeBlock node, CodeBlock path) {
        if (constraints.hasItems() && type instanceof TypeModel.Sequence sequence) {
            CodeBlock list = CodeBlock.of("$N(reader, $L, $L)", containerMethod(sequence), node, path);
            return asSequence(sequence, itemChecks(list, node, constraints, CodeBlock.of("reader"), path));
        }
        return checks(elementRead(type, node, path), node, type, constraints, CodeBlock.of("reader"), path);
    }

    /** An expression reading {@code node} at {@code path} as {@code type}, without constraints. */
    private CodeBlock elementRead(TypeModel type, CodeBlock node, CodeBlock path) {
        if (type instanceof TypeModel.Scalar scalar) {
            return CodeBlock.of("reader.$N($L, $L)", scalar.kind().readerMethod(), node, path);
        }
        if (type instanceof TypeModel.Json) {
            return CodeBlock.of("reader.readJson($L, $L)", node, path);
        }
        if (type instanceof TypeModel.EnumType) {
            return CodeBlock.of("reader.readEnum($L, $L, $N)", node, path, enumConstants(type.javaType()));
        }
        if (type instanceof TypeModel.Named named) {
            return CodeBlock.of("$N(reader, $L, $L)", readMethodName(named.key()), node, path);
        }
        if (type instanceof TypeModel.MapType map) {
            return CodeBlock.of("$N(reader, $L, $L)", containerMethod(map), node, path);
        }
        if (type instanceof TypeModel.Sequence sequence) {
            return asSequence(sequence, CodeBlock.of("$N(reader, $L, $L)", containerMethod(sequence), node, path));
        }
        throw new IllegalStateException("no reader for " + type);
    }

    /**
     * The name of the helper method reading a sequence (as a {@code List} or {@code Set}; arrays
     * are converted where it is called) or a map, written on first use.
     */
    private String containerMethod(TypeModel container) {
        String key = containerKey(container);
        String existing = containerMethodNames.get(key);
        if (existing != null) {
            return existing;
        }
        String name = allocator.unique(containerLabel(container));
        containerMethodNames.put(key, name);
        MethodSpec.Builder method = MethodSpec.methodBuilder(name)
                .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                .addParameter(ARGUMENT_READER, "reader")
                .addParameter(JSON_NODE, "node")
                .addParameter(String.class, "path");
        if (container instanceof TypeModel.MapType map) {
            TypeName valueType = map.value().javaType().box();
            TypeName mapType = ParameterizedTypeName.get(ClassName.get(Map.class), TypeName.get(String.class), valueType);
            method.returns(mapType)
                    .beginControlFlow("if (!reader.object(node, path))")
                    .addStatement("return null")
                    .endControlFlow()
                    .addStatement("$T map = new $T()", mapType,
                            ParameterizedTypeName.get(ClassName.get(LinkedHashMap.class), TypeName.get(String.class), valueType))
                    .beginControlFlow("for ($T entry : node.properties())",
                            ParameterizedTypeName.get(ClassName.get(Map.Entry.class), TypeName.get(String.class), JSON_NODE))
                    .addStatement("map.put(entry.getKey(), $L)", elementRead(map.value(), CodeBlock.of("entry.getValue()"),
                            CodeBlock.of("$T.child(path, entry.getKey())", ARGUMENT_READER)))
                    .endControlFlow()
                    .addStatement("return map");
        } else {
            TypeModel.Sequence sequence = (TypeModel.Sequence) container;
            TypeName elementType = sequence.element().javaType().box();
            TypeName listType = ParameterizedTypeName.get(Names.LIST, elementType);
            boolean set = sequence.kind() == SequenceKind.SET;
            method.returns(set ? ParameterizedTypeName.get(ClassName.get(Set.class), elementType) : listType)
                    .beginControlFlow("if (!reader.array(node, path))")
                    .addStatement("return null")
                    .endControlFlow()
                    .addStatement("$T list = new $T(node.size())", listType,
                            ParameterizedTypeName.get(ClassName.get(ArrayList.class), elementType))
                    .beginControlFlow("for (int i = 0; i < node.size(); i++)")
                    .addStatement("list.add($L)", elementRead(sequence.element(), CodeBlock.of("node.get(i)"),
                            CodeBlock.of("$T.index(path, i)", ARGUMENT_READER)))
                    .endControlFlow()
                    .addStatement(set ? "return reader.unique(list, node, path)" : "return list");
        }
        containerMethods.add(method.build());
        return name;
    }

    /** What tells container helpers apart: sets and lists (arrays and collections read as lists), element types. */
    private static String containerKey(TypeModel container) {
        if (container instanceof TypeModel.MapType map) {
            return "map " + map.value().javaType().box();
        }
        TypeModel.Sequence sequence = (TypeModel.Sequence) container;
        return (sequence.kind() == SequenceKind.SET ? "set " : "list ") + sequence.element().javaType().box();
    }

    /** {@code listOfLine}, {@code setOfString}, {@code mapOfListOfInteger}. */
    private static String containerLabel(TypeModel type) {
        if (type instanceof TypeModel.MapType map) {
            return "mapOf" + typeLabel(map.value());
        }
        if (type instanceof TypeModel.Sequence sequence) {
            return (sequence.kind() == SequenceKind.SET ? "setOf" : "listOf") + typeLabel(sequence.element());
        }
        return "readerOf" + typeLabel(type);
    }

    private static String typeLabel(TypeModel type) {
        if (type instanceof TypeModel.MapType || type instanceof TypeModel.Sequence) {
            String label = containerLabel(type);
            return Character.toUpperCase(label.charAt(0)) + label.substring(1);
        }
        TypeName boxed = type.javaType().box();
        if (boxed instanceof ClassName named) {
            return Names.member(named.simpleName());
        }
        if (boxed instanceof ParameterizedTypeName parameterized) {
            return Names.member(parameterized.rawType().simpleName());
        }
        return "Value";
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

    String pattern(String regex) {
        String existing = patternConstants.get(regex);
        if (existing != null) {
            return existing;
        }
        String name = allocator.unique("PATTERN_" + (patternConstants.size() + 1));
        patternConstants.put(regex, name);
        fields.add(FieldSpec.builder(Names.ECMA_REGEX, name, Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                .initializer("$T.compile($L)", Names.ECMA_REGEX, StringLiteral.of(regex))
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
