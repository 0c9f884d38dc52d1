package dev.idem.processor.validation;

import dev.idem.processor.base.Diagnostic;
import dev.idem.processor.base.Direction;
import dev.idem.processor.base.JavaTypes;
import dev.idem.processor.base.PropertyElement;
import dev.idem.processor.base.Report;
import dev.idem.processor.base.TypeShape;
import dev.idem.processor.base.TypeShapes;
import java.util.HashSet;
import java.util.Set;
import javax.lang.model.element.Element;
import javax.lang.model.type.TypeMirror;

/**
 * Checks the types of one tool class's parameters and results, and the constraints on them.
 * Parameter types must be fully supported (an error names the type, the path and what is
 * supported); a result type without a JSON form is a warning (it is sent as its string form).
 * A named type is checked once per direction; its type problems are reported on the tool
 * parameter that leads to it, its constraint problems on the component itself.
 */
final class TypeValidator {
    private final JavaTypes javaTypes;
    private final TypeShapes shapes;
    private final Report report;
    private final Set<String> inputChecked = new HashSet<>();
    private final Set<String> outputChecked = new HashSet<>();

    TypeValidator(JavaTypes javaTypes, TypeShapes shapes, Report report) {
        this.javaTypes = javaTypes;
        this.shapes = shapes;
        this.report = report;
    }

    /**
     * @param reportOn   where type problems are reported: the tool parameter (or method) that leads here
     * @param parentPath the path of the enclosing object ({@code ""} for the arguments)
     * @return whether the property's type is usable (its constraints are checked only then)
     */
    boolean property(PropertyElement property, Element reportOn, String parentPath, Direction direction) {
        String path = property.path(parentPath);
        if (property.requiredFalse() && (property.optionalWrapper() || property.nullable())) {
            report.add(Diagnostic.REQUIRED_FALSE_ON_OPTIONAL, property.element(), property.param().mirror(),
                    property.param().explicit("required"), path);
        }
        TypeShape shape = shapes.classify(property.valueType(), direction);
        boolean usable = shape(shape, path, reportOn, direction);
        if (usable && direction == Direction.INPUT) {
            ConstraintValidator.validate(property, shape, path, report);
        }
        return usable;
    }

    /** Checks a type; returns whether it is usable. */
    boolean type(TypeMirror type, String path, Element reportOn, Direction direction) {
        return shape(shapes.classify(type, direction), path, reportOn, direction);
    }

    private boolean shape(TypeShape shape, String path, Element reportOn, Direction direction) {
        if (shape instanceof TypeShape.Sequence sequence) {
            return type(sequence.element(), path + "[]", reportOn, direction);
        }
        if (shape instanceof TypeShape.MapOf map) {
            return type(map.value(), path + ".*", reportOn, direction);
        }
        if (shape instanceof TypeShape.OptionalOf optional) {
            return type(optional.element(), path, reportOn, direction);
        }
        if (shape instanceof TypeShape.Named named) {
            return named(named, path, reportOn, direction);
        }
        if (shape instanceof TypeShape.EnumOf enumeration && enumeration.constants().isEmpty()
                && direction == Direction.INPUT) {
            report.add(Diagnostic.EMPTY_ENUM, reportOn, enumeration.type(), path);
            return false;
        }
        if (shape instanceof TypeShape.NonStringKey map) {
            report.add(Diagnostic.NON_STRING_MAP_KEY, reportOn, path, map.key());
            return false;
        }
        if (shape instanceof TypeShape.Unsupported unsupported) {
            if (direction == Direction.OUTPUT) {
                // Content has its own JSON form, which the generated encoder sends: nothing to warn about.
                if (!javaTypes.isSubtype(unsupported.type(), JavaTypes.TOOL_CONTENT)) {
                    report.add(Diagnostic.UNENCODABLE_RESULT, reportOn, unsupported.type(), path);
                }
                return true;
            }
            report.add(Diagnostic.UNSUPPORTED_PARAMETER_TYPE, reportOn, unsupported.type(), path, unsupported.reason(),
                    TypeShapes.SUPPORTED);
            return false;
        }
        return true; // a scalar, an enum or a JsonNode
    }

    private boolean named(TypeShape.Named named, String path, Element reportOn, Direction direction) {
        Set<String> checked = direction == Direction.INPUT ? inputChecked : outputChecked;
        if (!checked.add(named.element().getQualifiedName().toString())) {
            return true; // checked, and reported, where first used
        }
        boolean complete = true;
        for (TypeShape.Component component : named.components()) {
            PropertyElement property = PropertyElement.of(component.annotated(), component.parameter().asType(),
                    component.parameter().getSimpleName().toString(), javaTypes.elements());
            int errorsBefore = report.errorCount();
            if (!property(property, reportOn, path, direction) || report.errorCount() != errorsBefore) {
                complete = false;
            }
        }
        return complete || direction == Direction.OUTPUT;
    }
}
