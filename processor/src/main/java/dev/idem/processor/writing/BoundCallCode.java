package dev.idem.processor.writing;

import static dev.idem.processor.writing.Names.BOUND_CALL;
import static dev.idem.processor.writing.Names.CANONICAL_ARGUMENTS;
import static dev.idem.processor.writing.Names.CANONICAL_WRITER;
import static dev.idem.processor.writing.Names.COMPLETABLE_FUTURE;
import static dev.idem.processor.writing.Names.COMPLETION_STAGE;
import static dev.idem.processor.writing.Names.JSON_NODE;
import static dev.idem.processor.writing.Names.RESULT_ENCODER;
import static dev.idem.processor.writing.Names.TOOL_CONTEXT;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeSpec;
import dev.idem.processor.model.PropertyModel;
import dev.idem.processor.model.ToolModel;
import java.util.ArrayList;
import java.util.List;
import javax.lang.model.element.Modifier;

/**
 * Writes a tool's bound call: a record of the tool set's instance and the bound arguments that
 * runs the method once per {@code run}, and, when its values can be read back, writes its own
 * canonical arguments, so the executor derives the idempotency key from typed values.
 * Both binders (tree and stream) end by creating one.
 */
final class BoundCallCode {

    private BoundCallCode() {}

    /** {@code private record <Name>(Tools instance, String key, long cents) implements BoundCall ...}. */
    static TypeSpec record(ToolModel tool, String name, ClassName toolClass, CanonicalCode canonical) {
        MethodSpec.Builder components = MethodSpec.constructorBuilder();
        if (!tool.isStatic()) {
            components.addParameter(toolClass, "instance");
        }
        for (PropertyModel property : tool.parameters()) {
            components.addParameter(property.type().javaType(), Names.local(property.javaName()));
        }
        TypeSpec.Builder record = TypeSpec.recordBuilder(name)
                .addModifiers(Modifier.PRIVATE)
                .recordConstructor(components.build())
                .addSuperinterface(BOUND_CALL)
                .addMethod(run(tool, toolClass));
        if (canonical.readable(tool.parameters())) {
            record.addSuperinterface(CANONICAL_ARGUMENTS)
                    .addMethod(MethodSpec.methodBuilder("writeCanonical")
                            .addAnnotation(Override.class)
                            .addModifiers(Modifier.PUBLIC)
                            .addParameter(CANONICAL_WRITER, "out")
                            .addCode(canonical.writeObject(tool.parameters(),
                                    property -> CodeBlock.of("$N", Names.local(property.javaName())), "out"))
                            .build());
        }
        return record.build();
    }

    /** {@code new <Name>(instance, key, cents)} from the binder's locals or values. */
    static CodeBlock create(ToolModel tool, String name, List<CodeBlock> values) {
        List<CodeBlock> arguments = new ArrayList<>();
        if (!tool.isStatic()) {
            arguments.add(CodeBlock.of("instance"));
        }
        arguments.addAll(values);
        return CodeBlock.of("new $N($L)", name, CodeBlock.join(arguments, ", "));
    }

    private static MethodSpec run(ToolModel tool, ClassName toolClass) {
        MethodSpec.Builder run = MethodSpec.methodBuilder("run")
                .addAnnotation(Override.class)
                .addModifiers(Modifier.PUBLIC)
                .returns(ParameterizedTypeName.get(COMPLETION_STAGE, JSON_NODE))
                .addParameter(TOOL_CONTEXT, "context")
                .addException(Exception.class);
        List<String> arguments = new ArrayList<>();
        for (String javaName : tool.callOrder()) {
            arguments.add(javaName == null ? "context" : Names.local(javaName));
        }
        CodeBlock call = CodeBlock.of("$L.$N($L)", tool.isStatic() ? CodeBlock.of("$T", toolClass) : CodeBlock.of("instance"),
                tool.methodName(), String.join(", ", arguments));
        if (tool.async()) {
            run.addStatement("return $L.thenApply(r0 -> $L)", call, EncoderCode.encode(tool.result(), CodeBlock.of("r0"), 0));
        } else if (tool.result() == null) {
            run.addStatement("$L", call)
                    .addStatement("return $T.completedFuture($T.nullNode())", COMPLETABLE_FUTURE, RESULT_ENCODER);
        } else {
            run.addStatement("return $T.completedFuture($L)", COMPLETABLE_FUTURE, EncoderCode.encode(tool.result(), call, 0));
        }
        return run.build();
    }
}
