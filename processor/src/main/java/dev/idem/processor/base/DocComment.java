package dev.idem.processor.base;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The parts of a Javadoc comment the schema uses: the main description (everything before the
 * block tags) and the {@code @param} texts. Inline tags like {@code {@code x}} are reduced to
 * their text, HTML tags and line breaks to single spaces.
 *
 * @param description the whole main description, or empty
 * @param params      {@code @param} texts by parameter name
 */
public record DocComment(String description, Map<String, String> params) {

    /** The comment of an element without one. */
    public static final DocComment EMPTY = new DocComment("", Map.of());

    // Compiled once: every tool's comment and each of its @param texts pass through all of them.
    private static final Pattern BLOCK_TAG = Pattern.compile("\n\\s*(?=@)");
    private static final Pattern INLINE_TAG = Pattern.compile("\\{@(?:code|literal|link|linkplain)\\s+([^}]*)}");
    private static final Pattern HTML_TAG = Pattern.compile("<[^>]+>");
    private static final Pattern WHITESPACE = Pattern.compile("\\s+");

    /**
     * Parses the text {@code Elements.getDocComment} returns; null gives {@link #EMPTY}.
     *
     * @param text the comment's text, or null
     * @return the parsed comment
     */
    public static DocComment parse(String text) {
        if (text == null || text.isBlank()) {
            return EMPTY;
        }
        String body = text;
        int firstTag = indexOfBlockTag(text);
        Map<String, String> params = new LinkedHashMap<>();
        if (firstTag >= 0) {
            body = text.substring(0, firstTag);
            for (String block : BLOCK_TAG.split(text.substring(firstTag))) {
                String tag = block.strip();
                if (tag.startsWith("@param")) {
                    String[] parts = WHITESPACE.split(tag.substring("@param".length()).strip(), 2);
                    if (parts.length == 2 && !parts[0].startsWith("<")) {
                        params.put(parts[0], clean(parts[1]));
                    }
                }
            }
        }
        return new DocComment(clean(body), params);
    }

    /**
     * The first sentence of the description, or empty.
     *
     * @return the summary, or {@code ""}
     */
    public String summary() {
        return firstSentence(description);
    }

    private static int indexOfBlockTag(String text) {
        int offset = 0;
        for (String line : text.split("\n", -1)) {
            if (line.strip().startsWith("@")) {
                return offset;
            }
            offset += line.length() + 1;
        }
        return -1;
    }

    private static String clean(String text) {
        String noInline = INLINE_TAG.matcher(text).replaceAll("$1");
        String noHtml = HTML_TAG.matcher(noInline).replaceAll(" ");
        return WHITESPACE.matcher(noHtml).replaceAll(" ").strip();
    }

    private static String firstSentence(String text) {
        int end = text.indexOf(". ");
        return end < 0 ? text : text.substring(0, end + 1);
    }
}
