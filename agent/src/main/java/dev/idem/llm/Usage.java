package dev.idem.llm;

/**
 * Tokens spent by one model call, or summed over several.
 *
 * <pre>{@code
 * Usage total = Usage.ZERO.plus(first.usage()).plus(second.usage());
 * }</pre>
 *
 * @param promptTokens     tokens of the request (messages and tools)
 * @param completionTokens tokens the model generated
 * @param totalTokens      both together, as the provider counted them
 */
public record Usage(long promptTokens, long completionTokens, long totalTokens) {

    /** Nothing spent; also what a provider that reports no usage is taken to have spent. */
    public static final Usage ZERO = new Usage(0, 0, 0);

    /**
     * Checks the counts.
     *
     * @param promptTokens     tokens of the request (messages and tools)
     * @param completionTokens tokens the model generated
     * @param totalTokens      both together, as the provider counted them
     * @throws IllegalArgumentException when a count is negative
     */
    public Usage {
        if (promptTokens < 0 || completionTokens < 0 || totalTokens < 0) {
            throw new IllegalArgumentException("token counts must be >= 0, were prompt=" + promptTokens
                    + " completion=" + completionTokens + " total=" + totalTokens);
        }
    }

    /**
     * Usage whose total is the sum of prompt and completion tokens.
     *
     * @param promptTokens tokens of the request
     * @param completionTokens tokens of the answer
     * @return the usage
     */
    public static Usage of(long promptTokens, long completionTokens) {
        return new Usage(promptTokens, completionTokens, promptTokens + completionTokens);
    }

    /**
     * The sum of this and {@code other}, field by field.
     *
     * @param other the usage to add
     * @return the sum
     */
    public Usage plus(Usage other) {
        return new Usage(promptTokens + other.promptTokens, completionTokens + other.completionTokens,
                totalTokens + other.totalTokens);
    }
}
