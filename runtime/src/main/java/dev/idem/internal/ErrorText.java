package dev.idem.internal;

/**
 * The short text of an exception wherever one is shown (a tool result, a trace event, a wrapped
 * I/O failure): its message, or its simple class name when it has none, so a bare
 * {@code new SocketTimeoutException()} still says what happened.
 *
 * <pre>{@code
 * ErrorText.of(new IllegalStateException())          // "IllegalStateException"
 * ErrorText.of(new IOException("connection reset"))  // "connection reset"
 * }</pre>
 */
public final class ErrorText {
    private ErrorText() {
    }

    /**
     * The message of {@code error}, or its simple class name when the message is null or blank.
     *
     * @param error an exception
     * @return its message, or its simple class name
     */
    public static String of(Throwable error) {
        String message = error.getMessage();
        return message == null || message.isBlank() ? error.getClass().getSimpleName() : message;
    }
}
