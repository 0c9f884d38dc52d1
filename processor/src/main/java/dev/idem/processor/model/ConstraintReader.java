package dev.idem.processor.model;

import dev.idem.processor.base.AnnotationValues;
import dev.idem.processor.base.BeanValidation;
import dev.idem.processor.base.PropertyElement;
import dev.idem.processor.base.ScalarKind;
import java.math.BigDecimal;
import javax.lang.model.element.AnnotationMirror;

/**
 * Reads the value constraints of one parameter or component, validated already: {@code @Param}'s,
 * then Jakarta (or javax) Bean Validation's, read by name, filling only what {@code @Param} left
 * unset. Supported: {@code @Min}, {@code @Max}, {@code @DecimalMin}, {@code @DecimalMax},
 * {@code @Positive}, {@code @PositiveOrZero}, {@code @Negative}, {@code @NegativeOrZero}
 * (exclusive bounds on integral types only), {@code @Size}, {@code @NotEmpty}, {@code @NotBlank},
 * {@code @Pattern} (whole-value match, as Bean Validation means it), {@code @Email}. A Bean
 * Validation constraint that does not apply to the type is ignored.
 */
final class ConstraintReader {

    private ConstraintReader() {}

    /** @param valueType the constrained type ({@code Optional}'s element for optional parameters) */
    static Constraints read(PropertyElement property, TypeModel valueType) {
        AnnotationValues param = property.param();
        Constraints result = param == null ? Constraints.NONE : new Constraints(param.decimal("min"), param.decimal("max"),
                param.integer("minLength"), param.integer("maxLength"), param.string("pattern"), param.string("format"),
                param.integer("minItems"), param.integer("maxItems"));
        for (AnnotationMirror mirror : property.element().getAnnotationMirrors()) {
            String constraint = BeanValidation.constraintName(mirror);
            if (constraint != null) {
                result = add(constraint, mirror, valueType, result);
            }
        }
        return result;
    }

    private static Constraints add(String constraint, AnnotationMirror mirror, TypeModel type, Constraints c) {
        ScalarKind kind = type instanceof TypeModel.Scalar scalar ? scalar.kind() : null;
        boolean numeric = kind != null && kind.isNumeric();
        boolean integral = numeric && kind.isIntegral();
        boolean text = kind != null && kind.isText();
        boolean sequence = type instanceof TypeModel.Sequence;
        return switch (constraint) {
            case "Min", "DecimalMin" -> numeric ? withMin(c, number(mirror, "value")) : c;
            case "Max", "DecimalMax" -> numeric ? withMax(c, number(mirror, "value")) : c;
            case "PositiveOrZero" -> numeric ? withMin(c, 0) : c;
            case "Positive" -> integral ? withMin(c, 1) : c;
            case "NegativeOrZero" -> numeric ? withMax(c, 0) : c;
            case "Negative" -> integral ? withMax(c, -1) : c;
            case "Size" -> size(c, (int) number(mirror, "min"), (int) number(mirror, "max"), text, sequence);
            case "NotEmpty" -> notEmpty(c, text, sequence);
            case "NotBlank" -> text && !c.hasPattern() ? withPattern(c, "\\S") : c;
            case "Pattern" -> text && !c.hasPattern()
                    ? withPattern(c, "^(?:" + BeanValidation.value(mirror, "regexp") + ")$")
                    : c;
            case "Email" -> text && c.format().isEmpty() ? new Constraints(c.min(), c.max(), c.minLength(),
                    c.maxLength(), c.pattern(), "email", c.minItems(), c.maxItems()) : c;
            default -> c;
        };
    }

    private static Constraints size(Constraints c, int min, int max, boolean text, boolean sequence) {
        int upper = max == Integer.MAX_VALUE ? -1 : max;
        if (text) {
            return new Constraints(c.min(), c.max(), c.minLength() < 0 ? min : c.minLength(),
                    c.maxLength() < 0 ? upper : c.maxLength(), c.pattern(), c.format(), c.minItems(), c.maxItems());
        }
        return sequence ? new Constraints(c.min(), c.max(), c.minLength(), c.maxLength(), c.pattern(), c.format(),
                c.minItems() < 0 ? min : c.minItems(), c.maxItems() < 0 ? upper : c.maxItems()) : c;
    }

    private static Constraints notEmpty(Constraints c, boolean text, boolean sequence) {
        if (text && c.minLength() < 0) {
            return new Constraints(c.min(), c.max(), 1, c.maxLength(), c.pattern(), c.format(), c.minItems(), c.maxItems());
        }
        return sequence && c.minItems() < 0 ? new Constraints(c.min(), c.max(), c.minLength(), c.maxLength(),
                c.pattern(), c.format(), 1, c.maxItems()) : c;
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
        Object value = BeanValidation.value(mirror, member);
        return value instanceof String text ? new BigDecimal(text.trim()).doubleValue() : ((Number) value).doubleValue();
    }
}
