package dev.idem.processor.model;

import dev.idem.processor.validation.Diagnostic;
import dev.idem.processor.validation.Report;
import dev.idem.processor.validation.ToolMethodValidator;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;

/** Builds the {@link ToolModel} of one {@code @Tool} method, reporting what is wrong with it. */
public final class ToolModelFactory {
    private static final String TOOL_CONTEXT = "dev.idem.tool.ToolContext";

    private final Types types;
    private final Elements elements;
    private final ToolMethodValidator validator;

    public ToolModelFactory(Types types, Elements elements) {
        this.types = types;
        this.elements = elements;
        this.validator = new ToolMethodValidator(elements);
    }

    /** The tool, or null when an error was reported about it. */
    public ToolModel create(ExecutableElement method, AnnotationValues tool, TypeResolver resolver, String generatedName,
            Report report) {
        int errorsBefore = report.errorCount();
        String name = tool.string("name").isEmpty() ? method.getSimpleName().toString() : tool.string("name");
        RetryModel retry = validator.validate(method, tool, name, generatedName, report);
        DocComment doc = DocComment.parse(elements.getDocComment(method));
        String description = tool.string("description").isEmpty() ? doc.summary() : tool.string("description");
        if (description.isEmpty()) {
            report.add(Diagnostic.MISSING_DESCRIPTION, method, name);
        }
        List<PropertyModel> parameters = new ArrayList<>();
        List<String> callOrder = new ArrayList<>();
        Set<String> jsonNames = new HashSet<>();
        for (VariableElement parameter : method.getParameters()) {
            String javaName = parameter.getSimpleName().toString();
            if (parameter.asType().toString().equals(TOOL_CONTEXT)) {
                callOrder.add(null);
                continue;
            }
            callOrder.add(javaName);
            PropertyModel property = resolver.property(parameter, parameter.asType(), javaName,
                    doc.params().getOrDefault(javaName, ""), "", TypeResolver.Mode.INPUT);
            if (property == null) {
                continue;
            }
            if (!jsonNames.add(property.jsonName())) {
                report.add(Diagnostic.DUPLICATE_PARAMETER_NAME, parameter, property.jsonName());
            }
            parameters.add(property);
        }
        TypeMirror returnType = method.getReturnType();
        boolean async = isCompletionStage(returnType);
        TypeModel result = null;
        if (async) {
            List<? extends TypeMirror> args = ((DeclaredType) returnType).getTypeArguments();
            TypeMirror value = args.isEmpty() ? null : args.get(0);
            if (value != null && !value.toString().equals("java.lang.Void")) {
                result = resolver.resolve(value, "result", method, TypeResolver.Mode.OUTPUT);
            }
        } else if (returnType.getKind() != TypeKind.VOID) {
            result = resolver.resolve(returnType, "result", method, TypeResolver.Mode.OUTPUT);
        }
        if (report.errorCount() != errorsBefore) {
            return null;
        }
        return new ToolModel(name, method.getSimpleName().toString(), description,
                method.getModifiers().contains(Modifier.STATIC), List.copyOf(parameters), callOrder, result, async,
                tool.bool("restartSafe"), tool.bool("idempotent"), tool.bool("readOnly"), retry,
                tool.longValue("timeoutMs"), tool.string("title"), tool.bool("destructive"), tool.bool("openWorld"));
    }

    private boolean isCompletionStage(TypeMirror type) {
        TypeElement stage = elements.getTypeElement("java.util.concurrent.CompletionStage");
        return type.getKind() == TypeKind.DECLARED
                && types.isSubtype(types.erasure(type), types.erasure(stage.asType()));
    }
}
