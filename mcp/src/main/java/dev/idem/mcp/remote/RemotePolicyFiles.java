package dev.idem.mcp.remote;

import dev.idem.ErrorType;
import dev.idem.tool.RetryPolicy;
import java.io.IOException;
import java.io.StringReader;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
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
 * Reads a {@link RemoteToolPolicy} from a file, mirroring idem-config's rules for its files (whose
 * reader is not public, and whose policy may only tighten compiled flags, where this one states
 * remote tools' flags): {@code .properties} or {@code .json}, strict UTF-8 with a leading byte order
 * mark skipped, nested JSON flattened to dotted keys, a key given twice refused, an unknown key
 * refused with "did you mean", every problem reported at once.
 */
final class RemotePolicyFiles {

    static final String PREFIX = "idem.remote.";
    private static final String TRUST = "trust-annotations";
    private static final String RETRY = "retry.";
    static final List<String> TOOL_SETTINGS = List.of(TRUST, "idempotent", "restart-safe", "read-only",
            "requires-approval", "key-argument", "verifier", "timeout-ms", "retry.max-attempts", "retry.initial-delay-ms",
            "retry.backoff-factor", "retry.max-delay-ms", "retry.jitter", "retry.jitter-factor", "retry.retry-on");
    private static final JsonMapper JSON = JsonMapper.builder().build();

    private RemotePolicyFiles() {}

    static RemoteToolPolicy read(Path path) {
        List<String> problems = new ArrayList<>();
        String label = "file " + path;
        String name = path.getFileName() == null ? "" : path.getFileName().toString().toLowerCase(Locale.ROOT);
        boolean json = name.endsWith(".json");
        Map<String, String> entries = Map.of();
        if (!json && !name.endsWith(".properties")) {
            problems.add("the remote tool policy " + path + " is of a type Idem does not read: name a .properties or"
                    + " .json file");
        } else if (!Files.isRegularFile(path)) {
            problems.add("the remote tool policy " + path + " does not exist or is not a file");
        } else {
            try {
                String text = text(Files.readAllBytes(path));
                entries = json ? json(text, label, problems) : properties(text, label, problems);
            } catch (IOException e) {
                problems.add("the remote tool policy " + path + " cannot be read: "
                        + (e instanceof CharacterCodingException ? "it is not UTF-8 text" : e.getMessage()));
            }
        }
        RemoteToolPolicy policy = policy(entries, label, problems);
        if (!problems.isEmpty()) {
            throw new RemotePolicyException(problems);
        }
        return policy;
    }

    /** The policy the entries state; problems are added, never thrown. */
    static RemoteToolPolicy policy(Map<String, String> entries, String label, List<String> problems) {
        RemoteToolPolicy.Builder builder = RemoteToolPolicy.builder();
        Map<RemoteToolPolicy.RuleBuilder, RetryPolicy.Builder> retries = new LinkedHashMap<>();
        for (Map.Entry<String, String> entry : entries.entrySet()) {
            String key = entry.getKey();
            String value = entry.getValue().strip();
            String origin = label + ": " + key;
            if (!key.startsWith(PREFIX)) {
                problems.add(origin + " is not a key of a remote tool policy; keys start with " + PREFIX
                        + suggestion(key.toLowerCase(Locale.ROOT).startsWith(PREFIX) ? key.substring(0, PREFIX.length())
                                .toLowerCase(Locale.ROOT) + key.substring(PREFIX.length()) : null));
                continue;
            }
            String rest = key.substring(PREFIX.length());
            int dot = rest.indexOf('.');
            if (dot <= 0) {
                problems.add(origin + " names no server and setting: write " + PREFIX + "<server>." + TRUST + " or "
                        + PREFIX + "<server>.tool.<tool>.<setting>");
                continue;
            }
            String server = rest.substring(0, dot);
            String tail = rest.substring(dot + 1);
            if (tail.equals(TRUST)) {
                if (bool(value, origin, problems)) {
                    builder.trustAnnotations(server);
                }
                continue;
            }
            if (!tail.startsWith("tool.")) {
                List<String> close = closeTo(tail, List.of(TRUST, "tool.<tool>.<setting>"));
                problems.add(origin + ": unknown server setting '" + tail + "'" + didYouMean(close)
                        + " Server settings: " + TRUST + ", tool.<tool>.<setting>");
                continue;
            }
            String toolAndSetting = tail.substring("tool.".length());
            String setting = null;
            for (String known : TOOL_SETTINGS) {
                if (toolAndSetting.endsWith("." + known) && toolAndSetting.length() > known.length() + 1) {
                    setting = known;
                    break;
                }
            }
            if (setting == null) {
                int last = toolAndSetting.lastIndexOf('.');
                String written = last < 0 ? toolAndSetting : toolAndSetting.substring(last + 1);
                String twoParts = toolAndSetting.lastIndexOf('.', last - 1) >= 0 && last > 0
                        ? toolAndSetting.substring(toolAndSetting.lastIndexOf('.', last - 1) + 1) : written;
                List<String> close = closeTo(twoParts.startsWith(RETRY) ? twoParts : written, TOOL_SETTINGS);
                problems.add(origin + ": unknown tool setting '" + (twoParts.startsWith(RETRY) ? twoParts : written) + "'"
                        + didYouMean(close) + " Settings: " + String.join(", ", TOOL_SETTINGS));
                continue;
            }
            String tool = toolAndSetting.substring(0, toolAndSetting.length() - setting.length() - 1);
            RemoteToolPolicy.RuleBuilder rule = builder.ruleBuilder(server, tool);
            set(rule, retries, setting, value, origin, problems);
        }
        retries.forEach((rule, retry) -> {
            try {
                rule.retryPolicy(retry.build());
            } catch (IllegalArgumentException e) {
                problems.add(label + ": " + e.getMessage());
            }
        });
        return builder.build();
    }

