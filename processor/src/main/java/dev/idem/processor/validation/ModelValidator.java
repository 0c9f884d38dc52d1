package dev.idem.processor.validation;

import dev.idem.processor.base.Diagnostic;
import dev.idem.processor.base.Report;
import dev.idem.processor.model.PropertyModel;
import dev.idem.processor.model.ToolClassModel;
import dev.idem.processor.model.ToolModel;
import dev.idem.processor.schema.StrictDialect;
import java.util.HashSet;
import java.util.Set;

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

    public void validate(ToolClassModel model, Report report) {
        for (ToolModel tool : model.tools()) {
            Set<String> jsonNames = new HashSet<>();
            for (PropertyModel parameter : tool.parameters()) {
                if (!jsonNames.add(parameter.jsonName())) {
                    report.add(Diagnostic.DUPLICATE_PARAMETER_NAME, parameter.element(), parameter.jsonName());
                }
            }
            if (strictOpenAi) {
                String problem = StrictDialect.incompatibility(tool, model.inputTypes());
                if (problem != null) {
                    report.add(Diagnostic.STRICT_INCOMPATIBLE, tool.method(), tool.name(), problem);
                }
            }
        }
    }
}
