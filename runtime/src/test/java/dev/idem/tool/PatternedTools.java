package dev.idem.tool;

import dev.idem.generated.Binding;
import dev.idem.internal.binding.ArgumentReader;
import dev.idem.regex.EcmaRegex;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import tools.jackson.core.JsonParser;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;

/**
 * A tool set written the way the processor writes them (an {@link ArgumentReader} bounded by
 * the call's deadline, ECMA-262 patterns), for the totality tests: each tool takes one string
 * parameter {@code value}, checked against its pattern.
 */
final class PatternedTools implements ToolSet {
    /** Alternation inside a repetition: java.util.regex overflows its stack on long texts. */
    static final String PAIRS = "pairs";
    /** Exponential with a back reference, whatever the engine: only the deadline ends it. */
    static final String EXPONENTIAL = "exponential";
    /** Nested quantifiers: hangs backtracking engines, linear here. */
    static final String NESTED = "nested";
    /** No pattern at all. */
    static final String NOTE = "note";

    private static final List<String> VALUE = List.of("value");
    private static final EcmaRegex PAIRS_PATTERN = EcmaRegex.compile("^(a|b)*$");
    private static final EcmaRegex EXPONENTIAL_PATTERN = EcmaRegex.compile("^(x?)(a|aa)*\\1b$");
    private static final EcmaRegex NESTED_PATTERN = EcmaRegex.compile("^(.*a){12}$");

    final AtomicInteger runs = new AtomicInteger();
    private final long timeoutMs;

    PatternedTools(long timeoutMs) {
        this.timeoutMs = timeoutMs;
    }

    @Override
    public List<ToolDescriptor> descriptors() {
        return List.of(descriptor(PAIRS), descriptor(EXPONENTIAL), descriptor(NESTED), descriptor(NOTE));
    }

    private ToolDescriptor descriptor(String name) {
        return ToolDescriptor.builder(name).requiredParameters("value").timeoutMs(timeoutMs).build();
    }

    @Override
    public BoundCall bind(String toolName, JsonNode arguments) {
        return bind(toolName, arguments, new ArgumentReader());
    }

    @Override
    public BoundCall bind(String toolName, JsonParser parser, long deadlineNanos) {
        return bind(toolName, Binding.tree(parser), new ArgumentReader(deadlineNanos));
    }

    private BoundCall bind(String toolName, JsonNode arguments, ArgumentReader reader) {
        JsonNode args = ArgumentReader.arguments(arguments);
        reader.object(args, "", VALUE);
        EcmaRegex pattern = switch (toolName) {
            case PAIRS -> PAIRS_PATTERN;
            case EXPONENTIAL -> EXPONENTIAL_PATTERN;
            case NESTED -> NESTED_PATTERN;
            default -> null;
        };
        String value = reader.required(args, "", "value",
                (n, p) -> pattern == null ? reader.readString(n, p) : reader.matches(reader.readString(n, p), pattern, p));
        reader.throwIfProblems();
        return context -> {
            runs.incrementAndGet();
            return CompletableFuture.completedFuture(JsonNodeFactory.instance.stringNode("ok " + value.length()));
        };
    }
}
