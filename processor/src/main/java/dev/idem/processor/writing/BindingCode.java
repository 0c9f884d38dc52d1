package dev.idem.processor.writing;

import static dev.idem.processor.writing.Names.BINDING;
import static dev.idem.processor.writing.Names.BOUND_CALL;
import static dev.idem.processor.writing.Names.COMPLETION_STAGE;
import static dev.idem.processor.writing.Names.JSON_NODE;
import static dev.idem.processor.writing.Names.JSON_PARSER;
import static dev.idem.processor.writing.Names.PROPERTY;
import static dev.idem.processor.writing.Names.RESULT_ENCODER;
import static dev.idem.processor.writing.Names.SHAPE;
import static dev.idem.processor.writing.Names.TOOL_CALLS;
import static dev.idem.processor.writing.Names.TOOL_CONTEXT;

import com.palantir.javapoet.AnnotationSpec;
import com.palantir.javapoet.ArrayTypeName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import dev.idem.processor.base.ScalarKind;
import dev.idem.processor.model.Constraints;
import dev.idem.processor.model.NamedType;
import dev.idem.processor.model.PropertyModel;
import dev.idem.processor.model.ToolClassModel;
import dev.idem.processor.model.ToolModel;
import dev.idem.processor.model.TypeModel;
import dev.idem.processor.model.VerifierModel;
import dev.idem.processor.schema.JsonText;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javax.lang.model.element.Modifier;

/**
 * Writes a tool set's binding as data: one {@code Shape} constant per tool's arguments (naming an
 * earlier tool's where the arguments read the same) and per named input type (its properties, types and constraints, and the constructor call that builds
 * it), the one {@code bind(name, arguments, deadlineNanos)} entry point, a {@code switch}
 * handing each tool's shape and number to the runtime's {@code Binding}, which reads every
 * call, reports every problem and writes the canonical arguments, and the one
 * {@code call(tool, v, context)} method, a {@code switch} calling each tool's method directly.
 * Statements, not a lambda per tool: javac attributes an implicitly typed lambda argument more
 * than once, and compiling the generated set is part of every build.
 */
final class BindingCode {
    private final List<FieldSpec> fields = new ArrayList<>();
    private final List<MethodSpec> methods = new ArrayList<>();
    private final CodeBlock.Builder definitions = CodeBlock.builder();
    private final Map<String, String> namedShapes = new HashMap<>();

