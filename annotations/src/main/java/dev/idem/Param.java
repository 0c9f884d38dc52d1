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

    /** JSON property name; defaults to the Java parameter name. */
    String name() default "";

    /** Description for the model; defaults to the method's {@code @param} Javadoc tag. */
    String description() default "";

    /** False makes the parameter optional (absent binds to null, or the primitive's zero). */
    boolean required() default true;

    /** Inclusive minimum for numbers. */
    double min() default Double.NEGATIVE_INFINITY;

    /** Inclusive maximum for numbers. */
    double max() default Double.POSITIVE_INFINITY;

    /** Minimum length of strings; {@code -1} for none. */
    int minLength() default -1;

    /** Maximum length of strings; {@code -1} for none. */
    int maxLength() default -1;

    /** ECMA-262 regular expression a string must match (anywhere, as in JSON Schema); empty for none. */
    String pattern() default "";

    /**
     * JSON Schema {@code format} for a {@code String}: {@code date}, {@code time},
     * {@code date-time}, {@code duration}, {@code email} or {@code uuid} (any other is a compile
     * error); empty for none.
     */
    String format() default "";

    /** Minimum number of items of arrays and collections; {@code -1} for none. */
    int minItems() default -1;

    /** Maximum number of items of arrays and collections; {@code -1} for none. */
    int maxItems() default -1;
}
