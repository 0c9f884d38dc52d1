package dev.idem;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Describes and constrains one tool parameter (or one record component of a parameter type).
 * Constraints appear in the generated JSON Schema and are checked before the tool runs; a
 * violation is a binding error and the tool is not executed.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target({ElementType.PARAMETER, ElementType.RECORD_COMPONENT, ElementType.FIELD})
public @interface Param {

    /**
     * JSON property name; defaults to the Java parameter name.
     *
     * @return the property name, or empty for the parameter's name
     */
    String name() default "";

    /**
     * Description for the model; defaults to the method's {@code @param} Javadoc tag.
     *
     * @return the description, or empty for the {@code @param} tag
     */
    String description() default "";

    /**
     * False makes the parameter optional (absent binds to null, or the primitive's zero).
     *
     * @return whether the model must give the parameter
     */
    boolean required() default true;

    /**
     * Inclusive minimum for numbers.
     *
     * @return the smallest allowed number
     */
    double min() default Double.NEGATIVE_INFINITY;

    /**
     * Inclusive maximum for numbers.
     *
     * @return the largest allowed number
     */
    double max() default Double.POSITIVE_INFINITY;

    /**
     * Minimum length of strings; {@code -1} for none.
     *
     * @return the shortest allowed length, or {@code -1}
     */
    int minLength() default -1;

    /**
     * Maximum length of strings; {@code -1} for none.
     *
     * @return the longest allowed length, or {@code -1}
     */
    int maxLength() default -1;

    /**
     * ECMA-262 regular expression a string must match (anywhere, as in JSON Schema); empty for none.
     *
     * @return the pattern, or empty
     */
    String pattern() default "";

    /**
     * JSON Schema {@code format} for a {@code String}, which the binder checks as the
     * format-assertion vocabulary defines it: {@code date}, {@code time}, {@code date-time},
     * {@code duration}, {@code email} or {@code uuid} (any other is a compile error); empty for none.
     *
     * @return the format's name, or empty
     */
    String format() default "";

    /**
     * Minimum number of items of arrays and collections; {@code -1} for none.
     *
     * @return the fewest allowed items, or {@code -1}
     */
    int minItems() default -1;

    /**
     * Maximum number of items of arrays and collections; {@code -1} for none.
     *
     * @return the most allowed items, or {@code -1}
     */
    int maxItems() default -1;
}