    BindingCode(ToolClassModel model, Names.Allocator allocator) {
        for (NamedType named : model.inputTypes().values()) {
            namedShapes.put(named.key(), allocator.unique(Names.constant(named.key()) + "_SHAPE"));
        }
        for (NamedType named : model.inputTypes().values()) {
            List<CodeBlock> casts = new ArrayList<>();
            boolean unchecked = false;
            for (int i = 0; i < named.properties().size(); i++) {
                TypeName type = named.properties().get(i).type().javaType();
                casts.add(CodeBlock.of("($T) v[$L]", type, i));
                unchecked |= generic(type);
            }
            FieldSpec.Builder field = FieldSpec.builder(SHAPE, namedShapes.get(named.key()),
                            Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                    .initializer("$T.object($S, v -> new $T($L))", SHAPE, named.javaType().toString(), named.javaType(),
                            CodeBlock.join(casts, ", "));
            if (unchecked) {
                field.addAnnotation(UNCHECKED);
            }
            fields.add(field.build());
            definitions.addStatement("$N.define($L)", namedShapes.get(named.key()), properties(named.properties()));
        }

        List<String> toolNames = new ArrayList<>();
        model.tools().forEach(tool -> toolNames.add(tool.name()));
        CodeBlock.Builder cases = CodeBlock.builder().beginControlFlow("switch (toolName)");
        CodeBlock.Builder calls = CodeBlock.builder().beginControlFlow("switch (tool)");
        boolean uncheckedBind = false;
        boolean uncheckedCall = false;
        Map<String, String> argumentShapes = new HashMap<>();
        for (int number = 0; number < model.tools().size(); number++) {
            ToolModel tool = model.tools().get(number);
            String shape = allocator.unique(Names.constant(tool.name()) + "_ARGUMENTS");
            CodeBlock arguments = CodeBlock.of("$T.arguments($L)", SHAPE, properties(tool.parameters()));
            // Shapes are immutable: a tool whose arguments read exactly as an earlier tool's names
            // that tool's constant, and javac attributes the properties once.
            String earlier = argumentShapes.putIfAbsent(arguments.toString(), shape);
            fields.add(FieldSpec.builder(SHAPE, shape, Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                    .initializer(earlier == null ? arguments : CodeBlock.of("$N", earlier))
                    .build());
            Map<String, Integer> index = new HashMap<>();
            boolean genericParameter = false;
            for (int i = 0; i < tool.parameters().size(); i++) {
                PropertyModel parameter = tool.parameters().get(i);
                index.put(parameter.javaName(), i);
                genericParameter |= generic(parameter.type().javaType());
            }
            List<CodeBlock> callArguments = new ArrayList<>();
            for (String javaName : tool.callOrder()) {
                callArguments.add(javaName == null ? CodeBlock.of("context")
                        : javaName.equals(ToolModel.CONNECTION) ? CodeBlock.of("context.connection()")
                        : CodeBlock.of("($T) v[$L]", tool.parameters().get(index.get(javaName)).type().javaType(),
                                index.get(javaName)));
            }
            uncheckedCall |= genericParameter;
            calls.add("case $L:\n", number).indent().add(call(tool, model, CodeBlock.join(callArguments, ", "))).unindent();
            cases.add("case $L:\n", StringLiteral.of(tool.name())).indent();
            if (tool.verifier() == null) {
                cases.addStatement("return $T.bind($N, arguments, deadlineNanos, calls, $L)", BINDING, shape, number);
            } else {
                uncheckedBind |= genericParameter && tool.verifier().withArguments();
                cases.addStatement("return $T.bind($N, arguments, deadlineNanos, calls, $L,\n$>$>$L$<$<)", BINDING, shape,
                        number, verifier(tool, model));
            }
            cases.unindent();
        }
        cases.add("default:\n").indent()
                .addStatement("throw new $T($S + toolName + $S)", IllegalArgumentException.class, "no tool '",
                        "' in " + model.toolClass().simpleName() + "; its tools are " + String.join(", ", toolNames))
                .unindent().endControlFlow();
        calls.add("default:\n").indent()
                .addStatement("throw new $T($S + tool + $S)", IllegalArgumentException.class, "no tool number ",
                        " in " + model.toolClass().simpleName())
                .unindent().endControlFlow();
        MethodSpec.Builder bind = MethodSpec.methodBuilder("bind")
                .addAnnotation(Override.class)
                .addModifiers(Modifier.PUBLIC)
                .returns(BOUND_CALL)
                .addParameter(String.class, "toolName")
                .addParameter(JSON_PARSER, "arguments")
                .addParameter(long.class, "deadlineNanos")
                .addCode(cases.build());
        if (uncheckedBind) {
            bind.addAnnotation(UNCHECKED);
        }
        methods.add(bind.build());
        MethodSpec.Builder call = MethodSpec.methodBuilder("call")
                .addJavadoc("Calls tool number {@code tool} with its bound values {@code v}.\n")
                .addModifiers(Modifier.PRIVATE)
                .returns(ParameterizedTypeName.get(COMPLETION_STAGE, JSON_NODE))
                .addParameter(int.class, "tool")
                .addParameter(ArrayTypeName.of(Object.class), "v")
                .addParameter(TOOL_CONTEXT, "context")
                .addException(Exception.class)
                .addCode(calls.build());
        if (uncheckedCall) {
            call.addAnnotation(UNCHECKED);
        }
        methods.add(call.build());
        fields.add(FieldSpec.builder(TOOL_CALLS, "calls", Modifier.PRIVATE, Modifier.FINAL)
                .initializer("this::call")
                .build());
    }

    private static final AnnotationSpec UNCHECKED =
            AnnotationSpec.builder(SuppressWarnings.class).addMember("value", "$S", "unchecked").build();

    /** Shape constants: per named type, then per tool. */
    List<FieldSpec> fields() {
        return fields;
    }

    /** The static initializer that gives named types their properties (they may refer to themselves). */
    CodeBlock definitions() {
        return definitions.build();
    }

    List<MethodSpec> methods() {
        return methods;
    }

    /** {@code return Binding.done(ResultEncoder.string(instance.book((String) v[0])));}: one case of {@code call}. */
    private static CodeBlock call(ToolModel tool, ToolClassModel model, CodeBlock arguments) {
        CodeBlock call = CodeBlock.of("$L.$N($L)",
                tool.isStatic() ? CodeBlock.of("$T", model.toolClass()) : CodeBlock.of("instance"),
                tool.methodName(), arguments);
        if (tool.async()) {
            return CodeBlock.builder().addStatement("return $L.thenApply(r0 -> $L)", call,
                    EncoderCode.encode(tool.result(), CodeBlock.of("r0"), 0)).build();
        }
        if (tool.result() == null) {
            return CodeBlock.builder().addStatement("$L", call)
                    .addStatement("return $T.done($T.nullNode())", BINDING, RESULT_ENCODER).build();
        }
        return CodeBlock.builder().addStatement("return $T.done($L)", BINDING, EncoderCode.encode(tool.result(), call, 0))
                .build();
    }

    /** {@code (v, key) -> instance.findTransfer(key, (String) v[0]).<JsonNode>map(r0 -> ResultEncoder.string(r0))}. */
    private static CodeBlock verifier(ToolModel tool, ToolClassModel model) {
        VerifierModel verifier = tool.verifier();
        List<CodeBlock> arguments = new ArrayList<>();
        arguments.add(CodeBlock.of("key"));
        if (verifier.withArguments()) {
            for (int i = 0; i < tool.parameters().size(); i++) {
                arguments.add(CodeBlock.of("($T) v[$L]", tool.parameters().get(i).type().javaType(), i));
            }
        }
        CodeBlock call = CodeBlock.of("$L.$N($L)",
                verifier.isStatic() ? CodeBlock.of("$T", model.toolClass()) : CodeBlock.of("instance"),
                verifier.methodName(), CodeBlock.join(arguments, ", "));
        CodeBlock encoded = tool.result() == null ? CodeBlock.of("$T.nullNode()", RESULT_ENCODER)
                : EncoderCode.encode(tool.result(), CodeBlock.of("r0"), 0);
        return CodeBlock.of("(v, key) -> $L.<$T>map(r0 -> $L)", call, JSON_NODE, encoded);
    }

    private CodeBlock properties(List<PropertyModel> properties) {
        List<CodeBlock> list = new ArrayList<>();
        for (PropertyModel property : properties) {
            String factory = switch (property.presence()) {
                case REQUIRED -> "required";
                case OPTIONAL -> "optional";
                case NULLABLE -> "nullable";
                case ZERO_DEFAULT -> "zeroDefault";
            };
            TypeModel type = property.type() instanceof TypeModel.OptionalType optional ? optional.element() : property.type();
            list.add(CodeBlock.of("$T.$N($L, $L)", PROPERTY, factory, StringLiteral.of(property.jsonName()),
                    constrained(type, property.constraints())));
        }
        return list.size() <= 1 ? CodeBlock.join(list, ", ") : CodeBlock.of("\n$>$>$L$<$<", CodeBlock.join(list, ",\n"));
    }

    private CodeBlock constrained(TypeModel type, Constraints constraints) {
        CodeBlock shape = shape(type);
        if (constraints.hasItems() && type instanceof TypeModel.Sequence) {
            return CodeBlock.of("$L.items($L, $L)", shape, constraints.minItems(), constraints.maxItems());
        }
        if (constraints.hasRange()) {
            shape = CodeBlock.of("$L.range($L, $L)", shape, bound(constraints.min()), bound(constraints.max()));
        }
        if (constraints.hasLength()) {
            shape = CodeBlock.of("$L.length($L, $L)", shape, constraints.minLength(), constraints.maxLength());
        }
        if (constraints.hasPattern()) {
            shape = CodeBlock.of("$L.pattern($L)", shape, StringLiteral.of(constraints.pattern()));
        }
        if (!constraints.format().isEmpty() && type instanceof TypeModel.Scalar scalar && scalar.kind() == ScalarKind.STRING) {
            shape = CodeBlock.of("$L.format($S)", shape, constraints.format());
        }
        return shape;
    }

    private CodeBlock shape(TypeModel type) {
        if (type instanceof TypeModel.Scalar scalar) {
            return CodeBlock.of("$T.$N", SHAPE, scalar.kind().name());
        }
        if (type instanceof TypeModel.Json) {
            return CodeBlock.of("$T.JSON", SHAPE);
        }
        if (type instanceof TypeModel.EnumType) {
            return CodeBlock.of("$T.enumOf($T.values())", SHAPE, type.javaType());
        }
        if (type instanceof TypeModel.Named named) {
            return CodeBlock.of("$N", namedShapes.get(named.key()));
        }
        if (type instanceof TypeModel.MapType map) {
            return CodeBlock.of("$T.map($L)", SHAPE, shape(map.value()));
        }
        if (type instanceof TypeModel.Sequence sequence) {
            CodeBlock element = shape(sequence.element());
            return switch (sequence.kind()) {
                case LIST, COLLECTION -> CodeBlock.of("$T.list($L)", SHAPE, element);
                case SET -> CodeBlock.of("$T.set($L)", SHAPE, element);
                case OBJECT_ARRAY -> CodeBlock.of("$T.array($L, $T[]::new)", SHAPE, element,
                        ((ArrayTypeName) sequence.javaType()).componentType());
                case PRIMITIVE_ARRAY -> CodeBlock.of("$T.primitiveArray($L)", SHAPE, element);
            };
        }
        throw new IllegalStateException("no shape for " + type);
    }

    /** The bound exactly as the schema prints it, or {@code null}. */
    private static CodeBlock bound(double value) {
        return Double.isInfinite(value) ? CodeBlock.of("null") : CodeBlock.of("$S", JsonText.number(value));
    }

    /** Whether a cast to {@code type} is unchecked. */
    private static boolean generic(TypeName type) {
        if (type instanceof ParameterizedTypeName) {
            return true;
        }
        return type instanceof ArrayTypeName array && generic(array.componentType());
    }
}
