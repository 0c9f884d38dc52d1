package dev.idem.processor.model;

/**
 * One JSON property: a tool parameter or a component of a named type.
 *
 * @param javaName    the Java parameter / component name
 * @param jsonName    the JSON property name
 * @param description for the model, may be empty
 * @param type        its type
 * @param presence    required or what absence binds to
 * @param constraints its value constraints
 * @param accessor    for components: the expression suffix that reads it from an instance
 *                    ({@code street()}, {@code getStreet()}, {@code street}), null when not readable
 */
public record PropertyModel(
        String javaName,
        String jsonName,
        String description,
        TypeModel type,
        Presence presence,
        Constraints constraints,
        String accessor) {}
