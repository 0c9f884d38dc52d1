package dev.idem.internal.canonical;

/**
 * A bound call that can write its own canonical arguments from its typed values, so the executor
 * derives the idempotency key without a tree. Generated bound calls implement it when every value
 * they hold can be read back (records, getters, visible fields); others leave the key to the
 * argument tree.
 *
 * <pre>{@code
 * if (body instanceof CanonicalArguments typed) {
 *     typed.writeCanonical(writer);     // {"cents":500,"key":"a@b.c"}
 * }
 * }</pre>
 */
public interface CanonicalArguments {

    /**
     * Writes the arguments as one object: properties sorted by name, absent and null optional
     * values left out, every value as {@link CanonicalWriter} spells it.
     */
    void writeCanonical(CanonicalWriter out);
}
