package dev.idem.internal.binding;

/**
 * Reads one value at the parser's current token, for generated streaming binders: a method
 * reference ({@code ArgumentStream::readString}, {@code Bank_ToolSet::streamAddress}) or a lambda
 * that captures nothing, so binding a list allocates no reader objects.
 *
 * <pre>{@code
 * List<Integer> sizes = in.readList(ArgumentStream::readInt);
 * }</pre>
 *
 * @param <T> the Java type read
 */
@FunctionalInterface
public interface StreamElementReader<T> {

    /** @throws ArgumentStream.Deferred when the stream cannot bind the value on its own */
    T read(ArgumentStream in);
}
