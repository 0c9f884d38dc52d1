package dev.idem.harm;

/**
 * One user request: pay {@code cents} into {@code account} with reference {@code memo}. The memo is
 * what the service counts effects by; {@code requestId} is what a retried or replicated request
 * carries again (the click, the ticket, the message id).
 *
 * @param index     the intent's number within its scenario
 * @param requestId the request's id, the same on a retry
 * @param account   the account to pay
 * @param cents     the amount
 * @param memo      the reference, unique per intent
 */
public record PaymentRequest(int index, String requestId, String account, long cents, String memo) {

    /**
     * What the user types.
     *
     * @return the prompt
     */
    public String prompt() {
        return "Pay " + cents + " cents into " + account + " with reference " + memo + ".";
    }

    /**
     * The arguments of the right call, as the model writes them.
     *
     * @return a JSON object
     */
    public String arguments() {
        return "{\"account\":\"" + account + "\",\"cents\":" + cents + ",\"memo\":\"" + memo + "\"}";
    }
}
