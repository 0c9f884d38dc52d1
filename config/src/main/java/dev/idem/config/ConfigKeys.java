package dev.idem.config;

import dev.idem.internal.NameSuggestions;
import dev.idem.tool.PolicySetting;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The keys one executor understands, from its tool and set names: parses a key into what it
 * configures, and says "did you mean" when a key is almost right. Keys outside Idem's namespaces
 * ({@code idem.chaos.seeds}, {@code IDEM_HOME}) belong to someone else and are skipped, unless
 * their namespace is one typo away from one of ours. Keys are case-sensitive, but the sources keep
 * every key that starts with {@code idem.} (or {@code IDEM_}) in any case, so a key that differs
 * from a known one only by case ({@code -DIdem.tool...}) is a mistake reported like a typo, never
 * silently ignored.
 */
final class ConfigKeys {

    /** What a key configures. */
    enum Scope { TOOL, TOOLSET, TOOLS, EXECUTOR, FILE }

    /**
     * A parsed key.
     *
     * @param name the tool or set name for TOOL and TOOLSET, else empty
     */
    record Target(Scope scope, String name, PolicySetting setting) {
        String key() {
            switch (scope) {
                case TOOL: return "idem.tool." + name + "." + setting.key();
                case TOOLSET: return "idem.toolset." + name + "." + setting.key();
                case TOOLS: return "idem.tools." + setting.key();
                case EXECUTOR: return "idem.executor." + setting.key();
                default: return FILE_KEY;
            }
        }
    }

    /** The key naming a properties or JSON file to read. */
    static final String FILE_KEY = "idem.config.file";

    private static final String PREFIX = "idem.";
    private static final String VARIABLE_PREFIX = "IDEM_";

    private static final List<String> NAMESPACES = List.of("tool", "toolset", "tools", "executor", "config");

    private final List<String> tools;
    private final List<String> sets;
    private List<Target> targets;
    private Map<String, List<Target>> environmentNames;

    ConfigKeys(List<String> tools, List<String> sets) {
        this.tools = List.copyOf(tools);
        this.sets = List.copyOf(sets);
    }

    /** Whether a source keeps this key for Idem to judge: it starts with {@code idem.} in any case. */
    static boolean isIdemKey(String key) {
        return key.regionMatches(true, 0, PREFIX, 0, PREFIX.length());
    }

    /** Whether a source keeps this environment variable for Idem to judge: it starts with {@code IDEM_} in any case. */
    static boolean isIdemVariable(String name) {
        return name.regionMatches(true, 0, VARIABLE_PREFIX, 0, VARIABLE_PREFIX.length());
    }

    /** MicroProfile Config's environment form of a key: every character not a letter or digit becomes {@code _}, upper case. */
    static String environmentName(String key) {
        StringBuilder name = new StringBuilder(key.length());
        for (int i = 0; i < key.length(); i++) {
            char c = key.charAt(i);
            name.append(c < 128 && Character.isLetterOrDigit(c) ? Character.toUpperCase(c) : '_');
        }
        return name.toString();
    }

