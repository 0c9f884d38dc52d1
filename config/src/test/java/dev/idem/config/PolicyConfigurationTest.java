package dev.idem.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.idem.ErrorType;
import dev.idem.tool.EffectivePolicies;
import dev.idem.tool.EffectivePolicy;
import dev.idem.tool.PolicySetting;
import dev.idem.tool.RetryPolicy;
import dev.idem.tool.ToolCall;
import dev.idem.tool.ToolExecutor;
import dev.idem.tool.ToolRegistry;
import dev.idem.tool.ToolResult;
import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.EnumSet;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Issue 13, point 5: tool and executor policies from configuration, read once at build. */
class PolicyConfigurationTest {

    @TempDir
    Path dir;

    private final Payments_ToolSet payments = new Payments_ToolSet();

    private ToolExecutor build(PolicyConfiguration configuration) {
        return ToolExecutor.builder(ToolRegistry.of(payments))
                .sleeper(millis -> CompletableFuture.completedFuture(null))
                .policyOverrides(configuration)
                .build();
    }

    private static PolicyConfiguration only(Map<String, String> systemProperties) {
        return PolicyConfiguration.none().withSystemProperties(systemProperties);
    }

    @Test
    void aToolKeyChangesHowOftenTheExecutorRunsThatTool() {
        ToolExecutor executor = build(only(Map.of("idem.tool.notify.retry.max-attempts", "2",
                "idem.tool.notify.retry.initial-delay-ms", "0")));

        ToolResult result = executor.execute(new ToolCall("c1", "notify", "{}"));

        assertThat(payments.runs("notify")).isEqualTo(2);
        assertThat(result.attempts()).isEqualTo(2);
        assertThat(result.errorType()).isEqualTo(ErrorType.CONNECTION_ERROR);
    }

    @Test
    void theStrongestSourceOfAKeyWinsArgumentsThenSystemPropertiesThenEnvironmentThenFileThenClasspath()
            throws IOException {
        String key = "idem.tool.notify.timeout-ms";
        Path file = Files.writeString(dir.resolve("idem-test.properties"), key + "=400\n");
        ClassLoader classpath = classpathWith(key + "=500\n");
        PolicyConfiguration all = PolicyConfiguration.none().withArguments("--" + key + "=100", "--verbose")
                .withSystemProperties(Map.of(key, "200"))
                .withEnvironment(Map.of("IDEM_TOOL_NOTIFY_TIMEOUT_MS", "300"))
                .withFile(file)
                .withClassLoader(classpath);

        assertThat(timeoutOfNotify(all)).isEqualTo("100 from program argument --" + key);
        assertThat(timeoutOfNotify(all.withArguments())).isEqualTo("200 from system property " + key);
        assertThat(timeoutOfNotify(all.withArguments().withSystemProperties(Map.of())))
                .isEqualTo("300 from environment variable IDEM_TOOL_NOTIFY_TIMEOUT_MS");
        assertThat(timeoutOfNotify(all.withArguments().withSystemProperties(Map.of()).withEnvironment(Map.of())))
                .isEqualTo("400 from file " + file + " " + key);
        assertThat(timeoutOfNotify(PolicyConfiguration.none().withClassLoader(classpath)))
                .isEqualTo("500 from classpath idem.properties " + key);
    }

    private String timeoutOfNotify(PolicyConfiguration configuration) {
        EffectivePolicy notify = build(configuration).effectivePolicies().tool("notify");
        return notify.timeoutMs() + " from " + notify.origins().get(PolicySetting.TIMEOUT_MS);
    }

    @Test
    void theMostSpecificKeyWinsWhateverItsSourceAndAnyKeyWinsOverTheAnnotations() throws IOException {
        ToolExecutor executor = build(PolicyConfiguration.none()
                .withArguments("--idem.tools.retry.max-attempts=1")
                .withSystemProperties(Map.of("idem.toolset.Payments.retry.max-attempts", "5"))
                .withClassLoader(classpathWith("idem.tool.lookup.retry.max-attempts=2\n")));

        EffectivePolicies policies = executor.effectivePolicies();

        assertThat(policies.tool("lookup").retryPolicy().maxAttempts()).isEqualTo(2);        // tool key, weakest source
        assertThat(policies.tool("pay").retryPolicy().maxAttempts()).isEqualTo(5);           // set key beats @Retry's 3
        assertThat(policies.tool("pay").retryPolicy().retryOn()).containsExactly(ErrorType.TIMEOUT); // rest of @Retry kept
        assertThat(policies.tool("pay").origins().get(PolicySetting.RETRY_ON)).isEqualTo("@Retry");
        assertThat(policies.tool("notify").retryPolicy().maxAttempts()).isEqualTo(5);
    }

