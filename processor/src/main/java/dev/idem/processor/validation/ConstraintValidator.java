package dev.idem.processor.validation;

import com.palantir.javapoet.TypeName;
import dev.idem.processor.base.AnnotationValues;
import dev.idem.processor.base.BeanValidation;
import dev.idem.processor.base.Diagnostic;
import dev.idem.processor.base.PropertyElement;
import dev.idem.processor.base.Report;
import dev.idem.processor.base.TypeShape;
import java.math.BigDecimal;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.lang.model.element.ExecutableElement;

/**
 * Checks the constraints on one parameter or component: {@code @Param}'s against each other and
 * against the type they constrain, and that every pattern (also Bean Validation's
 * {@code @Pattern}) compiles. Each problem is reported on the offending annotation value.
 */
final class ConstraintValidator {
    /**
     * The formats the generated binder checks on a {@code String}, as the format-assertion
     * vocabulary defines them ({@code ArgumentReader.format}); any other would be a promise in
     * the schema that nothing keeps.
     */
    static final Set<String> ENFORCED_FORMATS = Set.of("date", "time", "date-time", "duration", "email", "uuid");

    private ConstraintValidator() {}

    /** @param valueShape the constrained type ({@code Optional}'s element for optional parameters) */
    static void validate(PropertyElement property, TypeShape valueShape, String path, Report report) {
        if (property.param() != null) {
            param(property.element(), property.param(), valueShape, path, report);
        }
        for (AnnotationMirror mirror : property.element().getAnnotationMirrors()) {
            String constraint = BeanValidation.constraintName(mirror);
            if ("DecimalMin".equals(constraint) || "DecimalMax".equals(constraint)) {
                decimalBound(property.element(), mirror, constraint, report);
            }
            if ("Pattern".equals(constraint)) {
                String regexp = (String) BeanValidation.value(mirror, "regexp");
                String problem = problem(regexp);
                if (problem != null) {
                    report.add(Diagnostic.INVALID_PATTERN, property.element(), mirror, null, regexp, problem);
                } else {
                    ecma(property.element(), mirror, null, regexp, report);
                }
            }
        }
    }

    private static void param(Element element, AnnotationValues param, TypeShape valueShape, String path,
            Report report) {
        boolean numeric = valueShape instanceof TypeShape.Scalar scalar && scalar.kind().isNumeric();
        boolean text = valueShape instanceof TypeShape.Scalar scalar && scalar.kind().isText();
        boolean sequence = valueShape instanceof TypeShape.Sequence;
        String typeName = TypeName.get(valueShape.type()).toString();
        notApplicable(element, param, "min", numeric, path, typeName, report);
        notApplicable(element, param, "max", numeric, path, typeName, report);
        notApplicable(element, param, "minLength", text, path, typeName, report);
        notApplicable(element, param, "maxLength", text, path, typeName, report);
        notApplicable(element, param, "pattern", text, path, typeName, report);
        notApplicable(element, param, "format", text, path, typeName, report);
        notApplicable(element, param, "minItems", sequence, path, typeName, report);
        notApplicable(element, param, "maxItems", sequence, path, typeName, report);
        double min = param.decimal("min");
        double max = param.decimal("max");
        // NaN would make the descriptor resource invalid JSON; +Infinity as min accepts nothing
        if (Double.isNaN(min) || min == Double.POSITIVE_INFINITY) {
            report.add(Diagnostic.INVALID_BOUND, element, param.mirror(), param.explicit("min"), "min", min);
        }
        if (Double.isNaN(max) || max == Double.NEGATIVE_INFINITY) {
            report.add(Diagnostic.INVALID_BOUND, element, param.mirror(), param.explicit("max"), "max", max);
        }
        if (min > max) {
            report.add(Diagnostic.MIN_GREATER_THAN_MAX, element, param.mirror(), param.explicit("min"), "min", min, "max", max);
        }
        int minLength = param.integer("minLength");
        int maxLength = param.integer("maxLength");
        if (maxLength >= 0 && minLength > maxLength) {
            report.add(Diagnostic.MIN_GREATER_THAN_MAX, element, param.mirror(), param.explicit("minLength"),
                    "minLength", minLength, "maxLength", maxLength);
        }
        int minItems = param.integer("minItems");
        int maxItems = param.integer("maxItems");
        if (maxItems >= 0 && minItems > maxItems) {
            report.add(Diagnostic.MIN_GREATER_THAN_MAX, element, param.mirror(), param.explicit("minItems"),
                    "minItems", minItems, "maxItems", maxItems);
        }
        String pattern = param.string("pattern");
        if (!pattern.isEmpty()) {
            ecma(element, param.mirror(), param.explicit("pattern"), pattern, report);
        }
        for (String member : new String[] {"minLength", "maxLength", "minItems", "maxItems"}) {
            AnnotationValue value = param.explicit(member);
            if (value != null && param.integer(member) < 0) {
                report.add(Diagnostic.NEGATIVE_SIZE, element, param.mirror(), value, member, param.integer(member));
            }
        }
        String name = param.string("name");
        int lone = loneSurrogate(name);
        if (lone >= 0) {
            // the name as written in Java, so the message shows the surrogate rather than a '?'
            String shown = name.substring(0, lone) + String.format("\\u%04X", (int) name.charAt(lone)) + name.substring(lone + 1);
            report.add(Diagnostic.LONE_SURROGATE_IN_NAME, element, param.mirror(), param.explicit("name"), shown,
                    String.format("\\u%04X", (int) name.charAt(lone)), lone);
        }
        String format = param.string("format");
        if (!format.isEmpty() && !ENFORCED_FORMATS.contains(format)) {
            report.add(Diagnostic.UNSUPPORTED_FORMAT, element, param.mirror(), param.explicit("format"), format,
                    String.join(", ", new TreeSet<>(ENFORCED_FORMATS)));
        }
        AnnotationValue description = param.explicit("description");
        if (description != null && param.string("description").isBlank()) {
            report.add(Diagnostic.BLANK_DESCRIPTION, element, param.mirror(), description);
        }
    }

