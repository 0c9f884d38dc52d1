package dev.idem.processor.base;

/** How a JSON array is held in Java. */
public enum SequenceKind {
    LIST,
    SET,
    COLLECTION,
    OBJECT_ARRAY,
    PRIMITIVE_ARRAY
}