    @Test
    void toolsThatInheritFollowTheExecutorsConfiguredPolicyAndTimeout() {
        ToolExecutor executor = ToolExecutor.builder(ToolRegistry.of(payments))
                .retryPolicy(RetryPolicy.builder().maxAttempts(6).build())
                .defaultTimeout(Duration.ofSeconds(9))
                .policyOverrides(only(Map.of("idem.executor.retry.initial-delay-ms", "250",
                        "idem.executor.timeout-ms", "1500", "idem.executor.circuit-breaker.failure-threshold", "2")))
                .build();

        EffectivePolicies policies = executor.effectivePolicies();

        assertThat(executor.retryPolicy().initialDelayMs()).isEqualTo(250);
        assertThat(executor.retryPolicy().maxAttempts()).isEqualTo(6); // the builder's value where nothing configured it
        EffectivePolicy notify = policies.tool("notify");
        assertThat(notify.retryPolicy()).isEqualTo(executor.retryPolicy());
        assertThat(notify.timeoutMs()).isEqualTo(1500);
        assertThat(notify.origins().get(PolicySetting.INITIAL_DELAY_MS))
                .isEqualTo("executor: system property idem.executor.retry.initial-delay-ms");
        assertThat(notify.origins().get(PolicySetting.MAX_ATTEMPTS)).isEqualTo("executor: ToolExecutor.builder()");
        assertThat(policies.tool("pay").timeoutMs()).isEqualTo(2000); // its own @Tool timeout
        assertThat(policies.executor().circuitBreakerFailureThreshold()).isEqualTo(2);
    }

    @Test
    void configurationMayTurnASafetyFlagOffAndTheExecutorThenRunsTheToolAtMostOnce() {
        ToolExecutor executor = build(only(Map.of("idem.tool.notify.restart-safe", "false",
                "idem.tool.notify.retry.initial-delay-ms", "0")));

        ToolResult result = executor.execute(new ToolCall("c1", "notify", "{}"));

        assertThat(executor.effectivePolicies().tool("notify").descriptor().restartSafe()).isFalse();
        assertThat(payments.runs("notify")).isEqualTo(1);
        assertThat(result.attempts()).isEqualTo(1);
    }

    @Test
    void configurationNeverLoosensACompiledSafetyFlagTheBuildFailsSayingSo() {
        PolicyConfigurationException failure = catchThrowableOfType(PolicyConfigurationException.class, () -> build(
                only(Map.of("idem.tool.pay.restart-safe", "true", "idem.tools.read-only", "true",
                        "idem.tool.lookup.idempotent", "false"))));

        assertThat(failure.problems()).anySatisfy(problem -> assertThat(problem).contains(
                "system property idem.tool.pay.restart-safe=true would loosen a compiled safety flag: tool 'pay' is"
                        + " compiled with restartSafe = false"));
        assertThat(failure.problems()).anySatisfy(problem -> assertThat(problem).contains(
                "idem.tools.read-only=true would loosen a compiled safety flag: tool 'notify'"));
        assertThat(failure.problems()).anySatisfy(problem -> assertThat(problem).contains(
                "tool 'lookup' is compiled read-only, which implies restart-safe and idempotent: to turn either off,"
                        + " also set idem.tool.lookup.read-only=false"));
        assertThat(failure).hasMessageStartingWith("Idem policy configuration has " + failure.problems().size() + " problems:");
    }

