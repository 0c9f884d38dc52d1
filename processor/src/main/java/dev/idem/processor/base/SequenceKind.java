package dev.idem.processor.base;

/** How a JSON array is held in Java. */
public enum SequenceKind {
    /** A {@code List}. */
    LIST,
    /** A {@code Set}. */
    SET,
    /** A {@code Collection}. */
    COLLECTION,
    /** An array of references. */
    OBJECT_ARRAY,
    /** An array of primitives. */
    PRIMITIVE_ARRAY
}
