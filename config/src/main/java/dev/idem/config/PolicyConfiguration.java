package dev.idem.config;

import dev.idem.tool.EffectivePolicies;
import dev.idem.tool.PolicyOverrides;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Properties;
import java.util.function.Supplier;

/**
 * Tool and executor policies from configuration, so an operator can change a retry policy or a
 * timeout without recompiling. Read once, when the executor (or agent) is built; every problem
 * (an unknown tool or key, with "did you mean"; a value that does not parse or is out of range; a
 * compiled safety flag turned on) fails that build with a {@link PolicyConfigurationException}.
 *
 * <p>Keys, after MicroProfile Fault Tolerance's override convention (the most specific wins, and
 * any configured value wins over the annotations):
 * <pre>
 * idem.tool.&lt;tool&gt;.&lt;setting&gt;       one tool                      idem.tool.schedulePix.retry.max-attempts=2
 * idem.toolset.&lt;set&gt;.&lt;setting&gt;     every tool of one class       idem.toolset.PixBank.timeout-ms=5000
 * idem.tools.&lt;setting&gt;              every tool                    idem.tools.retry.max-attempts=1
 * idem.executor.&lt;setting&gt;           the executor's own policy     idem.executor.retry.initial-delay-ms=200
 * idem.config.file                    a .properties or .json file to read as well
 * </pre>
 * Tool settings: {@code restart-safe}, {@code idempotent}, {@code read-only} (only to {@code false}),
 * {@code timeout-ms} (-1 the executor's, 0 none), {@code retry.max-attempts},
 * {@code retry.initial-delay-ms}, {@code retry.backoff-factor}, {@code retry.max-delay-ms},
 * {@code retry.jitter}, {@code retry.jitter-factor}, {@code retry.retry-on} (comma-separated error
 * types). The executor has the retry settings, {@code timeout-ms}, and
 * {@code circuit-breaker.failure-threshold}, {@code circuit-breaker.open-ms},
 * {@code retry-budget.max-tokens}, {@code retry-budget.token-ratio}.
 *
 * <p>Sources, strongest first: program arguments ({@code --idem.tool.pay.timeout-ms=500}),
 * system properties, environment variables ({@code IDEM_TOOL_PAY_TIMEOUT_MS}: the key in upper
 * case with {@code _} for every other character), the file named by {@code idem.config.file} or
 * {@link #withFile}, and {@code idem.properties} on the class path.
 *
 * <p>No value is ever chosen silently: a key a file (or the program arguments) gives twice, in any
 * spelling (nested and dotted JSON too), a file that is neither {@code .properties} nor {@code .json}
 * or is not UTF-8, {@code idem.config.file} set where it cannot be honoured (inside a file, or
 * besides {@link #withFile}), and a setting key without its scope ({@code idem.restart-safe}) all
 * fail the build naming the source and the key. A leading byte order mark is skipped. Numbers are
 * ASCII digits; delays are at most 1 hour, timeouts at most 24 hours, attempts at most 100 and the
 * backoff factor at most 10.
 *
 * <pre>{@code
 * public static void main(String[] args) {
 *     ToolExecutor executor = ToolExecutor.builder(ToolRegistry.of(PixBank_ToolSet.of(bank)))
 *             .policyOverrides(PolicyConfiguration.standard(args))
 *             .build();
 *     System.out.print(executor.effectivePolicies());
 * }
 * }</pre>
 */
public final class PolicyConfiguration implements PolicyOverrides {

    /** The class path resource read last. */
    public static final String CLASSPATH_RESOURCE = "idem.properties";

    private final List<String> arguments;
    private final Supplier<Map<String, String>> systemProperties;
    private final Supplier<Map<String, String>> environment;
    private final Path file;
    private final boolean classpath;
    private final ClassLoader classLoader;
    /** Sources a framework adds ({@link #withSource}), read after the environment, in order. */
    private final List<ConfigSource> added;

    private PolicyConfiguration(List<String> arguments, Supplier<Map<String, String>> systemProperties,
            Supplier<Map<String, String>> environment, Path file, boolean classpath, ClassLoader classLoader) {
        this(arguments, systemProperties, environment, file, classpath, classLoader, List.of());
    }

    private PolicyConfiguration(List<String> arguments, Supplier<Map<String, String>> systemProperties,
            Supplier<Map<String, String>> environment, Path file, boolean classpath, ClassLoader classLoader,
            List<ConfigSource> added) {
        this.added = List.copyOf(added);
        this.arguments = List.copyOf(arguments);
        this.systemProperties = systemProperties;
        this.environment = environment;
        this.file = file;
        this.classpath = classpath;
        this.classLoader = classLoader;
    }

    /**
     * Every source: these program arguments (those starting {@code --idem.}; others are skipped),
     * system properties, environment variables, the file named by {@code idem.config.file}, and
     * {@code idem.properties} on the class path.
     *
     * @param arguments the program's arguments
     * @return the configuration reading every source
     */
    public static PolicyConfiguration standard(String... arguments) {
        return new PolicyConfiguration(List.of(arguments), PolicyConfiguration::systemProperties, System::getenv,
                null, true, null);
    }

    /**
     * No source at all; add some with the {@code with} methods (tests, embedding).
     *
     * @return a configuration without sources
     */
    public static PolicyConfiguration none() {
        return new PolicyConfiguration(List.of(), null, null, null, false, null);
    }

    /**
     * The same, with these program arguments instead.
     *
     * @param value the program arguments to read
     * @return a new configuration
     */
    public PolicyConfiguration withArguments(String... value) {
        return new PolicyConfiguration(List.of(value), systemProperties, environment, file, classpath, classLoader, added);
    }

