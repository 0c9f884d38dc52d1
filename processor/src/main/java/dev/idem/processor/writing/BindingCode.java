package dev.idem.processor.writing;

import static dev.idem.processor.writing.Names.ARGUMENT_READER;
import static dev.idem.processor.writing.Names.ARGUMENT_STREAM;
import static dev.idem.processor.writing.Names.BOUND_CALL;
import static dev.idem.processor.writing.Names.DEFERRED;
import static dev.idem.processor.writing.Names.JSON_NODE;
import static dev.idem.processor.writing.Names.JSON_PARSER;

import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import dev.idem.processor.model.NamedType;
import dev.idem.processor.model.PropertyModel;
import dev.idem.processor.model.ToolClassModel;
import dev.idem.processor.model.ToolModel;
import java.util.ArrayList;
import java.util.List;
import javax.lang.model.element.Modifier;

/**
 * Writes a tool set's binding: {@code bind(name, JsonNode)} and {@code bind(name, JsonNode,
 * deadlineNanos)} (the tree binder, whose verdict and messages count; pattern checks stop at the
 * deadline), {@code bindStreaming(name, JsonParser[, deadline])} (one pass over the text, deferring to the tree
 * binder on anything it does not bind itself, every constrained value and every set included), one bound-call record per tool that both
 * create, and per named input type its tree reader, stream reader and canonical writer.
 */
final class BindingCode {
    private final BinderCode tree;
    private final List<MethodSpec> methods = new ArrayList<>();
    private final List<TypeSpec> boundCalls = new ArrayList<>();

    BindingCode(ToolClassModel model, Names.Allocator allocator) {
        tree = new BinderCode(allocator);
        StreamBinderCode stream = new StreamBinderCode(tree);
        CanonicalCode canonical = new CanonicalCode(model.inputTypes());

        List<String> toolNames = new ArrayList<>();
        model.tools().forEach(tool -> toolNames.add(tool.name()));
        CodeBlock unknownTool = CodeBlock.builder().add("default:\n").indent()
                .addStatement("throw new $T($S + toolName + $S)", IllegalArgumentException.class, "no tool '",
                        "' in " + model.toolClass().simpleName() + "; its tools are " + String.join(", ", toolNames))
                .unindent().build();

        CodeBlock.Builder treeCases = CodeBlock.builder().beginControlFlow("switch (toolName)");
        CodeBlock.Builder streamCases = CodeBlock.builder().beginControlFlow("switch (toolName)");
        List<MethodSpec> treeBinders = new ArrayList<>();
        List<MethodSpec> streamBinders = new ArrayList<>();
        for (ToolModel tool : model.tools()) {
            String suffix = Character.toUpperCase(tool.methodName().charAt(0)) + tool.methodName().substring(1)
                    + (treeBinders.size() + 1);
            String record = allocator.unique(suffix + "Call");
            String parameters = tree.propertyList(Names.constant(tool.name()) + "_PARAMETERS", tool.parameters());
            treeBinders.add(treeBinder(tool, "bind" + suffix, parameters, record));
            streamBinders.add(streamBinder(tool, "stream" + suffix, record, stream));
            boundCalls.add(BoundCallCode.record(tool, record, model.toolClass(), canonical));
            treeCases.add("case $L:\n", StringLiteral.of(tool.name())).indent()
                    .addStatement("return $N(reader, $T.arguments(arguments))", "bind" + suffix, ARGUMENT_READER).unindent();
            streamCases.add("case $L:\n", StringLiteral.of(tool.name())).indent()
                    .addStatement("return $N(in)", "stream" + suffix).unindent();
        }
        treeCases.add(unknownTool).endControlFlow();
        streamCases.add(unknownTool).endControlFlow();

        methods.add(entryPoint("bind", JSON_NODE, false,
                CodeBlock.of("bind(toolName, arguments, new $T())", ARGUMENT_READER)));
        methods.add(entryPoint("bind", JSON_NODE, true,
                CodeBlock.of("bind(toolName, arguments, new $T(deadlineNanos))", ARGUMENT_READER)));
        methods.add(MethodSpec.methodBuilder("bind")
                .addModifiers(Modifier.PRIVATE)
                .returns(BOUND_CALL)
                .addParameter(String.class, "toolName")
                .addParameter(JSON_NODE, "arguments")
                .addParameter(ARGUMENT_READER, "reader")
                .addCode(treeCases.build())
                .build());
        methods.add(entryPoint("bindStreaming", JSON_PARSER, false,
                CodeBlock.of("bindStreaming(toolName, new $T(arguments))", ARGUMENT_STREAM)));
        methods.add(entryPoint("bindStreaming", JSON_PARSER, true,
                CodeBlock.of("bindStreaming(toolName, new $T(arguments, deadlineNanos))", ARGUMENT_STREAM)));
        methods.add(MethodSpec.methodBuilder("bindStreaming")
                .addModifiers(Modifier.PRIVATE)
                .returns(BOUND_CALL)
                .addParameter(String.class, "toolName")
                .addParameter(ARGUMENT_STREAM, "in")
                .beginControlFlow("try")
                .addCode(streamCases.build())
                .nextControlFlow("catch ($T deferred)", DEFERRED)
                .addStatement("return null")
                .endControlFlow()
                .build());
        methods.addAll(treeBinders);
        methods.addAll(streamBinders);
        for (NamedType named : model.inputTypes().values()) {
            methods.add(tree.readMethod(named));
        }
        methods.addAll(tree.containerMethods());
        for (NamedType named : model.inputTypes().values()) {
            methods.add(stream.streamMethod(named));
        }
        for (NamedType named : canonical.readableTypes()) {
            methods.add(canonical.canonicalMethod(named));
        }
    }

