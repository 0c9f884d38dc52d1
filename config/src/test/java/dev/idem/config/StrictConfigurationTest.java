package dev.idem.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.idem.tool.PolicySetting;
import dev.idem.tool.ToolCall;
import dev.idem.tool.ToolExecutor;
import dev.idem.tool.ToolRegistry;
import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * No configured tightening is ever lost without a word: every way a file, a key or a value could
 * be silently dropped or overridden fails the build naming the source and the key instead.
 */
class StrictConfigurationTest {

    private static final String TIGHTEN = "idem.tool.notify.restart-safe";

    @TempDir
    Path dir;

    private final Payments_ToolSet payments = new Payments_ToolSet();

    private ToolExecutor build(PolicyConfiguration configuration) {
        return ToolExecutor.builder(ToolRegistry.of(payments))
                .sleeper(millis -> CompletableFuture.completedFuture(null))
                .policyOverrides(configuration)
                .build();
    }

    private String problems(PolicyConfiguration configuration) {
        PolicyConfigurationException failure = catchThrowableOfType(PolicyConfigurationException.class,
                () -> build(configuration));
        assertThat(failure).as("the build must fail").isNotNull();
        return String.join("\n", failure.problems());
    }

    private Path file(String name, String text) throws IOException {
        return Files.writeString(dir.resolve(name), text, StandardCharsets.UTF_8);
    }

    private int runsOfNotify(ToolExecutor executor) {
        executor.execute(new ToolCall("c1", "notify", "{}"));
        return payments.runs("notify");
    }

    @Test
    void aJsonFileWithTheSameKeyTwiceIsRefusedNamingTheFileAndTheKey() throws IOException {
        Path json = file("idem.json", "{\"idem\": {\"tool\": {\"notify\": {\"restart-safe\": false, \"restart-safe\": true}}}}");

        assertThat(problems(PolicyConfiguration.none().withFile(json)))
                .contains("file " + json + " gives " + TIGHTEN + " twice");
    }

    @Test
    void theNestedAndTheDottedSpellingOfOneKeyInOneFileAreRefusedNamingTheFileAndTheKey() throws IOException {
        Path json = file("idem.json", "{\"idem\": {\"tool\": {\"notify\": {\"restart-safe\": false}}},"
                + " \"idem.tool.notify.restart-safe\": true}");

        assertThat(problems(PolicyConfiguration.none().withFile(json)))
                .contains("file " + json + " gives " + TIGHTEN + " twice");
    }

    @Test
    void aPropertiesFileThatGivesOneKeyTwoValuesIsRefusedNamingTheFileAndTheKey() throws IOException {
        Path properties = file("idem.properties", TIGHTEN + "=false\nidem.tool.notify.restart\\-safe = true\n");

        assertThat(problems(PolicyConfiguration.none().withFile(properties)))
                .contains("file " + properties + " gives " + TIGHTEN + " twice");
        assertThat(problems(PolicyConfiguration.none().withClassLoader(classpathWith(TIGHTEN + "=false\n" + TIGHTEN
                + "=true\n")))).contains("classpath idem.properties gives " + TIGHTEN + " twice");
    }

    @Test
    void aProgramArgumentGivenTwiceWithTwoValuesIsRefusedNamingTheKey() {
        assertThat(problems(PolicyConfiguration.none().withArguments("--" + TIGHTEN + "=false", "--" + TIGHTEN + "=true")))
                .contains("program argument --" + TIGHTEN + " is given twice (false, then true)");
    }

    @Test
    void aJsonKeyWithWhiteSpaceAroundItIsRefusedNotSkipped() throws IOException {
        Path json = file("idem.json", "{\" " + TIGHTEN + "\": false}");

        assertThat(problems(PolicyConfiguration.none().withFile(json)))
                .contains("file " + json + " ' " + TIGHTEN + "' has white space around the key");
    }

