package dev.idem.processor.validation;

import dev.idem.processor.model.Constraints;
import dev.idem.processor.model.ScalarKind;
import dev.idem.processor.model.TypeModel;
import java.math.BigDecimal;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;

/**
 * Reads Jakarta (or javax) Bean Validation constraints by name, so a tool written for a
 * validating framework gets the same checks in its schema and binder without Idem depending on
 * the validation API. {@code @Param} wins where both say something: these only fill what it
 * left unset. Supported: {@code @Min}, {@code @Max}, {@code @DecimalMin}, {@code @DecimalMax},
 * {@code @Positive}, {@code @PositiveOrZero}, {@code @Negative}, {@code @NegativeOrZero}
 * (exclusive bounds on integral types only), {@code @Size}, {@code @NotEmpty}, {@code @NotBlank},
 * {@code @Pattern} (whole-value match, as Bean Validation means it), {@code @Email}. A constraint
 * that does not apply to the type is ignored; an invalid {@code @Pattern} is reported.
 */
public final class BeanValidationConstraints {
    private static final String JAKARTA = "jakarta.validation.constraints.";
    private static final String JAVAX = "javax.validation.constraints.";

    private BeanValidationConstraints() {}

    /** {@code base} with the element's Bean Validation constraints added where it has none. */
    public static Constraints apply(Element element, TypeModel valueType, Constraints base, Report report) {
        Constraints result = base;
        for (AnnotationMirror mirror : element.getAnnotationMirrors()) {
            String name = ((TypeElement) mirror.getAnnotationType().asElement()).getQualifiedName().toString();
            String constraint = name.startsWith(JAKARTA) ? name.substring(JAKARTA.length())
                    : name.startsWith(JAVAX) ? name.substring(JAVAX.length()) : null;
            if (constraint == null) {
                continue;
            }
            if (constraint.equals("Pattern") && !compiles((String) value(mirror, "regexp"), element, mirror, report)) {
                continue;
            }
            result = add(constraint, mirror, valueType, result);
        }
        return result;
    }

    private static boolean compiles(String regexp, Element element, AnnotationMirror mirror, Report report) {
        try {
            Pattern.compile(regexp);
            return true;
        } catch (PatternSyntaxException invalid) {
            report.add(Diagnostic.INVALID_PATTERN, element, mirror, null, regexp, invalid.getDescription());
            return false;
        }
    }

    private static Constraints add(String constraint, AnnotationMirror mirror, TypeModel type, Constraints c) {
        ScalarKind kind = type instanceof TypeModel.Scalar scalar ? scalar.kind() : null;
        boolean numeric = kind != null && kind.isNumeric();
        boolean integral = numeric && kind.jsonType().equals("integer");
        boolean text = kind == ScalarKind.STRING;
        boolean sequence = type instanceof TypeModel.Sequence;
        switch (constraint) {
            case "Min", "DecimalMin" -> {
                return numeric ? withMin(c, number(mirror, "value")) : c;
            }
            case "Max", "DecimalMax" -> {
                return numeric ? withMax(c, number(mirror, "value")) : c;
            }
            case "PositiveOrZero" -> {
                return numeric ? withMin(c, 0) : c;
            }
            case "Positive" -> {
                return integral ? withMin(c, 1) : c;
            }
            case "NegativeOrZero" -> {
                return numeric ? withMax(c, 0) : c;
            }
            case "Negative" -> {
                return integral ? withMax(c, -1) : c;
            }
            case "Size" -> {
                int min = (int) number(mirror, "min");
                int max = (int) number(mirror, "max");
                int upper = max == Integer.MAX_VALUE ? -1 : max;
                if (text) {
                    return new Constraints(c.min(), c.max(), c.minLength() < 0 ? min : c.minLength(),
                            c.maxLength() < 0 ? upper : c.maxLength(), c.pattern(), c.format(), c.minItems(), c.maxItems());
                }
                return sequence ? new Constraints(c.min(), c.max(), c.minLength(), c.maxLength(), c.pattern(), c.format(),
                        c.minItems() < 0 ? min : c.minItems(), c.maxItems() < 0 ? upper : c.maxItems()) : c;
            }
            case "NotEmpty" -> {
                if (text && c.minLength() < 0) {
                    return new Constraints(c.min(), c.max(), 1, c.maxLength(), c.pattern(), c.format(), c.minItems(), c.maxItems());
                }
                return sequence && c.minItems() < 0 ? new Constraints(c.min(), c.max(), c.minLength(), c.maxLength(),
                        c.pattern(), c.format(), 1, c.maxItems()) : c;
            }
            case "NotBlank" -> {
                return text && !c.hasPattern() ? withPattern(c, "\\S") : c;
            }
            case "Pattern" -> {
                return text && !c.hasPattern() ? withPattern(c, "^(?:" + value(mirror, "regexp") + ")$") : c;
            }
            case "Email" -> {
                return text && c.format().isEmpty() ? new Constraints(c.min(), c.max(), c.minLength(), c.maxLength(),
                        c.pattern(), "email", c.minItems(), c.maxItems()) : c;
            }
            default -> {
                return c;
            }
        }
    }

    private static Constraints withMin(Constraints c, double min) {
        return Double.isInfinite(c.min()) ? new Constraints(min, c.max(), c.minLength(), c.maxLength(), c.pattern(),
                c.format(), c.minItems(), c.maxItems()) : c;
    }

    private static Constraints withMax(Constraints c, double max) {
        return Double.isInfinite(c.max()) ? new Constraints(c.min(), max, c.minLength(), c.maxLength(), c.pattern(),
                c.format(), c.minItems(), c.maxItems()) : c;
    }

    private static Constraints withPattern(Constraints c, String pattern) {
        return new Constraints(c.min(), c.max(), c.minLength(), c.maxLength(), pattern, c.format(), c.minItems(), c.maxItems());
    }

    /** A numeric member, also {@code @DecimalMin}'s string value. */
    private static double number(AnnotationMirror mirror, String member) {
        Object value = value(mirror, member);
        return value instanceof String text ? new BigDecimal(text.trim()).doubleValue() : ((Number) value).doubleValue();
    }

    /** Written or default, without needing the annotation class. */
    private static Object value(AnnotationMirror mirror, String member) {
        for (Map.Entry<? extends ExecutableElement, ? extends AnnotationValue> entry : mirror.getElementValues().entrySet()) {
            if (entry.getKey().getSimpleName().contentEquals(member)) {
                return entry.getValue().getValue();
            }
        }
        for (Element enclosed : mirror.getAnnotationType().asElement().getEnclosedElements()) {
            if (enclosed instanceof ExecutableElement method && method.getSimpleName().contentEquals(member)
                    && method.getDefaultValue() != null) {
                return method.getDefaultValue().getValue();
            }
        }
        throw new IllegalArgumentException("@" + mirror.getAnnotationType() + " has no value for " + member);
    }
}
