package dev.idem.regex;

/**
 * A match did not finish within its limits (the caller's deadline, or the memory a backtracking
 * search may take); nothing is known about the answer.
 */
public final class RegexLimitException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    RegexLimitException(String message) {
        super(message, null, false, false);
    }
}