    /**
     * {@code @DecimalMin}/{@code @DecimalMax} hold their bound as text: it must be a number whose
     * double is finite, or the schema could not state it (NaN is not JSON) and the binder could
     * not compare with it.
     */
    private static void decimalBound(Element element, AnnotationMirror mirror, String constraint, Report report) {
        AnnotationValue written = null;
        for (Map.Entry<? extends ExecutableElement, ? extends AnnotationValue> entry : mirror.getElementValues().entrySet()) {
            if (entry.getKey().getSimpleName().contentEquals("value")) {
                written = entry.getValue();
            }
        }
        // a missing value is javac's own error; a value that is not text is the API's, not ours
        if (written != null && written.getValue() instanceof String bound && !finiteDecimal(bound)) {
            report.add(Diagnostic.INVALID_BOUND, element, mirror, written, "@" + constraint, "\"" + bound + "\"");
        }
    }

    private static boolean finiteDecimal(String text) {
        try {
            return Double.isFinite(new BigDecimal(text.trim()).doubleValue());
        } catch (NumberFormatException notANumber) {
            return false;
        }
    }

    /**
     * One judge: the runtime's ECMA-262 parser ({@code EcmaRegex}, shaded here) accepts exactly
     * the patterns the processor accepts. java.util.regex only words the refusal: a pattern it
     * reads is Java-only syntax (with the hint {@link EcmaPatternCheck#javaOnly} finds), one it
     * cannot read either is invalid.
     */
    private static void ecma(Element element, AnnotationMirror mirror, AnnotationValue value, String pattern,
            Report report) {
        String refused = EcmaPatternCheck.ecmaSyntax(pattern);
        if (refused != null) {
            if (problem(pattern) != null) {
                report.add(Diagnostic.INVALID_PATTERN, element, mirror, value, pattern, refused);
            } else {
                String hint = EcmaPatternCheck.javaOnly(pattern);
                report.add(Diagnostic.JAVA_ONLY_PATTERN, element, mirror, value, pattern, hint != null ? hint : refused);
            }
            return;
        }
        String risk = EcmaPatternCheck.backtrackingRisk(pattern);
        if (risk != null) {
            report.add(Diagnostic.BACKTRACKING_PRONE_PATTERN, element, mirror, value, pattern, risk);
        }
    }

    /** The index of the first surrogate without its pair in {@code text}, or -1. */
    static int loneSurrogate(String text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (Character.isHighSurrogate(c) && i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1))) {
                i++;
            } else if (Character.isSurrogate(c)) {
                return i;
            }
        }
        return -1;
    }

    /** Why the regular expression does not compile, or null. */
    private static String problem(String regexp) {
        try {
            Pattern.compile(regexp);
            return null;
        } catch (PatternSyntaxException invalid) {
            return invalid.getDescription();
        }
    }

    private static void notApplicable(Element element, AnnotationValues param, String member, boolean applies,
            String path, String typeName, Report report) {
        AnnotationValue value = param.explicit(member);
        if (value != null && !applies) {
            report.add(Diagnostic.CONSTRAINT_NOT_APPLICABLE, element, param.mirror(), value, member, path, typeName);
        }
    }
}