    @Test
    void unknownToolsSetsAndKeysFailTheBuildWithDidYouMeanAllAtOnce() {
        PolicyConfigurationException failure = catchThrowableOfType(PolicyConfigurationException.class, () -> build(
                PolicyConfiguration.none()
                        .withArguments("--idem.tool.pya.timeout-ms=5")
                        .withSystemProperties(Map.of("idem.tool.pay.retry.max-atempts", "2",
                                "idem.toolset.Payment.timeout-ms", "5", "idem.tol.pay.timeout-ms", "5",
                                "idem.tool.pay.circuit-breaker.open-ms", "5"))
                        .withEnvironment(Map.of("IDEM_TOOL_PAY_TIMEOUT", "5"))));

        assertThat(failure.problems()).hasSize(6);
        assertThat(String.join("\n", failure.problems())).contains(
                "program argument --idem.tool.pya.timeout-ms: there is no tool named 'pya'; did you mean 'pay'?"
                        + " Tools: pay, lookup, notify",
                "system property idem.tool.pay.retry.max-atempts: unknown setting 'retry.max-atempts'; did you mean"
                        + " 'retry.max-attempts'?",
                "system property idem.toolset.Payment.timeout-ms: there is no tool set named 'Payment'; did you mean"
                        + " 'Payments'?",
                "system property idem.tol.pay.timeout-ms is not a known key; did you mean idem.tool...?",
                "circuit-breaker.open-ms is a setting of the executor only: idem.executor.circuit-breaker.open-ms",
                "environment variable IDEM_TOOL_PAY_TIMEOUT is not a known key; did you mean IDEM_TOOL_PAY_TIMEOUT_MS");
    }

    @Test
    void aKeyThatDiffersFromAKnownKeyOnlyByCaseFailsTheBuildWithDidYouMeanInEverySource() throws IOException {
        Path json = Files.writeString(dir.resolve("idem.json"), "{\"IDEM\": {\"tool\": {\"lookup\": {\"timeout-ms\": 5}}}}");
        PolicyConfigurationException failure = catchThrowableOfType(PolicyConfigurationException.class, () -> build(
                PolicyConfiguration.none()
                        .withArguments("--Idem.tool.pay.timeout-ms=5")
                        .withSystemProperties(Map.of("Idem.tool.pay.retry.max-attempts", "2",
                                "IDEM.TOOLS.TIMEOUT-MS", "5", "idem.tool.Notify.timeout-ms", "5",
                                "Idem.config.File", "x.json"))
                        .withEnvironment(Map.of("Idem_tool_pay_timeout_ms", "5"))
                        .withFile(json)));

        assertThat(failure.problems()).hasSize(7);
        assertThat(String.join("\n", failure.problems())).contains(
                "program argument --Idem.tool.pay.timeout-ms is not a known key; did you mean idem.tool.pay.timeout-ms?"
                        + " Keys are case-sensitive",
                "system property Idem.tool.pay.retry.max-attempts is not a known key; did you mean"
                        + " idem.tool.pay.retry.max-attempts?",
                "system property IDEM.TOOLS.TIMEOUT-MS is not a known key; did you mean idem.tools.timeout-ms?",
                "system property idem.tool.Notify.timeout-ms is not a known key; did you mean idem.tool.notify.timeout-ms?",
                "system property Idem.config.File is not a known key; did you mean idem.config.file?",
                "environment variable Idem_tool_pay_timeout_ms is not a known key; did you mean IDEM_TOOL_PAY_TIMEOUT_MS?",
                "file " + json + " IDEM.tool.lookup.timeout-ms is not a known key; did you mean idem.tool.lookup.timeout-ms?");
    }

    @Test
    void keysOfOtherNamespacesInAnyCaseBelongToSomeoneElseAndAreLeftAlone() {
        ToolExecutor executor = build(only(Map.of("Idem.chaos.seeds", "10000", "IDEM.crash.kills", "7"))
                .withArguments("--Idem.verbose=true")
                .withEnvironment(Map.of("Idem_Home", "/opt/idem")));

        assertThat(executor.effectivePolicies().tool("pay").retryPolicy()).isEqualTo(Payments_ToolSet.PAY_POLICY);
    }

    @Test
    void keysOfOtherNamespacesBelongToSomeoneElseAndAreLeftAlone() {
        ToolExecutor executor = build(only(Map.of("idem.chaos.seeds", "10000", "idem.crash.kills", "7"))
                .withEnvironment(Map.of("IDEM_HOME", "/opt/idem")));

        assertThat(executor.effectivePolicies().tool("pay").retryPolicy()).isEqualTo(Payments_ToolSet.PAY_POLICY);
    }

