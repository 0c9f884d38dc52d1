package dev.idem.internal.binding;

/**
 * Builds a parameter object from values already read, in generated binders
 * ({@code () -> new Address(street, zip)}). What its constructor throws is the arguments' fault:
 * the type refused the values, and the model can send others.
 *
 * @param <T> the type built
 */
@FunctionalInterface
public interface Construction<T> {

    /** @throws Exception whatever the constructor throws */
    T create() throws Exception;
}
