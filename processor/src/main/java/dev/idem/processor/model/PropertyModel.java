package dev.idem.processor.model;

import javax.lang.model.element.Element;

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
 * @param element     the parameter, record component or field it was read from (diagnostics go here)
 */
public record PropertyModel(
        String javaName,
        String jsonName,
        String description,
        TypeModel type,
        Presence presence,
        Constraints constraints,
        String accessor,
        Element element) {}
