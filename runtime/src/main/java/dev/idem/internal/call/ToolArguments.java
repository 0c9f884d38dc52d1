package dev.idem.internal.call;

import dev.idem.internal.canonical.CanonicalWriter;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.ObjectReadContext;
import tools.jackson.core.StreamReadFeature;
import tools.jackson.core.exc.StreamConstraintsException;
import tools.jackson.core.json.JsonFactory;
import tools.jackson.core.util.BufferRecycler;
import tools.jackson.core.util.JsonRecyclerPools;
import tools.jackson.core.util.RecyclerPool;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * Argument text as the model sent it, turned into the object tree every call is bound from; and
 * its canonical form. Strict on purpose, both ways: a duplicated key or
 * text after the object means the model's output was garbled, and guessing which half it meant
 * could run the wrong effect.
 */
public final class ToolArguments {
    private static final int MAX_KEPT_WRITER_BYTES = 64 * 1024;
    // One writer per thread, reused call after call: the canonical form allocates nothing.
    private static final ThreadLocal<CanonicalWriter> WRITERS = ThreadLocal.withInitial(CanonicalWriter::new);

    static {
        // Before the first mapper: an unsupported Jackson is one clear message, not a linkage error.
        JacksonRequirement.check();
    }

    /** Where parsers and generators take their buffers from: chosen once, by the Jackson found. */
    public static final RecyclerPool<BufferRecycler> BUFFER_POOL = bufferPool();

    /**
     * Shared, thread-safe once built. Fractions are read as decimals, not doubles, so a
     * {@code BigDecimal} amount reaches the tool with every digit the model sent.
     */
    public static final JsonMapper MAPPER = JsonMapper.builder(factory())
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .build();

    private ToolArguments() {}

    /**
     * Jackson's default pool of parser and generator buffers is one concurrent deque per factory:
     * every call on every thread would take from and give back to the same deque, which allocates
     * a node per give-back and makes threads take turns at its ends. The hybrid pool (Jackson 3.3+)
     * keeps a platform thread's buffers with the thread and stripes virtual threads over a few
     * deques; before 3.3 the thread-local pool keeps them with the thread (a short-lived virtual
     * thread then seldom reuses them, but no thread waits for another).
     */
    private static RecyclerPool<BufferRecycler> bufferPool() {
        try {
            return JsonRecyclerPools.sharedHybridPool();
        } catch (NoSuchMethodError before33) {
            return JsonRecyclerPools.threadLocalPool();
        }
    }

    private static JsonFactory factory() {
        return JsonFactory.builder().recyclerPool(BUFFER_POOL).build();
    }

    /**
     * A parser over the argument text with the limits of {@link #parse}; blank text reads as
     * {@code {}}. Whoever reads it refuses a key twice in one object (the binder does, without the
     * parser's set of names per object) and checks that nothing follows the object.
     */
    public static JsonParser parser(String text) {
        return MAPPER.tokenStreamFactory().createParser(ObjectReadContext.empty(), text.isBlank() ? "{}" : text);
    }

    /**
     * The arguments object; blank text is {@code {}}.
     *
     * @throws MalformedArgumentsException when the text is not one complete JSON object
     * @throws OversizedArgumentsException when it is, but holds a value past the parser's limits
     */
    public static ObjectNode parse(String text) {
        if (text.isBlank()) {
            return JsonNodeFactory.instance.objectNode();
        }
        JsonNode tree;
        try {
            tree = MAPPER.readTree(text);
        } catch (StreamConstraintsException | NumberFormatException | ArithmeticException limit) {
            // A limit stops the parser before it has seen the whole text: whether the text is
            // well-formed decides between "send smaller values" and "re-emit valid JSON".
            String problem = JsonSyntax.problem(text);
            if (problem != null) {
                throw new MalformedArgumentsException(problem);
            }
            throw new OversizedArgumentsException(limit instanceof StreamConstraintsException constraint
                    ? constraint.getOriginalMessage() : "a number is beyond the range a decimal can hold");
        } catch (JacksonException e) {
            throw new MalformedArgumentsException(e.getOriginalMessage());
        }
        if (tree == null || !tree.isObject()) {
            throw new MalformedArgumentsException("the top level is not a JSON object");
        }
        return (ObjectNode) tree;
    }

    /**
     * The canonical JSON text of {@code node}: object keys sorted recursively, no whitespace,
     * numbers by value ({@code 1}, {@code 1.0} and {@code 1e0} are one number). Two argument
     * texts that mean the same call have the same canonical form.
     */
    public static String canonical(JsonNode node) {
        CanonicalWriter out = new CanonicalWriter();
        out.json(node);
        return out.toString();
    }

    /**
     * This thread's canonical writer, empty; give it back with {@link #release}. A call whose
     * values' accessors run another call on the same thread finds it taken and gets its own.
     */
    public static CanonicalWriter borrowWriter() {
        CanonicalWriter writer = WRITERS.get();
        if (writer == null) {
            return new CanonicalWriter();
        }
        WRITERS.set(null);
        writer.reset();
        return writer;
    }

    /** Gives a writer back for the thread's next call, unless one huge call made it too big to keep. */
    public static void release(CanonicalWriter writer) {
        if (writer.capacity() <= MAX_KEPT_WRITER_BYTES) {
            WRITERS.set(writer);
        }
    }

    /** The argument text is one JSON object, but a value in it is past what a call may carry. */
    public static final class OversizedArgumentsException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        public OversizedArgumentsException(String detail) {
            super(detail, null, false, false);
        }
    }

    /** The argument text is not one complete JSON object. */
    public static final class MalformedArgumentsException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        public MalformedArgumentsException(String detail) {
            super(detail, null, false, false);
        }
    }
}
