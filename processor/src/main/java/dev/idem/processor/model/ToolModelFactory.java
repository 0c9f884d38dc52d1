package dev.idem.processor.model;

import com.palantir.javapoet.ClassName;
import dev.idem.processor.base.AnnotationValues;
import dev.idem.processor.base.Direction;
import dev.idem.processor.base.JavaTypes;
import dev.idem.processor.base.PropertyElement;
import dev.idem.processor.base.ToolClasses;
import dev.idem.processor.base.ToolMethod;
import dev.idem.processor.base.TypeShapes;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;

/**
 * Builds the {@link ToolClassModel} of a class whose {@code @Tool} methods passed validation. It
 * reports nothing: input it cannot model is a processor bug, raised as an exception (which the
 * processing step reports as an internal error).
 *
 * <pre>{@code
 * ToolClassModel model = new ToolModelFactory(javaTypes).create(type, tools);
 * }</pre>
 */
public final class ToolModelFactory {
    private final JavaTypes javaTypes;

    /**
     * A factory reading types through {@code javaTypes}.
     *
     * @param javaTypes the compiler's utilities
     */
    public ToolModelFactory(JavaTypes javaTypes) {
        this.javaTypes = javaTypes;
    }

    /**
     * @param tools the class's {@code @Tool} methods, in source order
     * @param type the annotated class
     * @return the model
     */
    public ToolClassModel create(TypeElement type, List<ToolMethod> tools) {
        ClassName toolSet = ToolClasses.toolSetName(type);
        TypeModelBuilder builder = new TypeModelBuilder(javaTypes, new TypeShapes(javaTypes, toolSet.packageName()));
        List<ToolModel> models = new ArrayList<>();
        for (ToolMethod tool : tools) {
            models.add(tool(tool, builder));
        }
        return new ToolClassModel(ClassName.get(type), javaTypes.elements().getBinaryName(type).toString(), toolSet,
                List.copyOf(models), new LinkedHashMap<>(builder.inputTypes()), new LinkedHashMap<>(builder.outputTypes()));
    }

    private ToolModel tool(ToolMethod tool, TypeModelBuilder builder) {
        ExecutableElement method = tool.element();
        List<PropertyModel> parameters = new ArrayList<>();
        List<String> callOrder = new ArrayList<>();
        for (VariableElement parameter : method.getParameters()) {
            String javaName = parameter.getSimpleName().toString();
            if (javaTypes.isToolContext(parameter.asType())) {
                callOrder.add(null);
                continue;
            }
            if (JavaTypes.isConnection(parameter.asType())) {
                callOrder.add(ToolModel.CONNECTION);
                continue;
            }
            callOrder.add(javaName);
            PropertyElement property = PropertyElement.of(parameter, parameter.asType(), javaName, javaTypes.elements());
            parameters.add(builder.property(property, tool.doc().params().getOrDefault(javaName, ""), Direction.INPUT));
        }
        TypeMirror returnType = method.getReturnType();
        boolean async = javaTypes.isCompletionStage(returnType);
        TypeModel result = null;
        if (async) {
            List<? extends TypeMirror> args = ((DeclaredType) returnType).getTypeArguments();
            if (!args.isEmpty() && !JavaTypes.isType(args.get(0), "java.lang.Void")) {
                result = builder.type(args.get(0), Direction.OUTPUT);
            }
        } else if (returnType.getKind() != TypeKind.VOID) {
            result = builder.type(returnType, Direction.OUTPUT);
        }
        AnnotationValues annotation = tool.annotation();
        return new ToolModel(tool.name(), method.getSimpleName().toString(), tool.description(),
                method.getModifiers().contains(Modifier.STATIC), List.copyOf(parameters),
                Collections.unmodifiableList(callOrder), result, async, annotation.bool("restartSafe"),
                annotation.bool("idempotent"), annotation.bool("readOnly"), retry(annotation),
                annotation.longValue("timeoutMs"), annotation.string("title"), annotation.bool("destructive"),
                annotation.bool("openWorld"), method, VerifierModel.of(tool), approval(annotation));
    }

    /** The declared approval requirement, or null; the validator has checked the condition class. */
    private static ToolModel.Approval approval(AnnotationValues tool) {
        if (!tool.bool("requiresApproval")) {
            return null;
        }
        List<String> approvers = new ArrayList<>();
        for (AnnotationValue value : tool.list("approvers")) {
            approvers.add((String) value.getValue());
        }
        javax.lang.model.type.TypeMirror condition = (javax.lang.model.type.TypeMirror) tool.value("approvalWhen").getValue();
        TypeElement type = (TypeElement) ((DeclaredType) condition).asElement();
        boolean always = type.getQualifiedName().contentEquals(JavaTypes.APPROVAL_CONDITION);
        return new ToolModel.Approval(always ? null : ClassName.get(type), List.copyOf(approvers));
    }

    /** The tool's own policy, or null to inherit. */
    private RetryModel retry(AnnotationValues tool) {
        List<? extends AnnotationValue> retries = tool.list("retryPolicy");
        if (retries.isEmpty()) {
            return null;
        }
        AnnotationValues retry = new AnnotationValues((AnnotationMirror) retries.get(0).getValue(), javaTypes.elements());
        List<String> retryOn = new ArrayList<>();
        for (AnnotationValue value : retry.list("retryOn")) {
            String name = value.getValue().toString();
            if (!retryOn.contains(name)) {
                retryOn.add(name);
            }
        }
        return new RetryModel(retry.integer("maxAttempts"), retry.longValue("initialDelayMs"), retry.decimal("backoffFactor"),
                retry.longValue("maxDelayMs"), retry.bool("jitter"), retry.decimal("jitterFactor"), List.copyOf(retryOn));
    }
}