    /**
     * What a dotted key configures; {@code null} when it is not Idem's or is wrong (then a problem
     * was added).
     */
    Target parse(String key, String origin, List<String> problems) {
        if (key.equals(FILE_KEY)) {
            return new Target(Scope.FILE, "", null);
        }
        List<String> sameButForCase = sameButForCase(key);
        if (!sameButForCase.isEmpty() && !sameButForCase.contains(key)) {
            problems.add(origin + " is not a known key; did you mean " + String.join(" or ", sameButForCase)
                    + "? Keys are case-sensitive");
            return null;
        }
        if (!key.startsWith(PREFIX)) {
            // Idem., IDEM.: judged as the key it would be with the prefix written right, so a typo in the
            // rest is still reported, and another namespace is still left alone
            parse(PREFIX + key.substring(PREFIX.length()), origin, problems);
            return null;
        }
        String rest = key.substring(PREFIX.length());
        int dot = rest.indexOf('.');
        String namespace = dot < 0 ? rest : rest.substring(0, dot);
        String tail = dot < 0 ? "" : rest.substring(dot + 1);
        switch (namespace) {
            case "tool":
            case "toolset": {
                boolean tool = namespace.equals("tool");
                int end = tail.indexOf('.');
                if (end <= 0) {
                    problems.add(origin + " names no " + (tool ? "tool" : "tool set") + " and setting: write idem."
                            + namespace + ".<" + (tool ? "tool" : "set") + ">.<setting>, e.g. idem." + namespace
                            + ".<name>.retry.max-attempts");
                    return null;
                }
                String name = tail.substring(0, end);
                List<String> known = tool ? tools : sets;
                if (!known.contains(name)) {
                    problems.add(origin + ": there is no " + (tool ? "tool" : "tool set") + " named '" + name + "'"
                            + didYouMean(name, known) + " " + (tool ? "Tools" : "Tool sets") + ": " + listed(known));
                    return null;
                }
                PolicySetting setting = setting(tail.substring(end + 1), true, origin, problems);
                return setting == null ? null : new Target(tool ? Scope.TOOL : Scope.TOOLSET, name, setting);
            }
            case "tools": {
                PolicySetting setting = setting(tail, true, origin, problems);
                return setting == null ? null : new Target(Scope.TOOLS, "", setting);
            }
            case "executor": {
                PolicySetting setting = setting(tail, false, origin, problems);
                return setting == null ? null : new Target(Scope.EXECUTOR, "", setting);
            }
            default:
                String scoped = withScope(rest, false);
                if (scoped != null) {
                    problems.add(origin + " is not a known key; did you mean " + scoped + "?");
                    return null;
                }
                for (String ours : NAMESPACES) {
                    if (namespace.equals(ours) || NameSuggestions.distance(namespace.toLowerCase(Locale.ROOT), ours) <= 2) {
                        problems.add(origin + " is not a known key; did you mean idem." + ours + "...? Keys: "
                                + "idem.tool.<tool>.<setting>, idem.toolset.<set>.<setting>, idem.tools.<setting>,"
                                + " idem.executor.<setting>, " + FILE_KEY);
                        return null;
                    }
                }
                return null;
        }
    }

    /** What an {@code IDEM_...} variable configures; {@code null} when it is not Idem's or is wrong. */
    Target parseEnvironment(String name, String origin, List<String> problems) {
        List<Target> targets = environmentNames().get(name);
        if (targets != null) {
            if (targets.size() > 1) {
                List<String> keys = new ArrayList<>();
                targets.forEach(target -> keys.add(target.key()));
                problems.add(origin + " is ambiguous: it could mean " + String.join(" or ", keys)
                        + "; use a system property or a file, which keep the key as written");
                return null;
            }
            return targets.get(0);
        }
        String upperCase = name.toUpperCase(Locale.ROOT);
        if (environmentNames().containsKey(upperCase)) {
            problems.add(origin + " is not a known key; did you mean " + upperCase + "? Variables are keys in upper case"
                    + " with '_' for every other character");
            return null;
        }
        String rest = name.substring(VARIABLE_PREFIX.length());
        String scoped = withScope(rest, true);
        if (scoped != null) {
            problems.add(origin + " is not a known key; did you mean " + scoped + "?");
            return null;
        }
        int underscore = rest.indexOf('_');
        String namespace = (underscore < 0 ? rest : rest.substring(0, underscore)).toLowerCase(Locale.ROOT);
        for (String ours : NAMESPACES) {
            if (namespace.equals(ours) || NameSuggestions.distance(namespace, ours) <= 2) {
                List<String> close = NameSuggestions.closeTo(name, new ArrayList<>(environmentNames().keySet()));
                problems.add(origin + " is not a known key" + (close.isEmpty() ? "." : "; did you mean "
                        + String.join(" or ", close) + "?") + " Variables are keys in upper case with '_' for"
                        + " every other character, e.g. IDEM_TOOL_<TOOL>_RETRY_MAX_ATTEMPTS");
                return null;
            }
        }
        return null;
    }