    @Test
    void valuesThatDoNotParseOrBreakAPolicyRuleNameTheKeyTheSourceAndTheRule() {
        PolicyConfigurationException failure = catchThrowableOfType(PolicyConfigurationException.class, () -> build(
                only(Map.of("idem.tool.pay.retry.max-attempts", "two", "idem.tool.notify.retry.retry-on",
                        "TIMEOUT,TIMOUT,INVALID_ARGUMENTS", "idem.tool.lookup.retry.max-delay-ms", "10",
                        "idem.tool.lookup.retry.initial-delay-ms", "20", "idem.executor.timeout-ms", "-1"))));

        assertThat(String.join("\n", failure.problems())).contains(
                "system property idem.tool.pay.retry.max-attempts=two: must be a whole number",
                "'TIMOUT' is not an error type; did you mean TIMEOUT?",
                "INVALID_ARGUMENTS is never retried (it is terminal)",
                "tool 'lookup': maxDelayMs must be at least initialDelayMs (20), was 10",
                "system property idem.executor.timeout-ms=-1: must be 0 (no limit) or up to 86400000 milliseconds"
                        + " (24 hours)");
    }

    @Test
    void aJsonFileNamedByIdemConfigFileIsReadNestedOrDotted() throws IOException {
        Path json = Files.writeString(dir.resolve("idem.json"), """
                {"idem": {"tool": {"pay": {"retry": {"max-attempts": 1, "retry-on": ["TIMEOUT", "RATE_LIMIT"]}}},
                          "executor.retry.jitter": true}}
                """);

        EffectivePolicies policies = build(PolicyConfiguration.none()
                .withEnvironment(Map.of("IDEM_CONFIG_FILE", json.toString()))).effectivePolicies();

        assertThat(policies.tool("pay").retryPolicy().maxAttempts()).isEqualTo(1);
        assertThat(policies.tool("pay").retryPolicy().retryOn())
                .isEqualTo(EnumSet.of(ErrorType.TIMEOUT, ErrorType.RATE_LIMIT));
        assertThat(policies.executor().retryPolicy().jitter()).isTrue();
        assertThat(policies.tool("pay").origins().get(PolicySetting.MAX_ATTEMPTS))
                .isEqualTo("file " + json + " idem.tool.pay.retry.max-attempts");
    }

    @Test
    void configurationIsReadOnceWhenTheExecutorIsBuilt() {
        String key = "idem.tool.notify.retry.max-attempts";
        PolicyConfiguration standard = PolicyConfiguration.standard().withEnvironment(Map.of()).withClassLoader(null);
        System.setProperty(key, "4");
        ToolExecutor executor;
        try {
            executor = build(standard);
        } finally {
            System.clearProperty(key);
        }

        assertThat(executor.effectivePolicies().tool("notify").retryPolicy().maxAttempts()).isEqualTo(4);
        assertThat(build(standard).effectivePolicies().tool("notify").retryPolicy().maxAttempts()).isEqualTo(3);
    }

    @Test
    void theEffectivePoliciesPrintEveryValueWithWhereItCameFrom() {
        String printed = build(only(Map.of("idem.tool.pay.retry.max-attempts", "2"))).effectivePolicies().toString();

        assertThat(printed).contains("tool pay (Payments)", "tool notify (Payments)",
                "executor (tools without their own @Retry or timeout)");
        assertThat(printed.lines()).anySatisfy(line -> assertThat(line)
                .matches("  retry\\.max-attempts +2 +system property idem\\.tool\\.pay\\.retry\\.max-attempts"));
        assertThat(printed.lines()).anySatisfy(line -> assertThat(line).matches("  restart-safe +false +@Tool"));
        assertThat(printed.lines()).anySatisfy(line -> assertThat(line).matches("  timeout-ms +0 +executor: default"));
    }

    private ClassLoader classpathWith(String properties) throws IOException {
        Path root = Files.createDirectories(dir.resolve("classpath-" + System.nanoTime()));
        Files.writeString(root.resolve(PolicyConfiguration.CLASSPATH_RESOURCE), properties, StandardCharsets.UTF_8);
        return new URLClassLoader(new URL[] {root.toUri().toURL()}, null);
    }
}
