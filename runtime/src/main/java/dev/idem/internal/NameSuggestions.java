package dev.idem.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Suggests names close to one that was got wrong (a tool name a model invented, a configuration
 * key with a typo), by edit distance: one rule for every "did you mean" of the runtime, the agent,
 * the OpenAI client and idem-config.
 */
public final class NameSuggestions {

    private NameSuggestions() {}

    /**
     * The known names within a small edit distance of {@code wanted} (case-insensitive), closest
     * first; empty when nothing is close.
     *
     * @param wanted the name asked for
     * @param known  the names that exist
     * @return the close names, closest first
     */
    public static List<String> closeTo(String wanted, List<String> known) {
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

    /**
     * Levenshtein distance, two rows.
     *
     * @param a a text
     * @param b another text
     * @return the number of one-character edits from {@code a} to {@code b}
     */
    public static int distance(String a, String b) {
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
}
