package dev.idem.config;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Suggests names close to one that was got wrong (a configuration key with a typo, a tool or error
 * type that does not exist), by edit distance.
 *
 * <p>The same rule as the runtime's own "did you mean" for tool names a model invented (its
 * {@code dev.idem.internal.NameSuggestions}, which has no compatibility promise and is exported to
 * the agent and the OpenAI client alone): idem-config depends on the runtime's API only, so it
 * keeps this copy. Change both together.
 */
final class NameSuggestions {

    private NameSuggestions() {}

    /**
     * The known names within a small edit distance of {@code wanted} (case-insensitive), closest
     * first; empty when nothing is close.
     *
     * @param wanted the name asked for
     * @param known  the names that exist
     * @return the close names, closest first
     */
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

    /**
     * Levenshtein distance, two rows.
     *
     * @param a a text
     * @param b another text
     * @return the number of one-character edits from {@code a} to {@code b}
     */
    static int distance(String a, String b) {
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
