package dev.idem.tool;

import dev.idem.ApprovalCondition;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What the model and the executor know about one tool: its contract (name, description, input
 * schema) and its safety flags. Generated as constants by the Idem processor; built
 * with {@link #builder(String)}, changed with {@link #toBuilder()}. Immutable.
 *
 * <pre>{@code
 * ToolDescriptor pay = ToolDescriptor.builder("pay").description("Pays an invoice")
 *         .restartSafe(false).idempotent(true).build();
 * }</pre>
 */
public final class ToolDescriptor {

    /** Timeout value meaning "use the executor's timeout". */
    public static final long INHERIT_TIMEOUT = -1;

    private final String name;
    private final String description;
    private final String inputSchema;
    private final String strictSchema;
    private final List<String> requiredParameters;
    private final List<String> optionalParameters;
    private final boolean restartSafe;
    private final boolean idempotent;
    private final boolean readOnly;
    private final RetryPolicy retryPolicy;
    private final long timeoutMs;
    private final boolean async;
    private final String title;
    private final boolean destructive;
    private final boolean openWorld;
    private final boolean transactional;
    private final ApprovalCondition approval;
    private final List<String> approvers;
    private final String outputSchema;

    private ToolDescriptor(Builder b) {
        this.name = b.name;
        this.description = Objects.requireNonNull(b.description, "description");
        this.inputSchema = Objects.requireNonNull(b.inputSchema, "inputSchema");
        this.strictSchema = b.strictSchema;
        this.requiredParameters = List.copyOf(b.requiredParameters);
        this.optionalParameters = List.copyOf(b.optionalParameters);
        if (b.timeoutMs < INHERIT_TIMEOUT) {
            throw new IllegalArgumentException("timeoutMs must be -1 (inherit), 0 (none) or positive, was " + b.timeoutMs);
        }
        this.readOnly = b.readOnly;
        this.restartSafe = b.restartSafe || b.readOnly;
        this.idempotent = b.idempotent || b.readOnly;
        this.retryPolicy = b.retryPolicy;
        this.timeoutMs = b.timeoutMs;
        this.async = b.async;
        this.title = b.title == null || b.title.isBlank() ? null : b.title;
        this.destructive = b.destructive && !b.readOnly;
        this.openWorld = b.openWorld;
        this.transactional = b.transactional;
        this.approval = b.approval;
        this.approvers = b.approvers == null ? List.of() : List.copyOf(b.approvers);
        this.outputSchema = b.outputSchema;
    }

    /**
     * The tool name the model calls.
     *
     * @return the tool name the model calls
     */
    public String name() {
        return name;
    }

    /**
     * What the tool does, for the model.
     *
     * @return what the tool does, for the model
     */
    public String description() {
        return description;
    }

    /**
     * JSON Schema 2020-12 of the arguments object, as JSON text.
     *
     * @return JSON Schema 2020-12 of the arguments object, as JSON text
     */
    public String inputSchema() {
        return inputSchema;
    }

    /**
     * The same schema in OpenAI's strict dialect, or {@code null} when the tool cannot be expressed in it (e.g. it takes a {@code Map}).
     *
     * @return the same schema in OpenAI's strict dialect, or {@code null} when the tool cannot be expressed in it (e.g. it takes a {@code Map})
     */
    public String strictSchema() {
        return strictSchema;
    }

    /**
     * JSON names of the required parameters, in source order.
     *
     * @return JSON names of the required parameters, in source order
     */
    public List<String> requiredParameters() {
        return requiredParameters;
    }

    /**
     * JSON names of the optional parameters, in source order.
     *
     * @return JSON names of the optional parameters, in source order
     */
    public List<String> optionalParameters() {
        return optionalParameters;
    }

    /**
     * Whether the body may be started again after a failure (true when read-only).
     *
     * @return whether the body may be started again after a failure (true when read-only)
     */
    public boolean restartSafe() {
        return restartSafe;
    }

    /**
     * Whether repeating with the same idempotency key has no further effect (true when read-only).
     *
     * @return whether repeating with the same idempotency key has no further effect (true when read-only)
     */
    public boolean idempotent() {
        return idempotent;
    }

    /**
     * Whether the tool has no side effect.
     *
     * @return whether the tool has no side effect
     */
    public boolean readOnly() {
        return readOnly;
    }

    /**
     * The tool's own policy, or {@code null} to inherit the executor's.
     *
     * @return the tool's own policy, or {@code null} to inherit the executor's
     */
    public RetryPolicy retryPolicy() {
        return retryPolicy;
    }

    /**
     * Wall-clock limit per body run: -1 inherits the executor's, 0 is none.
     *
     * @return wall-clock limit per body run: -1 inherits the executor's, 0 is none
     */
    public long timeoutMs() {
        return timeoutMs;
    }

    /**
     * Whether the method returns a {@code CompletionStage}.
     *
     * @return whether the method returns a {@code CompletionStage}
     */
    public boolean async() {
        return async;
    }

    /**
     * A human-readable title for people choosing tools (MCP's {@code title}), or {@code null} for none.
     *
     * @return a human-readable title for people choosing tools (MCP's {@code title}), or {@code null} for none
     */
    public String title() {
        return title;
    }

    /**
     * Whether the tool may delete or overwrite rather than only add (MCP's {@code destructiveHint}); always false when read-only.
     *
     * @return whether the tool may delete or overwrite rather than only add (MCP's {@code destructiveHint}); always false when read-only
     */
    public boolean destructive() {
        return destructive;
    }

    /**
     * Whether the tool reaches beyond a closed domain, such as the web or a third party's service (MCP's {@code openWorldHint}).
     *
     * @return whether the tool reaches beyond a closed domain, such as the web or a third party's service (MCP's {@code openWorldHint})
     */
    public boolean openWorld() {
        return openWorld;
    }

    /**
     * Whether the tool writes through the JDBC connection Idem hands it, in one transaction with its journal claim and outcome (a {@code java.sql.Connection} parameter); needs a journal that is a {@code dev.idem.journal.TransactionalJournal}.
     *
     * @return whether the tool writes through the JDBC connection Idem hands it, in one transaction with its journal claim and outcome (a {@code java.sql.Connection} parameter); needs a journal that is a {@code dev.idem.journal.TransactionalJournal}
     */
    public boolean transactional() {
        return transactional;
    }

    /**
     * When a call needs a person's approval before it runs ({@link ApprovalCondition#ALWAYS} for every call), or {@code null} when none does.
     *
     * @return when a call needs a person's approval before it runs ({@link ApprovalCondition#ALWAYS} for every call), or {@code null} when none does
     */
    public ApprovalCondition approval() {
        return approval;
    }

    /**
     * Who may approve or decline (empty: anyone the application lets decide).
     *
     * @return who may approve or decline (empty: anyone the application lets decide)
     */
    public List<String> approvers() {
        return approvers;
    }

    /**
     * JSON Schema 2020-12 of the tool's value when it is an object (a record or class), as JSON text; {@code null} for any other result (void, text, numbers, lists, content).
     *
     * @return JSON Schema 2020-12 of the tool's value when it is an object (a record or class), as JSON text; {@code null} for any other result (void, text, numbers, lists, content)
     */
    public String outputSchema() {
        return outputSchema;
    }

    /**
     * Whether some calls of this tool need a person's approval before they run (all of them, or
     * those whose arguments satisfy {@link #approval()}).
     *
     * @return whether the tool has an approval requirement
     */
    public boolean requiresApproval() {
        return approval != null;
    }

    /**
     * This descriptor with every call needing approval: how configuration adds the requirement
     * ({@code idem.tool.<name>.requires-approval=true}); a condition of the code is widened to all calls.
     *
     * @return a new descriptor
     */
    public ToolDescriptor withApprovalRequired() {
        return toBuilder().requiresApproval(ApprovalCondition.ALWAYS).build();
    }

    /**
     * The output schema, empty when the tool's value is not an object.
     *
     * @return the output schema's text, or empty
     */
    public Optional<String> ownOutputSchema() {
        return Optional.ofNullable(outputSchema);
    }

    /**
     * The tool's own retry policy, empty when it inherits the executor's.
     *
     * @return the tool's own retry policy, or empty when it inherits the executor's
     */
    public Optional<RetryPolicy> ownRetryPolicy() {
        return Optional.ofNullable(retryPolicy);
    }

    /**
     * The strict-dialect schema, empty when the tool cannot be expressed in it.
     *
     * @return the strict-dialect schema, or empty
     */
    public Optional<String> ownStrictSchema() {
        return Optional.ofNullable(strictSchema);
    }

    /**
     * This descriptor with other safety flags, retry policy and timeout, everything else kept: how
     * configuration read at start-up ({@link PolicyOverrides}) changes a compiled tool.
     *
     * @param retryPolicy the tool's own policy, or {@code null} to inherit the executor's
     * @param restartSafe whether the body may be started again after a failure (true when read-only)
     * @param idempotent whether repeating with the same idempotency key has no further effect (true when read-only)
     * @param readOnly whether the tool has no side effect
     * @param timeoutMs wall-clock limit per body run: -1 inherits the executor's, 0 is none
     * @return a new descriptor
     */
    public ToolDescriptor withPolicy(boolean restartSafe, boolean idempotent, boolean readOnly,
            RetryPolicy retryPolicy, long timeoutMs) {
        return toBuilder().restartSafe(restartSafe).idempotent(idempotent).readOnly(readOnly).retryPolicy(retryPolicy)
                .timeoutMs(timeoutMs).build();
    }

    /**
     * The human-readable title, empty when the tool has none.
     *
     * @return the title, or empty
     */
    public Optional<String> ownTitle() {
        return Optional.ofNullable(title);
    }

    /**
     * A builder for a descriptor named {@code name}; defaults: restart-safe, not idempotent, inherit
     * policy and timeout, no title, destructive and open-world (MCP's defaults, the cautious ones).
     *
     * @param name the tool name the model calls
     * @return a builder with the cautious defaults
     */
    public static Builder builder(String name) {
        return new Builder(Objects.requireNonNull(name, "name"));
    }

    /**
     * A builder holding every value of this descriptor, to change some of them.
     *
     * @return a builder starting from this descriptor
     */
    public Builder toBuilder() {
        Builder builder = new Builder(name);
        builder.description = description;
        builder.inputSchema = inputSchema;
        builder.strictSchema = strictSchema;
        builder.requiredParameters = requiredParameters;
        builder.optionalParameters = optionalParameters;
        builder.restartSafe = restartSafe;
        builder.idempotent = idempotent;
        builder.readOnly = readOnly;
        builder.retryPolicy = retryPolicy;
        builder.timeoutMs = timeoutMs;
        builder.async = async;
        builder.title = title;
        builder.destructive = destructive;
        builder.openWorld = openWorld;
        builder.transactional = transactional;
        builder.approval = approval;
        builder.approvers = approvers;
        builder.outputSchema = outputSchema;
        return builder;
    }

    @Override
    public String toString() {
        return "ToolDescriptor[" + name + "]";
    }

    /** Builds a {@link ToolDescriptor}. */
    public static final class Builder {
        private final String name;
        private String description = "";
        private String inputSchema = "{\"type\":\"object\",\"properties\":{},\"additionalProperties\":false}";
        private String strictSchema;
        private List<String> requiredParameters = List.of();
        private List<String> optionalParameters = List.of();
        private boolean restartSafe = true;
        private boolean idempotent;
        private boolean readOnly;
        private RetryPolicy retryPolicy;
        private long timeoutMs = INHERIT_TIMEOUT;
        private boolean async;
        private String title;
        private boolean destructive = true;
        private boolean openWorld = true;
        private boolean transactional;
        private ApprovalCondition approval;
        private List<String> approvers = List.of();
        private String outputSchema;

        private Builder(String name) {
            this.name = name;
        }

        /**
         * Sets what the tool does, for the model.
         *
         * @param value what the tool does, for the model
         * @return this builder
         */
        public Builder description(String value) {
            this.description = value;
            return this;
        }

        /**
         * Sets the input schema; the strict schema is left as it is.
         *
         * @param value JSON Schema 2020-12 of the arguments object, as JSON text
         * @return this builder
         */
        public Builder inputSchema(String value) {
            this.inputSchema = value;
            return this;
        }

        /**
         * The input schema, and when {@code alsoStrict}, the strict-dialect schema too (generated
         * sets write a schema once when both are the same text).
         *
         * @param value JSON Schema 2020-12 of the arguments object, as JSON text
         * @param alsoStrict whether {@code value} is the strict-dialect schema too
         * @return this builder
         */
        public Builder inputSchema(String value, boolean alsoStrict) {
            this.inputSchema = value;
            this.strictSchema = alsoStrict ? value : null;
            return this;
        }

        /**
         * Sets the strict-dialect schema.
         *
         * @param value the same schema in OpenAI's strict dialect, or {@code null} when the
         *     tool cannot be expressed in it (e.g. it takes a {@code Map})
         * @return this builder
         */
        public Builder strictSchema(String value) {
            this.strictSchema = value;
            return this;
        }

        /**
         * Sets the required parameters.
         *
         * @param value JSON names of the required parameters, in source order
         * @return this builder
         */
        public Builder requiredParameters(String... value) {
            this.requiredParameters = List.of(value);
            return this;
        }

        /**
         * Sets the optional parameters.
         *
         * @param value JSON names of the optional parameters, in source order
         * @return this builder
         */
        public Builder optionalParameters(String... value) {
            this.optionalParameters = List.of(value);
            return this;
        }

        /**
         * Sets whether the tool is restart-safe.
         *
         * @param value whether the body may be started again after a failure (true when read-only)
         * @return this builder
         */
        public Builder restartSafe(boolean value) {
            this.restartSafe = value;
            return this;
        }

        /**
         * Sets whether the tool is idempotent.
         *
         * @param value whether repeating with the same idempotency key has no further effect (true when read-only)
         * @return this builder
         */
        public Builder idempotent(boolean value) {
            this.idempotent = value;
            return this;
        }

        /**
         * Sets whether the tool is read-only.
         *
         * @param value whether the tool has no side effect
         * @return this builder
         */
        public Builder readOnly(boolean value) {
            this.readOnly = value;
            return this;
        }

        /**
         * The tool's own policy; {@code null} inherits the executor's.
         *
         * @param value the tool's own policy, or {@code null}
         * @return this builder
         */
        public Builder retryPolicy(RetryPolicy value) {
            this.retryPolicy = value;
            return this;
        }

        /**
         * Sets the wall-clock limit per body run, in ms.
         *
         * @param value wall-clock limit per body run: -1 inherits the executor's, 0 is none
         * @return this builder
         */
        public Builder timeoutMs(long value) {
            this.timeoutMs = value;
            return this;
        }

        /**
         * Sets whether the method returns a {@code CompletionStage}.
         *
         * @param value whether the method returns a {@code CompletionStage}
         * @return this builder
         */
        public Builder async(boolean value) {
            this.async = value;
            return this;
        }

        /**
         * A human-readable title; {@code null} or blank for none.
         *
         * @param value the title, or {@code null}
         * @return this builder
         */
        public Builder title(String value) {
            this.title = value;
            return this;
        }

        /**
         * Whether the tool may delete or overwrite rather than only add; default true, ignored when read-only.
         *
         * @param value whether the tool may delete or overwrite
         * @return this builder
         */
        public Builder destructive(boolean value) {
            this.destructive = value;
            return this;
        }

        /**
         * Whether the tool reaches beyond a closed domain; default true.
         *
         * @param value whether the tool reaches beyond a closed domain
         * @return this builder
         */
        public Builder openWorld(boolean value) {
            this.openWorld = value;
            return this;
        }

        /**
         * Whether the tool writes through the JDBC connection Idem hands it, in one transaction with
         * its journal claim and outcome; default false.
         *
         * @param value whether the tool is transactional
         * @return this builder
         */
        public Builder transactional(boolean value) {
            this.transactional = value;
            return this;
        }

        /**
         * Calls need a person's approval when {@code value} says so ({@link ApprovalCondition#ALWAYS}
         * for every call); default: no call does.
         *
         * @param value the condition, or {@code null} for none
         * @return this builder
         */
        public Builder requiresApproval(ApprovalCondition value) {
            this.approval = value;
            return this;
        }

        /**
         * Who may approve or decline; default anyone the application lets decide.
         *
         * @param value the names of those who may decide
         * @return this builder
         */
        public Builder approvers(String... value) {
            this.approvers = List.of(value);
            return this;
        }

        /**
         * Sets the JSON Schema of the tool's value; only for a value that is always a JSON object.
         *
         * @param value JSON Schema 2020-12 of the value, as JSON text, or {@code null} for none
         * @return this builder
         */
        public Builder outputSchema(String value) {
            this.outputSchema = value;
            return this;
        }

        /**
         * Builds the descriptor: read-only implies restart-safe and idempotent and excludes destructive;
         * a blank title is none.
         *
         * @return the descriptor
         * @throws NullPointerException when the description or the input schema is {@code null}
         * @throws IllegalArgumentException when the timeout is out of range
         */
        public ToolDescriptor build() {
            return new ToolDescriptor(this);
        }
    }
}
