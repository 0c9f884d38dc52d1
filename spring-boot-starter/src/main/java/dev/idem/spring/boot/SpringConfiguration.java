package dev.idem.spring.boot;

import dev.idem.config.PolicyConfiguration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.springframework.core.env.CommandLinePropertySource;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.EnumerablePropertySource;
import org.springframework.core.env.PropertySource;
import org.springframework.core.env.StandardEnvironment;

/**
 * The application's {@code idem.*} keys, read from Spring's {@code Environment}: each of its
 * property sources ({@code application.yml}, profile files, test properties ...) becomes one source
 * of {@link PolicyConfiguration#withSource}, in Spring's order, so the runtime's rules apply as
 * they are (configuration only tightens safety; an unknown tool or setting fails with "did you
 * mean"). System properties, environment variables, program arguments and {@code idem.properties}
 * are read by {@link PolicyConfiguration#standard} itself, as without Spring.
 *
 * <p>The starter's own keys ({@code idem.journal.*}) are checked here, and so is every other
 * {@code idem.} namespace an application's own files name: in an application's files an
 * {@code idem.} key that nothing reads is a mistake.
 */
final class SpringConfiguration {

    /** The runtime's namespaces (docs/configuration.md) and the starter's. */
    static final List<String> NAMESPACES = List.of("tool", "toolset", "tools", "executor", "config", "journal");

    private static final Pattern RESOURCE = Pattern.compile("\\[([^\\]]+)\\]");

    private SpringConfiguration() {}

    /** The runtime's standard sources and every property source of {@code environment} that is the application's. */
    static PolicyConfiguration policies(ConfigurableEnvironment environment, String[] arguments) {
        PolicyConfiguration configuration = PolicyConfiguration.standard(arguments);
        for (EnumerablePropertySource<?> source : applicationSources(environment)) {
            Map<String, String> entries = new LinkedHashMap<>();
            for (String name : source.getPropertyNames()) {
                if (name.regionMatches(true, 0, "idem.", 0, 5)) {
                    Object value = source.getProperty(name);
                    entries.put(name, environment.resolvePlaceholders(String.valueOf(value)));
                }
            }
            if (!entries.isEmpty()) {
                configuration = configuration.withSource(label(source), entries);
            }
        }
        return configuration;
    }

    /**
     * Every problem of the starter's keys in the application's sources: an {@code idem.journal}
     * key that is not one, a namespace that is none of Idem's; each with "did you mean".
     */
    static List<String> problems(ConfigurableEnvironment environment) {
        List<String> problems = new ArrayList<>();
        for (EnumerablePropertySource<?> source : applicationSources(environment)) {
            for (String name : source.getPropertyNames()) {
                if (!name.regionMatches(true, 0, "idem.", 0, 5)) {
                    continue;
                }
                String rest = name.substring(5);
                int dot = rest.indexOf('.');
                String namespace = dot < 0 ? rest : rest.substring(0, dot);
                String origin = label(source) + " " + name;
                if (namespace.equals("journal")) {
                    String key = dot < 0 ? "" : rest.substring(dot + 1);
                    if (!JournalProperties.KEYS.contains(key)) {
                        problems.add(origin + " is not a known key" + suggestion("idem.journal.", key,
                                JournalProperties.KEYS) + " Journal keys: idem.journal." + String.join(", idem.journal.",
                                JournalProperties.KEYS));
                    }
                } else if (!NAMESPACES.contains(namespace)) {
                    problems.add(origin + " is not a known key" + suggestion("idem.", namespace.toLowerCase(Locale.ROOT),
                            NAMESPACES) + " Idem's keys: idem.tool.<tool>.<setting>, idem.toolset.<set>.<setting>,"
                            + " idem.tools.<setting>, idem.executor.<setting>, idem.journal.<setting>");
                }
            }
        }
        return problems;
    }

    private static String suggestion(String prefix, String name, List<String> known) {
        List<String> close = Suggestions.closeTo(name, known);
        return close.isEmpty() ? "." : "; did you mean " + prefix + String.join(" or " + prefix, close) + "?";
    }

    /** The application's own sources: not the JVM's, the process's or the command line, which the runtime reads itself. */
    private static List<EnumerablePropertySource<?>> applicationSources(ConfigurableEnvironment environment) {
        List<EnumerablePropertySource<?>> sources = new ArrayList<>();
        for (PropertySource<?> source : environment.getPropertySources()) {
            String name = source.getName();
            boolean runtimes = name.equals(StandardEnvironment.SYSTEM_PROPERTIES_PROPERTY_SOURCE_NAME)
                    || name.equals(StandardEnvironment.SYSTEM_ENVIRONMENT_PROPERTY_SOURCE_NAME)
                    || source instanceof CommandLinePropertySource;
            if (!runtimes && source instanceof EnumerablePropertySource<?> enumerable) {
                sources.add(enumerable);
            }
        }
        return sources;
    }

    /** {@code application.yml} for Boot's "Config resource 'class path resource [application.yml]' via ..."; else the name. */
    private static String label(PropertySource<?> source) {
        Matcher resource = RESOURCE.matcher(source.getName());
        return resource.find() ? resource.group(1) : source.getName();
    }
}
