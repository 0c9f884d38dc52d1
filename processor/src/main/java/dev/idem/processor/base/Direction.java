package dev.idem.processor.base;

/**
 * Which way a value crosses the tool boundary. Parameters are read from the model's JSON and
 * must be fully supported; results are written and fall back to their string form.
 */
public enum Direction {
    /** A parameter or one of its components: bound from JSON arguments. */
    INPUT,
    /** A result or one of its components: encoded as JSON. */
    OUTPUT
}
