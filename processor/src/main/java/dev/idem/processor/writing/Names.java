package dev.idem.processor.writing;

import com.palantir.javapoet.ClassName;
import java.util.HashSet;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/** The runtime types generated code refers to, and the naming rules of generated members. */
final class Names {
    static final ClassName TOOL_SET = ClassName.get("dev.idem.tool", "ToolSet");
    static final ClassName TOOL_SET_FACTORY = ClassName.get("dev.idem.tool", "ToolSetFactory");
    static final ClassName TOOL_DESCRIPTOR = ClassName.get("dev.idem.tool", "ToolDescriptor");
    static final ClassName BOUND_CALL = ClassName.get("dev.idem.tool", "BoundCall");
    static final ClassName TOOL_CONTEXT = ClassName.get("dev.idem.tool", "ToolContext");
    static final ClassName RETRY_POLICY = ClassName.get("dev.idem.tool", "RetryPolicy");
    static final ClassName ERROR_TYPE = ClassName.get("dev.idem", "ErrorType");
    static final ClassName APPROVAL_CONDITION = ClassName.get("dev.idem", "ApprovalCondition");
    static final ClassName BIG_DECIMAL = ClassName.get("java.math", "BigDecimal");
    static final ClassName RESULT_ENCODER = ClassName.get("dev.idem.generated", "ResultEncoder");
    static final ClassName SHAPE = ClassName.get("dev.idem.generated", "Shape");
    static final ClassName PROPERTY = ClassName.get("dev.idem.generated", "Property");
    static final ClassName BINDING = ClassName.get("dev.idem.generated", "Binding");
    static final ClassName TOOL_CALLS = ClassName.get("dev.idem.generated", "ToolCalls");
    static final ClassName COMPLETION_STAGE = ClassName.get("java.util.concurrent", "CompletionStage");
    static final ClassName JSON_NODE = ClassName.get("tools.jackson.databind", "JsonNode");
    static final ClassName JSON_PARSER = ClassName.get("tools.jackson.core", "JsonParser");
    static final ClassName OBJECT_NODE = ClassName.get("tools.jackson.databind.node", "ObjectNode");
    static final ClassName GENERATED = ClassName.get("javax.annotation.processing", "Generated");
    static final ClassName COMPLETABLE_FUTURE = ClassName.get("java.util.concurrent", "CompletableFuture");
    static final ClassName LIST = ClassName.get("java.util", "List");
    static final ClassName OBJECTS = ClassName.get("java.util", "Objects");

    /**
     * Names generated code uses for its own locals, and names a record component may not have
     * (bound calls are records whose components are the parameters); a parameter of such a name,
     * or of a name ending in {@code _}, gets a {@code _} suffix, which keeps distinct Java names distinct.
     */
    private static final Set<String> RESERVED = Set.of("reader", "arguments", "context", "node", "path", "problems",
            "instance", "value", "object", "rejected", "in", "out", "property", "seen",
            "clone", "finalize", "getClass", "hashCode", "notify", "notifyAll", "toString", "wait");
    private static final Pattern LAMBDA_NAME = Pattern.compile("[npeior]\\d+|seen\\d+");

    private Names() {}

    static String local(String javaName) {
        return RESERVED.contains(javaName) || LAMBDA_NAME.matcher(javaName).matches() || javaName.endsWith("_")
                ? javaName + "_"
                : javaName;
    }

    /** {@code schedulePix} -> {@code SCHEDULE_PIX}. */
    static String constant(String name) {
        String snake = name.replaceAll("([a-z0-9])([A-Z])", "$1_$2").replaceAll("[^A-Za-z0-9]", "_");
        String upper = snake.toUpperCase(Locale.ROOT);
        if (upper.equals("_")) {
            return "TOOL__"; // "_" alone is a keyword since Java 9
        }
        return Character.isDigit(upper.charAt(0)) ? "_" + upper : upper;
    }

    /**
     * A Java identifier part for method names, distinct for distinct keys: ASCII letters and digits
     * stay, {@code _} becomes {@code __}, anything else {@code _<hex code point>_}
     * ({@code Café} -> {@code Caf_e9_}, {@code A$B} -> {@code A_24_B}, {@code A_B} -> {@code A__B}).
     */
    static String member(String key) {
        StringBuilder member = new StringBuilder();
        key.codePoints().forEach(c -> {
            if (c < 128 && Character.isLetterOrDigit(c)) {
                member.appendCodePoint(c);
            } else if (c == '_') {
                member.append("__");
            } else {
                member.append('_').append(Integer.toHexString(c)).append('_');
            }
        });
        return member.toString();
    }

    /** Hands out unique constant names. */
    static final class Allocator {
        private final Set<String> used = new HashSet<>();

        String unique(String wanted) {
            String name = wanted;
            for (int i = 2; !used.add(name); i++) {
                name = wanted + "_" + i;
            }
            return name;
        }
    }
}