    /**
     * The keys meant by a setting or file key written without its scope ({@code idem.restart-safe},
     * {@code idem.max-attempts}, {@code idem.configFile}, {@code IDEM_TIMEOUT_MS}): {@code rest} is
     * what follows {@code idem.} (or {@code IDEM_}); {@code null} when it is none of those.
     */
    private static String withScope(String rest, boolean environment) {
        String bare = rest.replaceAll("[^A-Za-z]", "").toLowerCase(Locale.ROOT);
        if (bare.equals("configfile") || bare.equals("file") || bare.equals("configurationfile")) {
            return environment ? environmentName(FILE_KEY) : FILE_KEY;
        }
        for (PolicySetting setting : PolicySetting.values()) {
            String key = setting.key();
            String shortKey = key.startsWith("retry.") ? key.substring("retry.".length()) : key;
            boolean same = environment
                    ? rest.equalsIgnoreCase(environmentName(key)) || rest.equalsIgnoreCase(environmentName(shortKey))
                    : rest.equalsIgnoreCase(key) || rest.equalsIgnoreCase(shortKey);
            if (!same) {
                continue;
            }
            List<String> keys = new ArrayList<>();
            if (setting.forTools()) {
                keys.add(PREFIX + "tools." + key);
                keys.add(setting.forExecutor() ? PREFIX + "executor." + key : PREFIX + "tool.<tool>." + key);
            } else {
                keys.add(PREFIX + "executor." + key);
            }
            List<String> spelled = new ArrayList<>();
            for (String known : keys) {
                spelled.add(environment ? environmentName(known).replace("__TOOL__", "_<TOOL>_") : known);
            }
            return spelled.get(0) + (setting.forTools() ? " (every tool) or " + spelled.get(1) : "");
        }
        return null;
    }

    private PolicySetting setting(String key, boolean forTools, String origin, List<String> problems) {
        List<String> names = new ArrayList<>();
        for (PolicySetting setting : PolicySetting.values()) {
            if (forTools ? setting.forTools() : setting.forExecutor()) {
                if (setting.key().equals(key)) {
                    return setting;
                }
                names.add(setting.key());
            }
        }
        for (PolicySetting setting : PolicySetting.values()) {
            if (setting.key().equals(key)) {
                problems.add(origin + ": " + key + " is " + (forTools
                        ? "a setting of the executor only: idem.executor." + key
                        : "a setting of tools only: idem.tools." + key + " for every tool"));
                return null;
            }
        }
        problems.add(origin + ": unknown setting '" + key + "'" + didYouMean(key, names) + " Settings: " + listed(names));
        return null;
    }

    /** The known keys equal to this one ignoring case (a tool {@code pay} and a tool {@code Pay} make two). */
    private List<String> sameButForCase(String key) {
        List<String> same = new ArrayList<>(1);
        for (Target target : targets()) {
            if (target.key().equalsIgnoreCase(key)) {
                same.add(target.key());
            }
        }
        return same;
    }

    /** Every key this executor understands, as targets. */
    private List<Target> targets() {
        if (targets == null) {
            List<Target> all = new ArrayList<>();
            all.add(new Target(Scope.FILE, "", null));
            for (PolicySetting setting : PolicySetting.values()) {
                if (setting.forTools()) {
                    tools.forEach(tool -> all.add(new Target(Scope.TOOL, tool, setting)));
                    sets.forEach(set -> all.add(new Target(Scope.TOOLSET, set, setting)));
                    all.add(new Target(Scope.TOOLS, "", setting));
                }
                if (setting.forExecutor()) {
                    all.add(new Target(Scope.EXECUTOR, "", setting));
                }
            }
            targets = List.copyOf(all);
        }
        return targets;
    }

    private Map<String, List<Target>> environmentNames() {
        if (environmentNames == null) {
            Map<String, List<Target>> names = new HashMap<>();
            for (Target target : targets()) {
                names.computeIfAbsent(environmentName(target.key()), k -> new ArrayList<>(1)).add(target);
            }
            environmentNames = names;
        }
        return environmentNames;
    }

    private static String didYouMean(String wanted, List<String> known) {
        List<String> close = NameSuggestions.closeTo(wanted, known);
        if (close.isEmpty()) {
            return ".";
        }
        List<String> quoted = new ArrayList<>();
        close.forEach(name -> quoted.add("'" + name + "'"));
        return "; did you mean " + String.join(" or ", quoted) + "?";
    }

    private static String listed(List<String> names) {
        return names.isEmpty() ? "none" : String.join(", ", names);
    }

    /** Distinct non-empty names in first-seen order. */
    static List<String> distinct(List<String> names) {
        List<String> distinct = new ArrayList<>();
        for (String name : names) {
            if (!name.isEmpty() && !distinct.contains(name)) {
                distinct.add(name);
            }
        }
        return distinct;
    }
}
