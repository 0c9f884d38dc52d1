package dev.idem.mcp.remote;

import dev.idem.tool.RetryPolicy;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;

/**
 * What the operator says about remote MCP tools: the only source of safety flags a remote tool
 * gets. A server's annotations ({@code readOnlyHint}, {@code idempotentHint}) are hints from code
 * Idem does not control, so by default ({@link #untrusted()}) every remote tool is neither
 * restart-safe nor idempotent nor read-only: it runs at most once per call, is journaled, and a
 * lost response is answered {@code OUTCOME_UNKNOWN}. Every loosening is an explicit statement here:
 * trust a server's annotations (per server or per tool), or set a tool's flags yourself.
 *
 * <pre>{@code
 * RemoteToolPolicy policy = RemoteToolPolicy.builder()
 *         .trustAnnotations("search")                              // every tool of the server "search"
 *         .tool("payments", "charge", charge -> charge
 *                 .idempotent(true)                                // the service dedupes by key
 *                 .keyArgument("idempotency_key")                  // ... which travels in this argument
 *                 .timeout(Duration.ofSeconds(10))
 *                 .retryPolicy(RetryPolicy.builder().maxAttempts(3).build()))
 *         .tool("payments", "refund", refund -> refund.requiresApproval(true))
 *         .build();
 * // or from a file: RemoteToolPolicy.read(Path.of("remote-tools.properties"))
 * }</pre>
 *
 * <p>Precedence per flag: the tool's own setting, else the server's annotation when trusted (for
 * the tool or its whole server), else the safe default. A tool's {@code trustAnnotations(false)}
 * keeps its server's trust away from it. Read-only implies restart-safe and idempotent, as for
 * compiled tools.
 */
public final class RemoteToolPolicy {

    private static final RemoteToolPolicy UNTRUSTED = new RemoteToolPolicy(Set.of(), Map.of());

    private final Set<String> trustedServers;
    private final Map<String, Map<String, Rule>> rules;

    private RemoteToolPolicy(Set<String> trustedServers, Map<String, Map<String, Rule>> rules) {
        this.trustedServers = Set.copyOf(trustedServers);
        Map<String, Map<String, Rule>> copy = new LinkedHashMap<>();
        rules.forEach((server, tools) -> copy.put(server, Map.copyOf(tools)));
        this.rules = Map.copyOf(copy);
    }

    /**
     * The safe default: no server trusted, no tool loosened.
     *
     * @return the policy that trusts nothing
     */
    public static RemoteToolPolicy untrusted() {
        return UNTRUSTED;
    }