    @Test
    void aByteOrderMarkAtTheStartOfAFileIsSkippedSoTheSettingOnTheFirstLineCounts() throws IOException {
        String text = "\uFEFF" + TIGHTEN + "=false\n";
        Path properties = file("idem.properties", text);
        Path json = file("idem.json", "\uFEFF{\"" + TIGHTEN + "\": false}");

        assertThat(runsOfNotify(build(PolicyConfiguration.none().withFile(properties)))).isEqualTo(1);
        assertThat(build(PolicyConfiguration.none().withFile(json)).effectivePolicies().tool("notify").descriptor()
                .restartSafe()).isFalse();
        assertThat(build(PolicyConfiguration.none().withClassLoader(classpathWith(text))).effectivePolicies()
                .tool("notify").descriptor().restartSafe()).isFalse();
    }

    @Test
    void idemConfigFileWhereItCannotBeHonouredFailsTheBuildNamingWhereItWasSet() throws IOException {
        Path other = file("other.properties", TIGHTEN + "=false\n");
        Path inner = file("inner.properties", "idem.config.file=" + other + "\n");

        assertThat(problems(PolicyConfiguration.none().withClassLoader(classpathWith("idem.config.file=" + other + "\n"))))
                .contains("classpath idem.properties idem.config.file cannot be honoured");
        assertThat(problems(PolicyConfiguration.none().withFile(inner)))
                .contains("file " + inner + " idem.config.file cannot be honoured");
        assertThat(problems(PolicyConfiguration.none().withFile(inner)
                .withSystemProperties(Map.of("idem.config.file", other.toString()))))
                .contains("system property idem.config.file cannot be honoured");
    }

    @Test
    void aConfigurationFileThatIsNeitherPropertiesNorJsonIsRefused() throws IOException {
        Path yaml = file("idem.yaml", "idem:\n  tool:\n    notify:\n      restart-safe: false\n");

        assertThat(problems(PolicyConfiguration.none().withSystemProperties(Map.of("idem.config.file", yaml.toString()))))
                .contains("the configuration file " + yaml + " is of a type Idem does not read");
    }

    @Test
    void anUnreadableConfigurationFileIsRefused() throws IOException {
        Path broken = Files.write(dir.resolve("idem.properties"), new byte[] {'i', 'd', (byte) 0xC3, '=', '1'});

        assertThat(problems(PolicyConfiguration.none().withFile(broken)))
                .contains("the configuration file " + broken + " cannot be read");
    }

    @Test
    void aSettingKeyWrittenWithoutItsScopeFailsTheBuildWithDidYouMean() {
        Map<String, String> keys = new LinkedHashMap<>();
        for (PolicySetting setting : PolicySetting.values()) {
            keys.put("idem." + setting.key(), "1");
        }
        keys.put("idem.config-file", "x.json");
        keys.put("idem.configFile", "x.json");
        keys.put("idem.file", "x.json");
        String problems = problems(PolicyConfiguration.none().withSystemProperties(keys)
                .withEnvironment(Map.of("IDEM_RESTART_SAFE", "false", "IDEM_CONFIGFILE", "x.json")));

        for (String key : keys.keySet()) {
            assertThat(problems).contains("system property " + key + " is not a known key; did you mean");
        }
        assertThat(problems).contains("system property idem.restart-safe is not a known key; did you mean"
                + " idem.tools.restart-safe (every tool) or idem.tool.<tool>.restart-safe?");
        assertThat(problems).contains("system property idem.retry.max-attempts is not a known key; did you mean"
                + " idem.tools.retry.max-attempts (every tool) or idem.executor.retry.max-attempts?");
        assertThat(problems).contains("system property idem.configFile is not a known key; did you mean idem.config.file?");
        assertThat(problems).contains("environment variable IDEM_RESTART_SAFE is not a known key; did you mean"
                + " IDEM_TOOLS_RESTART_SAFE");
        assertThat(problems).contains("environment variable IDEM_CONFIGFILE is not a known key; did you mean IDEM_CONFIG_FILE?");
    }

