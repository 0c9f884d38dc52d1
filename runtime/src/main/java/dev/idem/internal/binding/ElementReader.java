package dev.idem.internal.binding;

import tools.jackson.databind.JsonNode;

/**
 * Reads one JSON value found at {@code path} into a Java value, reporting problems to an
 * {@link ArgumentReader} instead of throwing. Generated binders compose these for nested types.
 *
 * <pre>{@code
 * List<Integer> sizes = reader.readList(node, "sizes", reader::readInt);
 * }</pre>
 *
 * @param <T> the Java type read
 */
@FunctionalInterface
public interface ElementReader<T> {

    /**
     * @param node the JSON value, never {@code null} (a JSON null arrives as a null node)
     * @param path where the value sits in the arguments, e.g. {@code lead.address.zip}
     * @return the value, or {@code null} when a problem was reported
     */
    T read(JsonNode node, String path);
}
