package dev.idem.processor.validation;

import dev.idem.processor.base.Diagnostic;
import dev.idem.processor.base.Report;
import dev.idem.processor.model.PropertyModel;
import dev.idem.processor.model.ToolClassModel;
import dev.idem.processor.model.ToolModel;
import dev.idem.processor.schema.StrictDialect;
import dev.idem.processor.model.NamedType;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;

/**
 * The second check, on the model: what only shows once names and types are resolved. Two
 * parameters with one JSON name, and (under {@code -Aidem.strict=openai}) a tool the strict
 * dialect cannot express, reported on that tool's own method.
 *
 * <pre>{@code
 * new ModelValidator(strictOpenAi).validate(model, report);
 * }</pre>
 */
public final class ModelValidator {
    private final boolean strictOpenAi;

    /** @param strictOpenAi whether tools without a strict schema are errors */
    public ModelValidator(boolean strictOpenAi) {
        this.strictOpenAi = strictOpenAi;
    }

    /**
     * Checks the model's JSON names and strict-dialect fitness.
     *
     * @param model  the tool class's model
     * @param report where problems go
     */
    public void validate(ToolClassModel model, Report report) {
        for (NamedType type : model.inputTypes().values()) {
            names(type.properties(), Diagnostic.DUPLICATE_PROPERTY_NAME, type.javaType().toString(), report);
        }
        for (ToolModel tool : model.tools()) {
            names(tool.parameters(), Diagnostic.DUPLICATE_PARAMETER_NAME, null, report);
            if (strictOpenAi) {
                String problem = StrictDialect.incompatibility(tool, model.inputTypes());
                if (problem != null) {
                    report.add(Diagnostic.STRICT_INCOMPATIBLE, tool.method(), tool.name(), problem);
                }
            }
        }
    }

    /** One JSON name per property; names equal ignoring case are confused by models and providers. */
    private static void names(List<PropertyModel> properties, Diagnostic duplicate, String owner, Report report) {
        Map<String, String> byLowerCase = new HashMap<>();
        for (PropertyModel property : properties) {
            String name = property.jsonName();
            String previous = byLowerCase.putIfAbsent(name.toLowerCase(Locale.ROOT), name);
            if (previous == null) {
                continue;
            }
            // javac has no position for a record component: report on its record
            Element on = property.element().getKind() == ElementKind.RECORD_COMPONENT
                    ? property.element().getEnclosingElement()
                    : property.element();
            if (previous.equals(name)) {
                if (owner == null) {
                    report.add(duplicate, on, name);
                } else {
                    report.add(duplicate, on, name, owner);
                }
            } else {
                report.add(Diagnostic.NAMES_EQUAL_IGNORING_CASE, on, previous, name);
            }
        }
    }
}
