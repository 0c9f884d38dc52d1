package dev.idem.harm;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The one body every stack's payment tool runs: a POST to the payment service with a 300 ms
 * timeout, as a tool author would write it. It throws what the JDK's client throws (a timeout, a
 * reset, an end of stream) and {@link PaymentRefused} for an error status; what a stack makes of
 * those is the stack's business.
 *
 * <pre>{@code
 * Receipt receipt = new PaymentClient(service.payUri(0)).pay("ACC-1", 1250, "r-7", null);
 * }</pre>
 */
public final class PaymentClient {
    /** The tools' HTTP timeout. */
    public static final Duration TIMEOUT = Duration.ofMillis(300);

    private static final Pattern FIELD = Pattern.compile("\"(paymentId|account|memo)\"\\s*:\\s*\"([^\"]*)\"");
    private static final Pattern CENTS = Pattern.compile("\"cents\"\\s*:\\s*(-?[0-9]+)");

    private final URI payUri;
    private final HttpClient http;

    /**
     * A client of the service at {@code payUri}.
     *
     * @param payUri where payments are posted
     */
    public PaymentClient(URI payUri) {
        this.payUri = Objects.requireNonNull(payUri, "payUri");
        // the 300 ms are the exchange's; a connection to loopback that takes longer is the machine's load, not a fault
        this.http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(Duration.ofSeconds(5)).build();
    }

    /**
     * Pays.
     *
     * @param account        the account to pay
     * @param cents          the amount in cents
     * @param memo           the memo, the intent's reference
     * @param idempotencyKey the key, or null to send none
     * @return the service's receipt
     * @throws IOException          when the exchange broke (timeout, reset, end of stream)
     * @throws InterruptedException when the calling thread was interrupted
     */
    public Receipt pay(String account, long cents, String memo, String idempotencyKey)
            throws IOException, InterruptedException {
        String body = "{\"account\":\"" + account + "\",\"cents\":" + cents + ",\"memo\":\"" + memo + "\"}";
        HttpRequest.Builder request = HttpRequest.newBuilder(payUri).timeout(TIMEOUT)
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body));
        if (idempotencyKey != null) {
            request.header("Idempotency-Key", idempotencyKey);
        }
        HttpResponse<String> response = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() != 200) {
            long seconds = response.headers().firstValue("Retry-After").map(Long::parseLong).orElse(0L);
            throw new PaymentRefused(response.statusCode(), response.body(), Duration.ofSeconds(seconds));
        }
        return receipt(response.body());
    }

    private static Receipt receipt(String json) {
        String paymentId = null;
        String account = null;
        String memo = null;
        Matcher fields = FIELD.matcher(json);
        while (fields.find()) {
            switch (fields.group(1)) {
                case "paymentId" -> paymentId = fields.group(2);
                case "account" -> account = fields.group(2);
                default -> memo = fields.group(2);
            }
        }
        Matcher cents = CENTS.matcher(json);
        return new Receipt(paymentId, account, cents.find() ? Long.parseLong(cents.group(1)) : 0, memo);
    }
}