    private static void set(RemoteToolPolicy.RuleBuilder rule, Map<RemoteToolPolicy.RuleBuilder, RetryPolicy.Builder> retries,
            String setting, String value, String origin, List<String> problems) {
        try {
            switch (setting) {
                case TRUST -> rule.trustAnnotations(bool(value, origin, problems));
                case "idempotent" -> rule.idempotent(bool(value, origin, problems));
                case "restart-safe" -> rule.restartSafe(bool(value, origin, problems));
                case "read-only" -> rule.readOnly(bool(value, origin, problems));
                case "requires-approval" -> rule.requiresApproval(bool(value, origin, problems));
                case "key-argument" -> rule.keyArgument(value);
                case "verifier" -> rule.verifier(value);
                case "timeout-ms" -> {
                    long ms = number(value, -1, 86_400_000L, origin, problems);
                    rule.timeoutMs(ms);
                }
                default -> {
                    RetryPolicy.Builder retry = retries.computeIfAbsent(rule, r -> RetryPolicy.builder());
                    switch (setting) {
                        case "retry.max-attempts" -> retry.maxAttempts((int) number(value, 1, 100, origin, problems));
                        case "retry.initial-delay-ms" -> retry.initialDelayMs(number(value, 0, 3_600_000L, origin, problems));
                        case "retry.max-delay-ms" -> retry.maxDelayMs(number(value, 0, 3_600_000L, origin, problems));
                        case "retry.backoff-factor" -> retry.backoffFactor(decimal(value, origin, problems));
                        case "retry.jitter" -> retry.jitter(bool(value, origin, problems));
                        case "retry.jitter-factor" -> retry.jitterFactor(decimal(value, origin, problems));
                        case "retry.retry-on" -> retry.retryOn(errorTypes(value, origin, problems));
                        default -> throw new IllegalStateException(setting);
                    }
                }
            }
        } catch (IllegalArgumentException e) {
            problems.add(origin + ": " + e.getMessage());
        }
    }

    private static boolean bool(String value, String origin, List<String> problems) {
        if (value.equals("true") || value.equals("false")) {
            return value.equals("true");
        }
        problems.add(origin + " must be true or false, was '" + value + "'");
        return false;
    }

    private static long number(String value, long min, long max, String origin, List<String> problems) {
        if (!value.matches("-?[0-9]{1,12}")) {
            problems.add(origin + " must be a whole number in [" + min + ", " + max + "], was '" + value + "'");
            return Math.max(min, 0);
        }
        long number = Long.parseLong(value);
        if (number < min || number > max) {
            problems.add(origin + " must be in [" + min + ", " + max + "], was " + number);
            return Math.max(min, 0);
        }
        return number;
    }

    private static double decimal(String value, String origin, List<String> problems) {
        if (!value.matches("[0-9]{1,6}(\\.[0-9]{1,6})?")) {
            problems.add(origin + " must be a decimal number such as 2.0, was '" + value + "'");
            return 1.0;
        }
        return Double.parseDouble(value);
    }