    /**
     * The same, reading these entries as system properties instead of the JVM's.
     *
     * @param value the entries to read as system properties
     * @return a new configuration
     */
    public PolicyConfiguration withSystemProperties(Map<String, String> value) {
        Map<String, String> copy = Map.copyOf(value);
        return new PolicyConfiguration(arguments, () -> copy, environment, file, classpath, classLoader, added);
    }

    /**
     * The same, reading these entries as environment variables instead of the process's.
     *
     * @param value the entries to read as environment variables
     * @return a new configuration
     */
    public PolicyConfiguration withEnvironment(Map<String, String> value) {
        Map<String, String> copy = Map.copyOf(value);
        return new PolicyConfiguration(arguments, systemProperties, () -> copy, file, classpath, classLoader, added);
    }

    /**
     * The same, reading this properties or {@code .json} file (it must exist) instead of {@code idem.config.file}'s.
     *
     * @param value the file to read
     * @return a new configuration
     */
    public PolicyConfiguration withFile(Path value) {
        return new PolicyConfiguration(arguments, systemProperties, environment, Objects.requireNonNull(value, "file"),
                classpath, classLoader, added);
    }

    /**
     * The same, looking for {@code idem.properties} through {@code loader} ({@code null}: not at all).
     *
     * @param loader the class loader, or {@code null}
     * @return a new configuration
     */
    public PolicyConfiguration withClassLoader(ClassLoader loader) {
        return new PolicyConfiguration(arguments, systemProperties, environment, file, loader != null, loader, added);
    }

    /**
     * The same, also reading {@code entries} (keys starting {@code idem.}; others are skipped) as a
     * source of its own, weaker than the environment and stronger than files and sources added
     * after it: a framework's configuration (Spring's {@code application.yml}), under the same rules.
     *
     * <pre>{@code
     * PolicyConfiguration.standard().withSource("application.yml", Map.of("idem.tool.pay.timeout-ms", "5000"));
     * }</pre>
     *
     * @param label   how messages and the effective-policy table name the source
     * @param entries its keys and values, keys spelled as in a properties file
     * @return a new configuration
     */
    public PolicyConfiguration withSource(String label, Map<String, String> entries) {
        List<ConfigSource> sources = new ArrayList<>(added);
        sources.add(ConfigSources.properties(Objects.requireNonNull(label, "label"), entries));
        return new PolicyConfiguration(arguments, systemProperties, environment, file, classpath, classLoader, sources);
    }

    /** Reads the sources now and applies them to {@code compiled}. */
    @Override
    public EffectivePolicies apply(EffectivePolicies compiled) {
        List<String> problems = new ArrayList<>();
        List<ConfigSource> sources = read(problems);
        PolicyResolver resolver = new PolicyResolver(compiled, problems);
        resolver.read(sources);
        EffectivePolicies effective = resolver.resolve(); // after read problems too: report them all at once
        if (!problems.isEmpty()) {
            throw new PolicyConfigurationException(problems);
        }
        return effective;
    }

    /** The sources, strongest first. */
    private List<ConfigSource> read(List<String> problems) {
        List<ConfigSource> sources = new ArrayList<>();
        sources.add(ConfigSources.arguments(arguments, problems));
        if (systemProperties != null) {
            sources.add(ConfigSources.properties("system property", systemProperties.get()));
        }
        if (environment != null) {
            sources.add(ConfigSources.environment(environment.get()));
        }
        sources.addAll(added);
        int firstFile = sources.size();
        Path named = namedFile(sources, problems);
        if (named != null) {
            sources.add(ConfigFiles.file(named, problems));
        }
        if (classpath) {
            ClassLoader loader = classLoader != null ? classLoader : Thread.currentThread().getContextClassLoader();
            sources.add(ConfigFiles.classpath(loader != null ? loader : PolicyConfiguration.class.getClassLoader(),
                    CLASSPATH_RESOURCE, problems));
        }
        for (ConfigSource source : sources.subList(firstFile, sources.size())) {
            String key = fileKey(source);
            if (key != null) {
                problems.add(source.origin(key) + " cannot be honoured: a configuration file cannot name another; set "
                        + ConfigKeys.FILE_KEY + " as a program argument, a system property or an environment variable");
            }
        }
        return sources;
    }

    /**
     * The file to read: {@link #withFile}'s, else {@code idem.config.file} from the strongest source
     * that gives it. A name that would not be read (another than {@code withFile}'s, or blank) is a problem.
     */
    private Path namedFile(List<ConfigSource> sources, List<String> problems) {
        for (ConfigSource source : sources) {
            String key = fileKey(source);
            if (key == null) {
                continue;
            }
            String origin = source.origin(key);
            String value = source.entries().get(key).strip();
            if (value.isEmpty()) {
                problems.add(origin + " cannot be honoured: it is empty; name a .properties or .json file");
            } else if (file != null && !Path.of(value).equals(file)) {
                problems.add(origin + " cannot be honoured: this configuration reads " + file
                        + " (PolicyConfiguration.withFile) instead; name one file only");
            } else if (file == null) {
                return Path.of(value);
            }
        }
        return file;
    }

    /** How this source spells {@code idem.config.file}, when it gives it; else {@code null}. */
    private static String fileKey(ConfigSource source) {
        String key = source.environment() ? ConfigKeys.environmentName(ConfigKeys.FILE_KEY) : ConfigKeys.FILE_KEY;
        return source.entries().containsKey(key) ? key : null;
    }

    private static Map<String, String> systemProperties() {
        Properties properties = System.getProperties();
        Map<String, String> entries = new LinkedHashMap<>();
        for (String name : properties.stringPropertyNames()) {
            if (ConfigKeys.isIdemKey(name)) {
                entries.put(name, properties.getProperty(name));
            }
        }
        return entries;
    }
}