    /**
     * {@code @Override public BoundCall name(String toolName, <input> arguments[, long deadlineNanos])},
     * returning {@code delegate}: the set's entry points, each handing a fresh reader or stream to
     * the one private method that binds.
     */
    private static MethodSpec entryPoint(String name, TypeName input, boolean withDeadline, CodeBlock delegate) {
        MethodSpec.Builder method = MethodSpec.methodBuilder(name)
                .addAnnotation(Override.class)
                .addModifiers(Modifier.PUBLIC)
                .returns(BOUND_CALL)
                .addParameter(String.class, "toolName")
                .addParameter(input, "arguments");
        if (withDeadline) {
            method.addParameter(long.class, "deadlineNanos");
        }
        return method.addStatement("return $L", delegate).build();
    }

    /** Constants the binders use: property lists, patterns, enum constants. */
    List<FieldSpec> fields() {
        return tree.fields();
    }

    List<MethodSpec> methods() {
        return methods;
    }

    /** One record per tool. */
    List<TypeSpec> boundCalls() {
        return boundCalls;
    }

    private MethodSpec treeBinder(ToolModel tool, String methodName, String parameters, String record) {
        MethodSpec.Builder method = MethodSpec.methodBuilder(methodName)
                .addModifiers(Modifier.PRIVATE)
                .returns(BOUND_CALL)
                .addParameter(ARGUMENT_READER, "reader")
                .addParameter(JSON_NODE, "arguments")
                .addStatement("reader.object(arguments, $S, $N)", "", parameters);
        method.addCode(tree.readProperties(tool.parameters(), "arguments", false));
        List<CodeBlock> locals = new ArrayList<>();
        for (PropertyModel property : tool.parameters()) {
            locals.add(CodeBlock.of("$N", Names.local(property.javaName())));
        }
        return method.addStatement("reader.throwIfProblems()")
                .addStatement("return $L", BoundCallCode.create(tool, record, locals))
                .build();
    }

    private static MethodSpec streamBinder(ToolModel tool, String methodName, String record, StreamBinderCode stream) {
        return MethodSpec.methodBuilder(methodName)
                .addModifiers(Modifier.PRIVATE)
                .returns(BOUND_CALL)
                .addParameter(ARGUMENT_STREAM, "in")
                .addCode(stream.readProperties(tool.parameters(), "return in.missing()"))
                .addStatement("return in.verdict($L)",
                        BoundCallCode.create(tool, record, StreamBinderCode.values(tool.parameters())))
                .build();
    }
}
