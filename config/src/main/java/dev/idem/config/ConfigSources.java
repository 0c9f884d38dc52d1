package dev.idem.config;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads program arguments, system properties and environment variables into a {@link ConfigSource};
 * files are {@link ConfigFiles}'. Problems are added to a list, never thrown.
 */
final class ConfigSources {

    private ConfigSources() {}

    /**
     * {@code --idem.key=value} arguments ({@code idem.} in any case: see {@link ConfigKeys#isIdemKey});
     * other arguments belong to the program and are skipped.
     */
    static ConfigSource arguments(List<String> arguments, List<String> problems) {
        Map<String, String> entries = new LinkedHashMap<>();
        for (String argument : arguments) {
            if (!argument.startsWith("--") || !ConfigKeys.isIdemKey(argument.substring(2))) {
                continue;
            }
            int equals = argument.indexOf('=');
            if (equals < 0) {
                problems.add("program argument " + argument + " has no value: write " + argument + "=VALUE");
                continue;
            }
            String key = argument.substring(2, equals);
            String value = argument.substring(equals + 1);
            String previous = entries.putIfAbsent(key, value);
            if (previous != null && !previous.equals(value)) {
                problems.add("program argument --" + key + " is given twice (" + previous + ", then " + value
                        + "): give each key once, so no value is chosen silently");
            }
        }
        return new ConfigSource("program argument", entries, false, "--");
    }

    /** The {@code idem.} entries, in any case, of a property map (system properties). */
    static ConfigSource properties(String label, Map<String, String> properties) {
        Map<String, String> entries = new LinkedHashMap<>();
        properties.forEach((key, value) -> {
            if (ConfigKeys.isIdemKey(key)) {
                entries.put(key, value);
            }
        });
        return new ConfigSource(label, entries, false);
    }

    /** The {@code IDEM_} variables, in any case, of an environment. */
    static ConfigSource environment(Map<String, String> environment) {
        Map<String, String> entries = new LinkedHashMap<>();
        environment.forEach((name, value) -> {
            if (ConfigKeys.isIdemVariable(name)) {
                entries.put(name, value);
            }
        });
        return new ConfigSource("environment variable", entries, true);
    }
}
