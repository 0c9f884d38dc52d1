package dev.idem.generated;

/**
 * One JSON property of a {@link Shape}: a tool parameter or a component of a record or class.
 *
 * @param name     the JSON property name
 * @param shape    what its value must be
 * @param presence whether it must be given, and what absence binds to
 */
public record Property(String name, Shape shape, Presence presence) {

    /** Whether a property must be given, and what absence (or JSON null) binds to. */
    public enum Presence {
        /** Absent or JSON null is a problem (for a JSON value only absence is). */
        REQUIRED,
        /** {@code Optional<T>}: absent or null binds to {@code Optional.empty()}. */
        OPTIONAL,
        /** Absent or null binds to {@code null}. */
        NULLABLE,
        /** A primitive that may be left out: absent or null binds to its zero value. */
        ZERO_DEFAULT
    }

    /**
     * A property that must be given.
     *
     * @param name the property's name in the arguments object
     * @param shape the shape of its value
     * @return the property
     */
    public static Property required(String name, Shape shape) {
        return new Property(name, shape, Presence.REQUIRED);
    }

    /**
     * An {@code Optional} property.
     *
     * @param name the property's name in the arguments object
     * @param shape the shape of its value
     * @return the property
     */
    public static Property optional(String name, Shape shape) {
        return new Property(name, shape, Presence.OPTIONAL);
    }

    /**
     * A property that binds to {@code null} when absent.
     *
     * @param name the property's name in the arguments object
     * @param shape the shape of its value
     * @return the property
     */
    public static Property nullable(String name, Shape shape) {
        return new Property(name, shape, Presence.NULLABLE);
    }

    /**
     * A primitive property that binds to its zero value when absent.
     *
     * @param name the property's name in the arguments object
     * @param shape the shape of its value
     * @return the property
     */
    public static Property zeroDefault(String name, Shape shape) {
        return new Property(name, shape, Presence.ZERO_DEFAULT);
    }
}
