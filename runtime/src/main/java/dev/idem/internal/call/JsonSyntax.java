package dev.idem.internal.call;

import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.ObjectReadContext;
import tools.jackson.core.StreamReadConstraints;
import tools.jackson.core.StreamReadFeature;
import tools.jackson.core.json.JsonFactory;

/**
 * Whether a text is one JSON object as RFC 8259 writes it, with no name twice in an object:
 * consulted only when the parser stopped at one of its limits (a number of more than 1000
 * characters, an exponent past the range of a {@code BigDecimal}, nesting deeper than 500), to tell
 * a well-formed but oversized call (the model can send smaller values) from a malformed one (it
 * must re-emit the JSON). Jackson reads the text again with those limits lifted, token by token:
 * it keeps open containers on the heap and never converts a number, so a lifted limit costs
 * neither stack nor arithmetic.
 */
public final class JsonSyntax {
    private static final int UNLIMITED = Integer.MAX_VALUE;
    private static final JsonFactory LIFTED = JsonFactory.builder()
            .streamReadConstraints(StreamReadConstraints.builder().maxNestingDepth(UNLIMITED)
                    .maxNumberLength(UNLIMITED).maxStringLength(UNLIMITED).maxNameLength(UNLIMITED).build())
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .build();

    private JsonSyntax() {
    }

    /** Null when {@code text} is one well-formed JSON object without duplicate names, else what is wrong. */
    public static String problem(String text) {
        try (JsonParser parser = LIFTED.createParser(ObjectReadContext.empty(), text)) {
            if (parser.nextToken() != JsonToken.START_OBJECT) {
                return "the top level is not a JSON object";
            }
            parser.skipChildren();
            return parser.nextToken() == null ? null : "text follows the JSON object";
        } catch (JacksonException e) {
            return e.getOriginalMessage();
        }
    }
}