    /**
     * A builder starting from {@link #untrusted()}.
     *
     * @return a new builder
     */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * Reads a policy from a {@code .properties} or {@code .json} file (UTF-8), under the rules of
     * Idem's configuration files: a key given twice (in any spelling, nested or dotted JSON too) is
     * refused, a key Idem does not know is refused with "did you mean", a value that does not parse
     * or is out of range is refused; every problem is reported at once. Keys:
     * <pre>
     * idem.remote.&lt;server&gt;.trust-annotations=true
     * idem.remote.&lt;server&gt;.tool.&lt;tool&gt;.&lt;setting&gt;=value
     * </pre>
     * Tool settings: {@code trust-annotations}, {@code idempotent}, {@code restart-safe},
     * {@code read-only}, {@code requires-approval}, {@code key-argument}, {@code timeout-ms}
     * (-1 the executor's, 0 none), {@code retry.max-attempts}, {@code retry.initial-delay-ms},
     * {@code retry.backoff-factor}, {@code retry.max-delay-ms}, {@code retry.jitter},
     * {@code retry.jitter-factor}, {@code retry.retry-on} (comma-separated error types). A server
     * name has no dot; a tool name may.
     *
     * @param file a {@code .properties} or {@code .json} file
     * @return the policy it states
     * @throws RemotePolicyException listing every problem of the file
     */
    public static RemoteToolPolicy read(Path file) {
        return RemotePolicyFiles.read(file);
    }

    /**
     * Whether the annotations of {@code tool} on {@code server} are trusted: the tool's own
     * statement, else its server's.
     *
     * @param server the server's name
     * @param tool the tool's name on that server
     * @return whether its annotations are taken as flags
     */
    public boolean trustsAnnotations(String server, String tool) {
        Rule rule = rule(server, tool).orElse(null);
        if (rule != null && rule.trustAnnotations != null) {
            return rule.trustAnnotations;
        }
        return trustedServers.contains(server);
    }

    /**
     * What the operator set for one tool, if anything.
     *
     * @param server the server's name
     * @param tool the tool's name on that server
     * @return the tool's rule, or empty
     */
    public Optional<Rule> rule(String server, String tool) {
        Map<String, Rule> tools = rules.get(server);
        return Optional.ofNullable(tools == null ? null : tools.get(tool));
    }

    /**
     * The tools this policy names on {@code server}, to check they exist.
     *
     * @param server the server's name
     * @return the tool names with a rule
     */
    public Set<String> toolsNamed(String server) {
        Map<String, Rule> tools = rules.get(server);
        return tools == null ? Set.of() : tools.keySet();
    }

    @Override
    public String toString() {
        return "RemoteToolPolicy[trusted servers " + trustedServers + ", rules " + rules + "]";
    }

    /** What the operator set for one remote tool; every setting is optional ({@code empty}: not said). */
    public static final class Rule {
        private final Boolean trustAnnotations;
        private final Boolean idempotent;
        private final Boolean restartSafe;
        private final Boolean readOnly;
        private final boolean requiresApproval;
        private final String keyArgument;
        private final Long timeoutMs;
        private final RetryPolicy retryPolicy;
        private final String verifier;

        private Rule(RuleBuilder b) {
            this.trustAnnotations = b.trustAnnotations;
            this.idempotent = b.idempotent;
            this.restartSafe = b.restartSafe;
            this.readOnly = b.readOnly;
            this.requiresApproval = b.requiresApproval;
            this.keyArgument = b.keyArgument;
            this.timeoutMs = b.timeoutMs;
            this.retryPolicy = b.retryPolicy;
            this.verifier = b.verifier;
        }

        /**
         * Whether this tool's annotations are trusted, if the rule says.
         *
         * @return the statement, or empty
         */
        public Optional<Boolean> trustAnnotations() {
            return Optional.ofNullable(trustAnnotations);
        }

        /**
         * Whether repeating a call with the same key has no further effect, if the rule says.
         *
         * @return the statement, or empty
         */
        public Optional<Boolean> idempotent() {
            return Optional.ofNullable(idempotent);
        }

        /**
         * Whether the tool may be called again after a failure, if the rule says.
         *
         * @return the statement, or empty
         */
        public Optional<Boolean> restartSafe() {
            return Optional.ofNullable(restartSafe);
        }

        /**
         * Whether the tool has no side effect, if the rule says.
         *
         * @return the statement, or empty
         */
        public Optional<Boolean> readOnly() {
            return Optional.ofNullable(readOnly);
        }

        /**
         * Whether every call needs a person's approval.
         *
         * @return whether approval is required
         */
        public boolean requiresApproval() {
            return requiresApproval;
        }

        /**
         * The argument the call's idempotency key is written into, if any.
         *
         * @return the argument's name, or empty
         */
        public Optional<String> keyArgument() {
            return Optional.ofNullable(keyArgument);
        }

        /**
         * The wall-clock limit per call in ms (-1 the executor's, 0 none), if the rule says.
         *
         * @return the limit, or empty
         */
        public Optional<Long> timeoutMs() {
            return Optional.ofNullable(timeoutMs);
        }

        /**
         * The tool's own retry policy, if the rule gives one.
         *
         * @return the policy, or empty (the executor's)
         */
        public Optional<RetryPolicy> retryPolicy() {
            return Optional.ofNullable(retryPolicy);
        }

        /**
         * The read-only tool of the same server that answers whether a call of this tool took
         * effect, if the rule names one.
         *
         * @return the verifier's name, or empty
         */
        public Optional<String> verifier() {
            return Optional.ofNullable(verifier);
        }

        @Override
        public String toString() {
            return "Rule[trustAnnotations=" + trustAnnotations + ", idempotent=" + idempotent + ", restartSafe="
                    + restartSafe + ", readOnly=" + readOnly + ", requiresApproval=" + requiresApproval
                    + ", keyArgument=" + keyArgument + ", timeoutMs=" + timeoutMs + ", retryPolicy=" + retryPolicy
                    + ", verifier=" + verifier + "]";
        }
    }

    /** Sets what one tool's {@link Rule} says; what is not set is not said. */
    public static final class RuleBuilder {
        private Boolean trustAnnotations;
        private Boolean idempotent;
        private Boolean restartSafe;
        private Boolean readOnly;
        private boolean requiresApproval;
        private String keyArgument;
        private Long timeoutMs;
        private RetryPolicy retryPolicy;
        private String verifier;

        private RuleBuilder() {}

        /**
         * Whether this tool's annotations are trusted, whatever its server's trust.
         *
         * @param value whether to take its annotations as flags
         * @return this builder
         */
        public RuleBuilder trustAnnotations(boolean value) {
            this.trustAnnotations = value;
            return this;
        }

        /**
         * Whether repeating a call with the same idempotency key has no further effect: the
         * service deduplicates by the key Idem sends ({@code _meta}, and the {@link #keyArgument}).
         *
         * @param value the operator's statement
         * @return this builder
         */
        public RuleBuilder idempotent(boolean value) {
            this.idempotent = value;
            return this;
        }

        /**
         * Whether the tool may be called again after it failed (a failure leaves nothing half done).
         *
         * @param value the operator's statement
         * @return this builder
         */
        public RuleBuilder restartSafe(boolean value) {
            this.restartSafe = value;
            return this;
        }

        /**
         * Whether the tool has no side effect (implies restart-safe and idempotent; such calls
         * are not journaled).
         *
         * @param value the operator's statement
         * @return this builder
         */
        public RuleBuilder readOnly(boolean value) {
            this.readOnly = value;
            return this;
        }

        /**
         * Whether every call needs a person's approval before it is sent.
         *
         * @param value whether approval is required
         * @return this builder
         */
        public RuleBuilder requiresApproval(boolean value) {
            this.requiresApproval = value;
            return this;
        }

        /**
         * A read-only tool of the same server (by the policy, or by its trusted
         * {@code readOnlyHint}) that the executor asks whether a call of this tool took effect,
         * wherever the outcome would otherwise be unknown: it is called with the call's arguments
         * its input schema declares, the idempotency key in {@code _meta} and in its own
         * {@link #keyArgument key argument}, and must answer {@code {"applied": true, "result": ...}}
         * or {@code {"applied": false}} (structured content, or one text item holding that JSON).
         * Anything else, an error included, leaves the outcome unknown.
         *
         * @param tool the verifier's name on the server
         * @return this builder
         * @throws IllegalArgumentException when {@code tool} is blank
         */
        public RuleBuilder verifier(String tool) {
            if (tool == null || tool.isBlank()) {
                throw new IllegalArgumentException("verifier must name a tool, was " + tool);
            }
            this.verifier = tool;
            return this;
        }

        /**
         * The argument of the tool's input schema that receives the call's idempotency key, so a
         * service that dedupes by its own argument (Stripe's {@code idempotency_key}) dedupes
         * Idem's re-drives. The model does not send it: it leaves the listed schema, and a call
         * that sets it is refused.
         *
         * @param name the argument's name
         * @return this builder
         * @throws IllegalArgumentException when {@code name} is blank
         */
        public RuleBuilder keyArgument(String name) {
            if (name == null || name.isBlank()) {
                throw new IllegalArgumentException("keyArgument must name an argument, was " + name);
            }
            this.keyArgument = name;
            return this;
        }

        /**
         * The wall-clock limit of one call.
         *
         * @param value a positive duration, or zero for none
         * @return this builder
         * @throws IllegalArgumentException when {@code value} is negative or past 24 hours
         */
        public RuleBuilder timeout(Duration value) {
            if (value == null || value.isNegative() || value.compareTo(Duration.ofHours(24)) > 0) {
                throw new IllegalArgumentException("timeout must be in [0, 24 hours], was " + value);
            }
            this.timeoutMs = value.toMillis();
            return this;
        }

        /**
         * The tool's own retry policy (its error types still only retried as the flags allow).
         *
         * @param value the policy
         * @return this builder
         */
        public RuleBuilder retryPolicy(RetryPolicy value) {
            this.retryPolicy = Objects.requireNonNull(value, "retryPolicy");
            return this;
        }

        RuleBuilder timeoutMs(long value) {
            this.timeoutMs = value;
            return this;
        }

        Rule build() {
            return new Rule(this);
        }
    }

    /** Builds a {@link RemoteToolPolicy}. */
    public static final class Builder {
        private final Set<String> trustedServers = new LinkedHashSet<>();
        private final Map<String, Map<String, RuleBuilder>> rules = new LinkedHashMap<>();

        private Builder() {}

        /**
         * Takes every annotation of {@code server}'s tools as flags ({@code readOnlyHint},
         * {@code idempotentHint}), except on tools whose rule says {@code trustAnnotations(false)}.
         *
         * @param server the server's name
         * @return this builder
         */
        public Builder trustAnnotations(String server) {
            trustedServers.add(checkedServer(server));
            return this;
        }

        /**
         * Sets the rule of one tool; called again for the same tool, it adds to the same rule.
         *
         * @param server the server's name
         * @param tool the tool's name on that server
         * @param settings sets what the rule says
         * @return this builder
         */
        public Builder tool(String server, String tool, Consumer<RuleBuilder> settings) {
            Objects.requireNonNull(tool, "tool");
            settings.accept(ruleBuilder(checkedServer(server), tool));
            return this;
        }

        RuleBuilder ruleBuilder(String server, String tool) {
            return rules.computeIfAbsent(server, s -> new LinkedHashMap<>()).computeIfAbsent(tool, t -> new RuleBuilder());
        }

        /**
         * The policy.
         *
         * @return a new policy
         */
        public RemoteToolPolicy build() {
            Map<String, Map<String, Rule>> built = new LinkedHashMap<>();
            rules.forEach((server, tools) -> {
                Map<String, Rule> each = new LinkedHashMap<>();
                tools.forEach((tool, rule) -> each.put(tool, rule.build()));
                built.put(server, each);
            });
            return new RemoteToolPolicy(trustedServers, built);
        }

        private static String checkedServer(String server) {
            if (server == null || server.isBlank() || server.indexOf('.') >= 0) {
                throw new IllegalArgumentException("server must be a name without dots, was " + server);
            }
            return server;
        }
    }
}
