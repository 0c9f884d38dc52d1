package dev.idem.processor.validation;

import com.palantir.javapoet.ClassName;
import dev.idem.processor.base.Diagnostic;
import dev.idem.processor.base.JavaTypes;
import dev.idem.processor.base.Report;
import dev.idem.processor.base.ToolClasses;
import dev.idem.processor.base.ToolMethod;
import dev.idem.processor.base.TypeShapes;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javax.lang.model.element.Element;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;

/**
 * The first check of a class with {@code @Tool} methods, on its elements, before any model is
 * built: the class itself, tool names, and each method with its types (all methods, so every
 * error of a class is reported in one compilation).
 *
 * <pre>{@code
 * new ToolClassValidator(javaTypes).validate(type, tools, report);
 * if (!report.hasErrors()) { ... build the model ... }
 * }</pre>
 */
public final class ToolClassValidator {
    private final JavaTypes javaTypes;
    private final ToolMethodValidator methods;
    private final VerifierValidator verifiers;

    /**
     * A validator reading types through {@code javaTypes}.
     *
     * @param javaTypes the compiler's utilities
     */
    public ToolClassValidator(JavaTypes javaTypes) {
        this.javaTypes = javaTypes;
        this.methods = new ToolMethodValidator(javaTypes);
        this.verifiers = new VerifierValidator(javaTypes);
    }

    /**
     * @param tools the class's {@code @Tool} methods, in source order
     * @param type   the annotated class
     * @param report where problems go
     */
    public void validate(TypeElement type, List<ToolMethod> tools, Report report) {
        for (Element current = type; current instanceof TypeElement; current = current.getEnclosingElement()) {
            if (current.getModifiers().contains(Modifier.PRIVATE)) {
                report.add(Diagnostic.INACCESSIBLE_TOOL_CLASS, type, current.getSimpleName());
            }
        }
        if (!type.getTypeParameters().isEmpty()) {
            report.add(Diagnostic.GENERIC_TOOL_CLASS, type, type.getSimpleName());
        }
        ClassName toolSet = ToolClasses.toolSetName(type);
        TypeValidator types = new TypeValidator(javaTypes, new TypeShapes(javaTypes, toolSet.packageName()), report);
        Map<String, ToolMethod> byName = new HashMap<>();
        for (ToolMethod tool : tools) {
            ToolMethod previous = byName.putIfAbsent(tool.name(), tool);
            if (previous != null) {
                report.add(Diagnostic.DUPLICATE_TOOL_NAME, tool.element(), tool.annotation().mirror(),
                        tool.annotation().explicit("name"), tool.name(), previous.signature());
            }
            methods.validate(tool, toolSet.simpleName(), types, report);
            verifiers.validate(tool, toolSet.simpleName(), report);
        }
    }
}
