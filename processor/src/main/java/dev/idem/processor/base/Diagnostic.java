package dev.idem.processor.base;

import javax.tools.Diagnostic.Kind;

/**
 * Every message the processor can print, with a stable id. The id appears in brackets at the
 * start of the message ({@code [Idem/PrivateToolMethod] ...}) so builds and tests can match it.
 */
public enum Diagnostic {
    /** Error: a {@code @Tool} method is private. */
    PRIVATE_TOOL_METHOD(Kind.ERROR, "@Tool methods must not be private: the generated %s calls them directly"),
    /** Error: a {@code @Tool} method's class is private, so the tool set cannot reach it. */
    INACCESSIBLE_TOOL_CLASS(Kind.ERROR, "@Tool methods must be in a class the generated tool set can reach, but %s is private"),
    /** Error: a {@code @Tool} method is in a local or anonymous class. */
    LOCAL_TOOL_CLASS(Kind.ERROR, "@Tool methods must be in a top-level or member class, not in a local or anonymous class"),
    /** Error: a {@code @Tool} method has type parameters. */
    GENERIC_TOOL_METHOD(Kind.ERROR, "@Tool methods must not have type parameters: the schema needs concrete types"),
    /** Error: a class with {@code @Tool} methods has type parameters. */
    GENERIC_TOOL_CLASS(Kind.ERROR, "classes with @Tool methods must not have type parameters, but %s has"),
    /** Error: a parameter's type, or a type inside it, cannot be bound. */
    UNSUPPORTED_PARAMETER_TYPE(Kind.ERROR, "unsupported type %s at '%s'%s; supported: %s"),
    /** Error: a {@code Map}'s key type is not {@code String}. */
    NON_STRING_MAP_KEY(Kind.ERROR, "Map keys must be String (JSON object keys), but '%s' has key type %s"),
    /** Warning: a result type cannot be encoded as JSON structure and is sent as its text. */
    UNENCODABLE_RESULT(Kind.WARNING, "result type %s at '%s' cannot be encoded as JSON structure; it is sent as its String.valueOf text"),
    /** Error: two tools of a class have the same name. */
    DUPLICATE_TOOL_NAME(Kind.ERROR, "duplicate tool name '%s': also used by %s (tool names must be unique, overloads included)"),
    /** Error: a tool name does not match {@code ^[a-zA-Z0-9_-]{1,64}$}. */
    INVALID_TOOL_NAME(Kind.ERROR, "tool name '%s' must match ^[a-zA-Z0-9_-]{1,64}$"),
    /** Error: a JSON name holds a lone surrogate. */
    LONE_SURROGATE_IN_NAME(Kind.ERROR, "JSON name \"%s\" holds a lone surrogate %s at index %d: JSON readers refuse it in an object key, so no argument could name it; write the whole character (its pair) or another name"),
    /** Error: two parameters of a tool have the same JSON name. */
    DUPLICATE_PARAMETER_NAME(Kind.ERROR, "duplicate parameter name '%s'"),
    /** Error: a tool takes more than one {@code ToolContext}. */
    MULTIPLE_TOOL_CONTEXTS(Kind.ERROR, "a tool takes at most one ToolContext parameter"),
    /** Error: a tool takes more than one {@code java.sql.Connection}. */
    MULTIPLE_CONNECTIONS(Kind.ERROR, "a tool takes at most one java.sql.Connection parameter: a call runs in one transaction"),
    /** Error: a JDBC parameter that is not {@code java.sql.Connection} itself. */
    TRANSACTION_CONNECTION_TYPE(Kind.ERROR, "a transactional tool takes java.sql.Connection itself, not %s: Idem hands it the connection of the call's transaction (unwrap it in the body if you need a driver's type)"),
    /** Error: a read-only tool takes a {@code java.sql.Connection}. */
    READ_ONLY_TRANSACTIONAL(Kind.ERROR, "a readOnly tool is not journaled, so it runs in no transaction: remove readOnly = true, or the Connection parameter and use a DataSource of your own"),
    /** Error: an asynchronous tool takes a {@code java.sql.Connection}. */
    ASYNC_TRANSACTIONAL(Kind.ERROR, "a transactional tool commits when its method returns, so it cannot return a CompletionStage: return the value itself"),
    /** Error: a {@code @Retry} value is out of range. */
    INVALID_RETRY_VALUE(Kind.ERROR, "invalid retry policy: %s"),
    /** Error: {@code retryPolicy} holds more than one {@code @Retry}. */
    MULTIPLE_RETRY_POLICIES(Kind.ERROR, "retryPolicy takes at most one @Retry, found %d"),
    /** Error: {@code timeoutMs} is below -1. */
    INVALID_TIMEOUT(Kind.ERROR, "timeoutMs must be -1 (inherit), 0 (no limit) or positive, was %d"),
    /** Error: a lower bound is greater than its upper bound. */
    MIN_GREATER_THAN_MAX(Kind.ERROR, "%s (%s) must not be greater than %s (%s)"),
    /** Error: a bound is not a finite number. */
    INVALID_BOUND(Kind.ERROR, "%s = %s is not a usable bound: write a finite number"),
    /** Error: the generated tool set's name is taken by another class. */
    TOOL_SET_NAME_CLASH(Kind.ERROR, "the generated class %s would clash with %s: rename or move one of the two classes"),
    /** Error: a pattern means something else in ECMA-262 than in Java. */
    JAVA_ONLY_PATTERN(Kind.ERROR, "pattern \"%s\" is read as ECMA-262 by JSON Schema validators and the binder: %s"),
    /** Warning: a pattern is prone to catastrophic backtracking. */
    BACKTRACKING_PRONE_PATTERN(Kind.WARNING, "pattern \"%s\" is prone to catastrophic backtracking in the validators that check it (%s): rewrite it so repetitions cannot overlap"),
    /** Error: a size bound is negative. */
    NEGATIVE_SIZE(Kind.ERROR, "%s = %d must not be negative"),
    /** Error: an enum has no constants. */
    EMPTY_ENUM(Kind.ERROR, "enum %s at '%s' has no constants, so no argument can ever be valid"),
    /** Error: a written description is blank. */
    BLANK_DESCRIPTION(Kind.ERROR, "description must not be blank: write one, or remove it to use the Javadoc"),
    /** Error: two JSON names differ only in case. */
    NAMES_EQUAL_IGNORING_CASE(Kind.ERROR, "JSON names '%s' and '%s' differ only in case: models and some providers confuse them"),
    /** Error: two properties of a type have the same JSON name. */
    DUPLICATE_PROPERTY_NAME(Kind.ERROR, "duplicate JSON name '%s' in %s"),
    /** Warning: the {@code ToolContext} parameter is marked {@code @Nullable}. */
    NULLABLE_TOOL_CONTEXT(Kind.WARNING, "the ToolContext is injected, never null and never an argument: remove @Nullable"),
    /** Error: a pattern is not a valid regular expression. */
    INVALID_PATTERN(Kind.ERROR, "pattern \"%s\" is not a valid regular expression: %s"),
    /** Error: a format is not one the binder checks. */
    UNSUPPORTED_FORMAT(Kind.ERROR, "format \"%s\" is not one the binder checks, so the schema would promise what nobody enforces: use one of %s, or a pattern"),
    /** Error: a constraint does not apply to the property's type. */
    CONSTRAINT_NOT_APPLICABLE(Kind.ERROR, "%s does not apply to '%s' of type %s"),
    /** Warning: {@code @Param(required = false)} on an {@code Optional} or {@code @Nullable} property. */
    REQUIRED_FALSE_ON_OPTIONAL(Kind.WARNING, "@Param(required = false) is redundant on '%s': Optional and @Nullable are already optional"),
    /** Error: a read-only tool says it is not restart-safe. */
    READ_ONLY_NOT_RESTART_SAFE(Kind.ERROR, "readOnly tools are restart-safe by definition; remove restartSafe = false or readOnly = true"),
    /** Error: a read-only tool says it is destructive. */
    READ_ONLY_DESTRUCTIVE(Kind.ERROR, "readOnly tools are not destructive by definition; remove destructive = true or readOnly = true"),
    /** Error: {@code approvalWhen} or {@code approvers} without {@code requiresApproval = true}. */
    APPROVAL_WITHOUT_REQUIREMENT(Kind.ERROR, "%s has no effect without requiresApproval = true: add requiresApproval = true, or remove %s"),
    /** Error: the generated code cannot create the approval condition with {@code new}. */
    APPROVAL_CONDITION_NOT_INSTANTIABLE(Kind.ERROR, "approvalWhen = %s.class cannot be created by the generated code with new: %s;"
            + " make it a public, non-abstract, non-generic class (top-level or static nested) with a public no-argument constructor"),
    /** Error: an entry of {@code approvers} is blank. */
    BLANK_APPROVER(Kind.ERROR, "approvers must name who may decide: a blank entry names nobody"),
    /** Warning: a retry policy on a tool that is neither restart-safe nor idempotent. */
    RETRY_NEVER_APPLIES(Kind.WARNING, "maxAttempts = %d can never re-run this tool: it is neither restartSafe nor idempotent, so it runs at most once"),
    /** Warning: {@code retryOn} names a type that can never be retried for the tool. */
    UNREACHABLE_RETRY_ON(Kind.WARNING, "retryOn %s can never be retried for this tool: %s"),
    /** Warning: a tool has no description. */
    MISSING_DESCRIPTION(Kind.WARNING, "tool '%s' has no description: models pick tools by their description; add @Tool(description = ...) or a Javadoc summary"),
    /** Error: a tool has no strict schema under {@code -Aidem.strict=openai}. */
    STRICT_INCOMPATIBLE(Kind.ERROR, "tool '%s' cannot be expressed in the OpenAI strict dialect (-Aidem.strict=openai): %s"),
    /** Error: a Lombok-annotated type's members were never written. */
    LOMBOK_NOT_APPLIED(Kind.ERROR, "%s is annotated %s, but Lombok never wrote its members (constructor, getters) for the Idem processor to read: "
            + "run Lombok as an annotation processor, listed before idem-processor in annotationProcessorPaths (or on -processorpath)"),
    /** Error: {@code @Tool(verifier)} names no method of the class. */
    VERIFIER_NOT_FOUND(Kind.ERROR, "verifier '%s' names no method of %s"),
    /** Error: {@code @Tool(verifier)} names overloaded methods. */
    AMBIGUOUS_VERIFIER(Kind.ERROR, "verifier '%s' names %d methods of %s: give the verifier a name of its own"),
    /** Error: a read-only tool names a verifier. */
    VERIFIER_ON_READ_ONLY_TOOL(Kind.ERROR, "a readOnly tool's outcome is never unknown, so it has nothing to verify: remove verifier = \"%s\""),
    /** Error: a verifier's parameters are not the key, optionally followed by the tool's parameters. */
    INVALID_VERIFIER_PARAMETERS(Kind.ERROR, "verifier %s must take (String idempotencyKey) or (String idempotencyKey, %s): the key, then the tool's parameters in order without its ToolContext"),
    /** Error: a verifier does not return {@code Verification} of the tool's result type. */
    INVALID_VERIFIER_RETURN_TYPE(Kind.ERROR, "verifier %s must return Verification<%s> (the tool's result type), not %s"),
    /** Error: a verifier is itself a {@code @Tool} with side effects. */
    VERIFIER_WITH_SIDE_EFFECTS(Kind.ERROR, "verifier %s is a @Tool that is not readOnly: a verifier only reads; name a read-only method"),
    /** Error: a verifier is private, or an instance method of a static tool. */
    UNREACHABLE_VERIFIER(Kind.ERROR, "verifier %s cannot be called by the generated %s: %s"),
    /** Error: a type could not be resolved. */
    UNRESOLVED_TYPE(Kind.ERROR, "type %s could not be resolved, so no tool set was generated for %s"),
    /** Error: the processor itself failed. */
    INTERNAL_ERROR(Kind.ERROR, "internal error in the Idem processor, please report it: %s");

    private final Kind kind;
    private final String format;

    Diagnostic(Kind kind, String format) {
        this.kind = kind;
        this.format = format;
    }

    /**
     * Whether it is an error or a warning.
     *
     * @return its kind
     */
    public Kind kind() {
        return kind;
    }

    /**
     * {@code PRIVATE_TOOL_METHOD} -> {@code PrivateToolMethod}.
     *
     * @return the id, in camel case
     */
    public String id() {
        StringBuilder id = new StringBuilder();
        for (String word : name().split("_")) {
            id.append(word.charAt(0)).append(word.substring(1).toLowerCase(java.util.Locale.ROOT));
        }
        return id.toString();
    }

    /**
     * The full message text, with its id.
     *
     * @param args the values of the message's {@code %} placeholders
     * @return the message text, with its id
     */
    public String format(Object... args) {
        return "[Idem/" + id() + "] " + String.format(java.util.Locale.ROOT, format, args);
    }
}
