package dev.idem.generated;

/**
 * Builds a record or class from its bound component values ({@code v -> new Address((String) v[0])}):
 * generated, one per named type. What the constructor throws is the arguments' fault: the model
 * can send other values.
 */
@FunctionalInterface
public interface Instantiation {

    /**
     * Calls the constructor.
     *
     * @param values the bound component values, in declaration order
     * @return the built value
     * @throws Exception whatever the constructor throws
     */
    Object create(Object[] values) throws Exception;
}
