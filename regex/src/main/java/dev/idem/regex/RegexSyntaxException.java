package dev.idem.regex;

/**
 * A pattern that is not ECMA-262 regular expression syntax (in Unicode mode, as JSON Schema 2020-12
 * asks), or that is but cannot be enforced here ({@link #unsupported()}).
 */
public final class RegexSyntaxException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    /** What is wrong, without the position. */
    private final String description;
    /** The UTF-16 index in the pattern where the problem was found, or {@code -1}. */
    private final int index;
    /** Whether the pattern is valid ECMA-262 but uses something this engine does not enforce. */
    private final boolean unsupported;

    RegexSyntaxException(String description, int index, boolean unsupported) {
        super(description + (index >= 0 ? " at index " + index : ""));
        this.description = description;
        this.index = index;
        this.unsupported = unsupported;
    }

    /**
     * What is wrong, without the position.
     *
     * @return the problem's description
     */
    public String description() {
        return description;
    }

    /**
     * The UTF-16 index in the pattern where the problem was found, or {@code -1}.
     *
     * @return the index, or {@code -1} when there is none
     */
    public int index() {
        return index;
    }

    /**
     * True when the pattern is valid ECMA-262 but uses something this engine does not enforce.
     *
     * @return true for valid but unsupported syntax
     */
    public boolean unsupported() {
        return unsupported;
    }
}
