package dev.idem.tool;

/**
 * Creates the generated {@link ToolSet} of one annotated class. The processor registers one
 * factory per class as a {@link java.util.ServiceLoader} service, so {@link ToolRegistry} can
 * find the set for an instance without reflection.
 */
public interface ToolSetFactory {

    /**
     * The annotated class whose tools this factory creates.
     *
     * @return the annotated class
     */
    Class<?> toolClass();

    /**
     * Creates the tool set bound to {@code instance}; {@code null} for classes whose tools are
     * all static.
     *
     * @param instance an instance of {@link #toolClass()}, or {@code null} for static tools
     * @return the tool set
     * @throws IllegalArgumentException when the instance is missing or not a {@link #toolClass()}
     */
    ToolSet create(Object instance);
}
