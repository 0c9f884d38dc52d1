package dev.idem.processor.validation;

import dev.idem.processor.model.AnnotationValues;
import dev.idem.processor.model.Constraints;
import dev.idem.processor.model.ScalarKind;
import dev.idem.processor.model.TypeModel;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;

/**
 * Checks the constraints of one {@code @Param} against each other and against the type they
 * constrain, reporting on the offending annotation value.
 */
public final class ConstraintValidator {

    private ConstraintValidator() {}

    /**
     * @param valueType the constrained type ({@code Optional}'s element for optional parameters)
     * @return the constraints (meaningless when errors were reported)
     */
    public static Constraints validate(Element element, AnnotationValues param, TypeModel valueType, String path,
            Report report) {
        Constraints constraints = new Constraints(param.decimal("min"), param.decimal("max"), param.integer("minLength"),
                param.integer("maxLength"), param.string("pattern"), param.string("format"), param.integer("minItems"),
                param.integer("maxItems"));
        boolean numeric = valueType instanceof TypeModel.Scalar && ((TypeModel.Scalar) valueType).kind().isNumeric();
        boolean text = valueType instanceof TypeModel.Scalar && ((TypeModel.Scalar) valueType).kind() == ScalarKind.STRING;
        boolean sequence = valueType instanceof TypeModel.Sequence;
        String typeName = valueType.javaType().toString();
        notApplicable(element, param, "min", numeric, path, typeName, report);
        notApplicable(element, param, "max", numeric, path, typeName, report);
        notApplicable(element, param, "minLength", text, path, typeName, report);
        notApplicable(element, param, "maxLength", text, path, typeName, report);
        notApplicable(element, param, "pattern", text, path, typeName, report);
        notApplicable(element, param, "format", text, path, typeName, report);
        notApplicable(element, param, "minItems", sequence, path, typeName, report);
        notApplicable(element, param, "maxItems", sequence, path, typeName, report);
        if (constraints.min() > constraints.max()) {
            report.add(Diagnostic.MIN_GREATER_THAN_MAX, element, param.mirror(), param.explicit("min"),
                    "min", constraints.min(), "max", constraints.max());
        }
        if (constraints.maxLength() >= 0 && constraints.minLength() > constraints.maxLength()) {
            report.add(Diagnostic.MIN_GREATER_THAN_MAX, element, param.mirror(), param.explicit("minLength"),
                    "minLength", constraints.minLength(), "maxLength", constraints.maxLength());
        }
        if (constraints.maxItems() >= 0 && constraints.minItems() > constraints.maxItems()) {
            report.add(Diagnostic.MIN_GREATER_THAN_MAX, element, param.mirror(), param.explicit("minItems"),
                    "minItems", constraints.minItems(), "maxItems", constraints.maxItems());
        }
        if (constraints.hasPattern()) {
            try {
                Pattern.compile(constraints.pattern());
            } catch (PatternSyntaxException invalid) {
                report.add(Diagnostic.INVALID_PATTERN, element, param.mirror(), param.explicit("pattern"),
                        constraints.pattern(), invalid.getDescription());
            }
        }
        return constraints;
    }

    private static void notApplicable(Element element, AnnotationValues param, String member, boolean applies,
            String path, String typeName, Report report) {
        AnnotationValue value = param.explicit(member);
        if (value != null && !applies) {
            report.add(Diagnostic.CONSTRAINT_NOT_APPLICABLE, element, param.mirror(), value, member, path, typeName);
        }
    }
}
