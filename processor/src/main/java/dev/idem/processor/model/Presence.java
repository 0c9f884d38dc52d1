package dev.idem.processor.model;

/** Whether a parameter must be given, and what absence binds to. */
public enum Presence {
    /** Absent or JSON null is a binding error. */
    REQUIRED,
    /** {@code Optional<T>}: absent or null binds to {@code Optional.empty()}. */
    OPTIONAL,
    /** {@code @Nullable} or {@code @Param(required = false)} on a reference: absent or null binds to null. */
    NULLABLE,
    /** {@code @Param(required = false)} on a primitive: absent or null binds to the zero value. */
    ZERO_DEFAULT;

    /**
     * Whether absence is a binding error.
     *
     * @return whether this is {@link #REQUIRED}
     */
    public boolean isRequired() {
        return this == REQUIRED;
    }
}