    @Test
    void numbersAreAsciiDigitsOnly() {
        String problems = problems(PolicyConfiguration.none().withSystemProperties(Map.of(
                "idem.tool.notify.retry.max-attempts", "\u0663", "idem.tool.pay.timeout-ms", "\uFF11\uFF10",
                "idem.tool.notify.retry.backoff-factor", "2d", "idem.executor.retry-budget.max-tokens", "0x1p3",
                "idem.tool.notify.restart-safe", "fal\u017Fe")));

        assertThat(problems).contains(
                "system property idem.tool.notify.retry.max-attempts=\u0663: must be a whole number",
                "system property idem.tool.pay.timeout-ms=\uFF11\uFF10: must be a whole number",
                "system property idem.tool.notify.retry.backoff-factor=2d: must be a finite number",
                "system property idem.executor.retry-budget.max-tokens=0x1p3: must be a finite number",
                "system property idem.tool.notify.restart-safe=fal\u017Fe: must be true or false");
    }

    @Test
    void everyDelayIsAtMostAnHourAndEveryTimeoutAtMostADay() {
        String problems = problems(PolicyConfiguration.none().withSystemProperties(Map.of(
                "idem.tool.notify.retry.initial-delay-ms", "3600001", "idem.tool.notify.retry.max-delay-ms", "3600001",
                "idem.executor.circuit-breaker.open-ms", "3600001", "idem.tool.pay.timeout-ms", "86400001",
                "idem.executor.timeout-ms", "9223372036854775807")));

        assertThat(problems).contains(
                "idem.tool.notify.retry.initial-delay-ms=3600001: must be 0 to 3600000 milliseconds (1 hour)",
                "idem.tool.notify.retry.max-delay-ms=3600001: must be 0 to 3600000 milliseconds (1 hour)",
                "idem.executor.circuit-breaker.open-ms=3600001: must be 0 to 3600000 milliseconds (1 hour)",
                "idem.tool.pay.timeout-ms=86400001: must be -1 (the executor's), 0 (no limit) or up to 86400000"
                        + " milliseconds (24 hours)",
                "idem.executor.timeout-ms=9223372036854775807: must be 0 (no limit) or up to 86400000 milliseconds"
                        + " (24 hours)");
        assertThat(build(PolicyConfiguration.none().withSystemProperties(Map.of(
                "idem.tool.notify.retry.initial-delay-ms", "3600000", "idem.tool.notify.retry.max-delay-ms", "3600000",
                "idem.tool.pay.timeout-ms", "86400000"))).effectivePolicies().tool("pay").timeoutMs()).isEqualTo(86_400_000);
    }

    @Test
    void attemptsAreAtMostAHundredAndTheBackoffFactorAtMostTen() {
        String problems = problems(PolicyConfiguration.none().withSystemProperties(Map.of(
                "idem.tool.notify.retry.max-attempts", "101", "idem.executor.retry.max-attempts", "2147483647",
                "idem.tool.notify.retry.backoff-factor", "10.5", "idem.tools.retry.backoff-factor", "1e300")));

        assertThat(problems).contains(
                "idem.tool.notify.retry.max-attempts=101: must be a whole number from 1 to 100",
                "idem.executor.retry.max-attempts=2147483647: must be a whole number from 1 to 100",
                "idem.tool.notify.retry.backoff-factor=10.5: must be a finite number of at most 10",
                "idem.tools.retry.backoff-factor=1e300: must be a finite number of at most 10");
        assertThat(build(PolicyConfiguration.none().withSystemProperties(Map.of(
                "idem.tool.notify.retry.max-attempts", "100", "idem.tool.notify.retry.backoff-factor", "10")))
                .effectivePolicies().tool("notify").retryPolicy().maxAttempts()).isEqualTo(100);
    }

    private ClassLoader classpathWith(String properties) throws IOException {
        Path root = Files.createDirectories(dir.resolve("classpath-" + System.nanoTime()));
        Files.writeString(root.resolve(PolicyConfiguration.CLASSPATH_RESOURCE), properties, StandardCharsets.UTF_8);
        return new URLClassLoader(new URL[] {root.toUri().toURL()}, null);
    }
}
