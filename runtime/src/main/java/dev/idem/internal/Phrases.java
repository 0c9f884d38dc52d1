package dev.idem.internal;

/**
 * A fixed set of lower-case phrases searched in lower-case text with {@link String#indexOf},
 * optionally on word boundaries (written {@code \b} at either end of a phrase, as in a regex).
 * Used on the hot path of classification, where a regex alternation costs microseconds and a
 * handful of {@code indexOf} calls cost nanoseconds.
 */
public final class Phrases {
    private final String[] phrases;
    private final boolean[] wordStart;
    private final boolean[] wordEnd;

    private Phrases(String... specs) {
        phrases = new String[specs.length];
        wordStart = new boolean[specs.length];
        wordEnd = new boolean[specs.length];
        for (int i = 0; i < specs.length; i++) {
            String spec = specs[i];
            wordStart[i] = spec.startsWith("\\b");
            wordEnd[i] = spec.endsWith("\\b");
            phrases[i] = spec.substring(wordStart[i] ? 2 : 0, spec.length() - (wordEnd[i] ? 2 : 0));
        }
    }

    /**
     * The phrases of {@code specs}; a spec starting or ending with {@code \b} matches at a word boundary there.
     *
     * @param specs lower-case phrases, each optionally marked {@code \b} at either end
     * @return the phrases
     */
    public static Phrases of(String... specs) {
        return new Phrases(specs);
    }

    /**
     * Whether any phrase occurs in the text (which must already be lower-cased).
     *
     * @param text lower-cased text
     * @return whether any phrase occurs in it
     */
    public boolean foundIn(String text) {
        if (text.isEmpty()) {
            return false;
        }
        for (int i = 0; i < phrases.length; i++) {
            String phrase = phrases[i];
            for (int at = text.indexOf(phrase); at >= 0; at = text.indexOf(phrase, at + 1)) {
                if ((!wordStart[i] || at == 0 || !isWordChar(text.charAt(at - 1)))
                        && (!wordEnd[i] || at + phrase.length() == text.length()
                                || !isWordChar(text.charAt(at + phrase.length())))) {
                    return true;
                }
            }
        }
        return false;
    }

    private static boolean isWordChar(char c) {
        return Character.isLetterOrDigit(c) || c == '_';
    }
}
