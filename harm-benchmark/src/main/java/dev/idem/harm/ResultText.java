package dev.idem.harm;

import java.util.List;
import java.util.regex.Pattern;

/** What a tool result tells the model, read as the model reads it: paid, failed, or unknown. */
public enum ResultText {
    /** A receipt: the payment was made. */
    PAID,
    /** The text says the payment may have happened (its outcome is unknown). */
    UNKNOWN,
    /** Any other error. */
    FAILED;

    private static final Pattern RECEIPT = Pattern.compile("\"paymentId\"\\s*:\\s*\"pay_");
    private static final Pattern MAYBE = Pattern.compile(
            "(?i)outcome[ _]unknown|may (already )?have (happened|taken effect|been)|may or may not|in[ _]flight|still (be )?running");

    /**
     * Reads one tool result.
     *
     * @param text the text the model was given
     * @return what it says
     */
    public static ResultText of(String text) {
        if (text == null) {
            return FAILED;
        }
        if (RECEIPT.matcher(text).find() && !text.startsWith("Error")) {
            return PAID;
        }
        return MAYBE.matcher(text).find() ? UNKNOWN : FAILED;
    }

    /**
     * What a model that read all of {@code results} reports: paid when any says so, else unknown
     * when the last says so, else failed.
     *
     * @param results the tool results of one conversation, in order
     * @return the report
     */
    public static Report report(List<String> results) {
        if (results.stream().anyMatch(text -> of(text) == PAID)) {
            return Report.DONE;
        }
        if (!results.isEmpty() && of(results.get(results.size() - 1)) == UNKNOWN) {
            return Report.UNKNOWN;
        }
        return Report.FAILED;
    }
}