    private static Set<ErrorType> errorTypes(String value, String origin, List<String> problems) {
        Set<ErrorType> types = EnumSet.noneOf(ErrorType.class);
        List<String> names = new ArrayList<>();
        for (ErrorType type : ErrorType.values()) {
            names.add(type.name());
        }
        for (String part : value.split(",")) {
            String name = part.strip();
            if (name.isEmpty()) {
                continue;
            }
            if (names.contains(name)) {
                types.add(ErrorType.valueOf(name));
            } else {
                problems.add(origin + ": unknown error type '" + name + "'" + didYouMean(closeTo(name, names))
                        + " Error types: " + String.join(", ", names));
            }
        }
        return types;
    }

    private static String suggestion(String corrected) {
        return corrected == null ? "" : "; did you mean " + corrected + "? Keys are case-sensitive";
    }

    private static String didYouMean(List<String> close) {
        if (close.isEmpty()) {
            return ".";
        }
        List<String> quoted = new ArrayList<>();
        close.forEach(name -> quoted.add("'" + name + "'"));
        return "; did you mean " + String.join(" or ", quoted) + "?";
    }

    /** The known names within a small edit distance (case-insensitive), closest first, at most three. */
    static List<String> closeTo(String wanted, List<String> known) {
        String target = wanted.toLowerCase(Locale.ROOT);
        int limit = Math.max(2, target.length() / 3);
        List<String> close = new ArrayList<>();
        List<Integer> distances = new ArrayList<>();
        for (String name : known) {
            int distance = distance(target, name.toLowerCase(Locale.ROOT));
            if (distance <= limit) {
                int at = 0;
                while (at < distances.size() && distances.get(at) <= distance) {
                    at++;
                }
                close.add(at, name);
                distances.add(at, distance);
            }
        }
        return close.size() > 3 ? List.copyOf(close.subList(0, 3)) : List.copyOf(close);
    }

    private static int distance(String a, String b) {
        int[] previous = new int[b.length() + 1];
        int[] current = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            previous[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            current[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int substitution = previous[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
                current[j] = Math.min(substitution, Math.min(previous[j], current[j - 1]) + 1);
            }
            int[] swap = previous;
            previous = current;
            current = swap;
        }
        return previous[b.length()];
    }

    private static String text(byte[] bytes) throws CharacterCodingException {
        String text = StandardCharsets.UTF_8.newDecoder().decode(ByteBuffer.wrap(bytes)).toString();
        return !text.isEmpty() && text.charAt(0) == '\uFEFF' ? text.substring(1) : text;
    }

    private static Map<String, String> properties(String text, String label, List<String> problems) {
        Map<String, String> entries = new LinkedHashMap<>();
        Set<String> reported = new HashSet<>();
        Properties reader = new Properties() {
            private static final long serialVersionUID = 1L;

            @Override
            public synchronized Object put(Object key, Object value) {
                Object previous = super.put(key, value);
                if (previous != null && reported.add((String) key)) {
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
            entries.put(key, reader.getProperty(key));
        }
        return entries;
    }

    private static Map<String, String> json(String text, String label, List<String> problems) {
        Map<String, String> entries = new LinkedHashMap<>();
        try (JsonParser parser = JSON.createParser(text)) {
            if (parser.nextToken() != JsonToken.START_OBJECT) {
                problems.add(label + " must hold one JSON object");
                return entries;
            }
            flatten(parser, "", new LinkedHashMap<>(), entries, label, problems);
            if (parser.nextToken() != null) {
                problems.add(label + " must hold one JSON object, and nothing after it");
            }
        } catch (JacksonException e) {
            problems.add(label + " is not valid JSON: " + e.getOriginalMessage());
        }
        return entries;
    }

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
                problems.add(label + ": " + key + " is null; leave it out to keep the safe default");
                continue;
            } else {
                value = parser.getString();
            }
            Integer first = lines.putIfAbsent(key, line);
            if (first != null) {
                problems.add(twice(label, key, "lines " + first + " and " + line));
                continue;
            }
            entries.put(key, value);
        }
    }

    private static String twice(String label, String key, String where) {
        return label + " gives " + key + " twice (" + where + "): give each key once, so no value is chosen silently";
    }
}
