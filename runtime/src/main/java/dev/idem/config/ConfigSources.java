package dev.idem.config;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** Reads each kind of source into a {@link ConfigSource}; problems are added to a list, never thrown. */
final class ConfigSources {

    private static final JsonMapper JSON = JsonMapper.builder().build();

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
            entries.put(argument.substring(2, equals), argument.substring(equals + 1));
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

    /** A {@code .json} file (nested objects or dotted keys), else a properties file. */
    static ConfigSource file(Path path, List<String> problems) {
        String label = "file " + path;
        if (!Files.isRegularFile(path)) {
            problems.add("the configuration file " + path + " does not exist or is not a file");
            return new ConfigSource(label, Map.of(), false);
        }
        try {
            if (path.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".json")) {
                return new ConfigSource(label, json(Files.readString(path, StandardCharsets.UTF_8), label, problems), false);
            }
            try (Reader reader = Files.newBufferedReader(path, StandardCharsets.UTF_8)) {
                return properties(label, load(reader));
            }
        } catch (IOException e) {
            problems.add("the configuration file " + path + " cannot be read: " + e.getMessage());
            return new ConfigSource(label, Map.of(), false);
        }
    }

    /** A properties resource on the class path; an empty source when there is none. */
    static ConfigSource classpath(ClassLoader loader, String resource, List<String> problems) {
        String label = "classpath " + resource;
        URL url = loader == null ? ClassLoader.getSystemResource(resource) : loader.getResource(resource);
        if (url == null) {
            return new ConfigSource(label, Map.of(), false);
        }
        try (InputStream in = url.openStream();
                Reader reader = new InputStreamReader(in, StandardCharsets.UTF_8)) {
            return properties(label, load(reader));
        } catch (IOException e) {
            problems.add("the class path resource " + url + " cannot be read: " + e.getMessage());
            return new ConfigSource(label, Map.of(), false);
        }
    }

    private static Map<String, String> load(Reader reader) throws IOException {
        Properties properties = new Properties();
        properties.load(reader);
        Map<String, String> entries = new LinkedHashMap<>();
        for (String name : properties.stringPropertyNames()) {
            entries.put(name, properties.getProperty(name));
        }
        return entries;
    }

    /** Flattens {@code {"idem":{"tool":{"pay":{"timeout-ms":500}}}}} to {@code idem.tool.pay.timeout-ms=500}. */
    private static Map<String, String> json(String text, String label, List<String> problems) {
        Map<String, String> entries = new LinkedHashMap<>();
        JsonNode root;
        try {
            root = JSON.readTree(text);
        } catch (JacksonException e) {
            problems.add(label + " is not valid JSON: " + e.getOriginalMessage());
            return entries;
        }
        if (root == null || !root.isObject()) {
            problems.add(label + " must hold one JSON object");
            return entries;
        }
        flatten("", root, entries, label, problems);
        return entries;
    }

    private static void flatten(String prefix, JsonNode node, Map<String, String> entries, String label,
            List<String> problems) {
        for (Map.Entry<String, JsonNode> property : node.properties()) {
            String key = prefix.isEmpty() ? property.getKey() : prefix + "." + property.getKey();
            JsonNode value = property.getValue();
            if (value.isObject()) {
                flatten(key, value, entries, label, problems);
            } else if (value.isArray()) {
                List<String> items = new ArrayList<>();
                for (JsonNode item : value) {
                    items.add(scalar(item));
                }
                entries.put(key, String.join(",", items));
            } else if (value.isNull()) {
                problems.add(label + ": " + key + " is null; leave it out to keep the compiled value");
            } else {
                entries.put(key, scalar(value));
            }
        }
    }

    private static String scalar(JsonNode value) {
        return value.isString() ? value.asString() : value.toString();
    }
}
