package dev.idem.config;

import java.io.IOException;
import java.io.InputStream;
import java.io.StringReader;
import java.net.URL;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.databind.json.JsonMapper;

/**
 * Reads Idem's configuration files: {@code .properties} and {@code .json} only, UTF-8 (a byte
 * order mark is skipped), and never a silent choice: a key the file gives twice, in any spelling
 * (the same key again, nested and dotted JSON, an escape in a properties key), is a problem naming
 * the file and the key. Problems are added to a list, never thrown.
 */
final class ConfigFiles {

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final char BYTE_ORDER_MARK = '\uFEFF';

    private ConfigFiles() {}

    /** A {@code .properties} or {@code .json} file; any other type is a problem. */
    static ConfigSource file(Path path, List<String> problems) {
        String label = "file " + path;
        String name = path.getFileName() == null ? "" : path.getFileName().toString().toLowerCase(Locale.ROOT);
        boolean json = name.endsWith(".json");
        if (!json && !name.endsWith(".properties")) {
            problems.add("the configuration file " + path + " is of a type Idem does not read: name a .properties or"
                    + " .json file");
            return empty(label);
        }
        if (!Files.isRegularFile(path)) {
            problems.add("the configuration file " + path + " does not exist or is not a file");
            return empty(label);
        }
        String text;
        try {
            text = text(Files.readAllBytes(path));
        } catch (IOException e) {
            problems.add("the configuration file " + path + " cannot be read: " + reason(e));
            return empty(label);
        }
        return new ConfigSource(label, json ? json(text, label, problems) : properties(text, label, problems), false);
    }

    /** A properties resource on the class path; an empty source when there is none. */
    static ConfigSource classpath(ClassLoader loader, String resource, List<String> problems) {
        String label = "classpath " + resource;
        URL url = loader == null ? ClassLoader.getSystemResource(resource) : loader.getResource(resource);
        if (url == null) {
            return empty(label);
        }
        try (InputStream in = url.openStream()) {
            return new ConfigSource(label, properties(text(in.readAllBytes()), label, problems), false);
        } catch (IOException e) {
            problems.add("the class path resource " + url + " cannot be read: " + reason(e));
            return empty(label);
        }
    }

    private static ConfigSource empty(String label) {
        return new ConfigSource(label, Map.of(), false);
    }

    /** Strict UTF-8, without a leading byte order mark. */
    private static String text(byte[] bytes) throws CharacterCodingException {
        String text = StandardCharsets.UTF_8.newDecoder().decode(ByteBuffer.wrap(bytes)).toString();
        return !text.isEmpty() && text.charAt(0) == BYTE_ORDER_MARK ? text.substring(1) : text;
    }

    private static String reason(IOException e) {
        return e instanceof CharacterCodingException ? "it is not UTF-8 text" : String.valueOf(e.getMessage());
    }

    /** The {@code idem.} entries (in any case) of a properties text; a key given twice is a problem. */
    private static Map<String, String> properties(String text, String label, List<String> problems) {
        Map<String, String> entries = new LinkedHashMap<>();
        Set<String> reported = new HashSet<>();
        Properties reader = new Properties() {
            private static final long serialVersionUID = 1L;

            @Override
            public synchronized Object put(Object key, Object value) {
                Object previous = super.put(key, value);
                if (previous != null && ConfigKeys.isIdemKey((String) key) && reported.add((String) key)) {
                    problems.add(twice(label, (String) key, previous + ", then " + value));
                }
                return previous;
            }
        };
        try {
            reader.load(new StringReader(text));
        } catch (IOException | IllegalArgumentException e) {
            problems.add(label + " is not a valid properties file: " + e.getMessage());
            return entries;
        }
        for (String key : reader.stringPropertyNames()) {
            keep(key, reader.getProperty(key), label, entries, problems);
        }
        return entries;
    }

    /** Flattens {@code {"idem":{"tool":{"pay":{"timeout-ms":500}}}}} to {@code idem.tool.pay.timeout-ms=500}. */
    private static Map<String, String> json(String text, String label, List<String> problems) {
        Map<String, String> entries = new LinkedHashMap<>();
        try (JsonParser parser = JSON.createParser(text)) {
            if (parser.nextToken() != JsonToken.START_OBJECT) {
                problems.add(label + " must hold one JSON object");
                return entries;
            }
            Map<String, Integer> lines = new LinkedHashMap<>();
            flatten(parser, "", lines, entries, label, problems);
            if (parser.nextToken() != null) {
                problems.add(label + " must hold one JSON object, and nothing after it");
            }
        } catch (JacksonException e) {
            problems.add(label + " is not valid JSON: " + e.getOriginalMessage());
        }
        return entries;
    }

    /** Reads the object the parser is at; {@code lines} is where each flattened key was first given. */
    private static void flatten(JsonParser parser, String prefix, Map<String, Integer> lines, Map<String, String> entries,
            String label, List<String> problems) {
        Set<String> names = new HashSet<>();
        while (parser.nextToken() == JsonToken.PROPERTY_NAME) {
            String name = parser.currentName();
            String key = prefix.isEmpty() ? name : prefix + "." + name;
            int line = parser.currentTokenLocation().getLineNr();
            JsonToken token = parser.nextToken();
            if (!names.add(name) && token == JsonToken.START_OBJECT) {
                problems.add(label + " gives the object " + key + " twice (line " + line + "): merge them into one");
            }
            if (token == JsonToken.START_OBJECT) {
                flatten(parser, key, lines, entries, label, problems);
                continue;
            }
            String value;
            if (token == JsonToken.START_ARRAY) {
                List<String> items = new ArrayList<>();
                while (parser.nextToken() != JsonToken.END_ARRAY) {
                    if (parser.currentToken().isStructStart() || parser.currentToken() == JsonToken.VALUE_NULL) {
                        problems.add(label + ": " + key + " must be a list of plain values");
                        parser.skipChildren();
                    } else {
                        items.add(parser.getString());
                    }
                }
                value = String.join(",", items);
            } else if (token == JsonToken.VALUE_NULL) {
                problems.add(label + ": " + key + " is null; leave it out to keep the compiled value");
                continue;
            } else {
                value = parser.getString();
            }
            Integer first = lines.putIfAbsent(key, line);
            if (first != null) {
                problems.add(twice(label, key, "lines " + first + " and " + line));
                continue;
            }
            keep(key, value, label, entries, problems);
        }
    }

    /** Keeps an Idem key; a key that is Idem's but for white space around it is a problem, not skipped. */
    private static void keep(String key, String value, String label, Map<String, String> entries, List<String> problems) {
        if (ConfigKeys.isIdemKey(key)) {
            entries.put(key, value);
        } else if (ConfigKeys.isIdemKey(key.strip())) {
            problems.add(label + " '" + key + "' has white space around the key: write " + key.strip());
        }
    }

    private static String twice(String label, String key, String where) {
        return label + " gives " + key + " twice (" + where + "): give each key once, so no value is chosen silently";
    }
}
