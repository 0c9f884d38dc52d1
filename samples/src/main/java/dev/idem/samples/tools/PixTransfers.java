package dev.idem.samples.tools;

import dev.idem.Param;
import dev.idem.Tool;
import dev.idem.tool.ToolContext;
import dev.idem.tool.Verification;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.LocalDate;
import java.util.Objects;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Instant Pix payments, declared the cautious way: neither idempotent nor restart-safe, so a payment
 * whose answer is lost is never sent again. Its verifier looks the idempotency key up in the bank's
 * ledger, so such a lost answer is not a dead end: the executor asks it and replays the transfer
 * the bank made, or lets the payment run when the bank has none.
 *
 * <pre>{@code
 * ToolSet tools = PixTransfers_ToolSet.of(new PixTransfers(bankUri, HttpClient.newHttpClient()));
 * }</pre>
 */
public class PixTransfers {
    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final URI baseUrl;
    private final HttpClient http;
    private final PixBank bank;

    public PixTransfers(URI baseUrl, HttpClient http) {
        this.baseUrl = Objects.requireNonNull(baseUrl, "baseUrl");
        this.http = Objects.requireNonNull(http, "http");
        this.bank = new PixBank(baseUrl, http);
    }

    /**
     * Pays a Pix transfer at once.
     *
     * @param key   the receiver's Pix key
     * @param cents amount in cents, at least 1
     * @param date  the day of the payment, e.g. 2026-12-01
     */
    @Tool(restartSafe = false, idempotent = false, destructive = false, title = "Pay a Pix transfer now",
            timeoutMs = 2000, verifier = "findTransfer")
    public PixBank.Receipt payPix(String key, @Param(min = 1) long cents, LocalDate date, ToolContext ctx)
            throws IOException, InterruptedException {
        return bank.schedulePix(key, cents, date, ctx);
    }

    /**
     * Read-only: the transfer the bank made with this idempotency key, if any.
     *
     * @param idempotencyKey the payment's idempotency key
     * @return APPLIED with the receipt, NOT_APPLIED when the ledger has no such transfer
     * @throws IOException when the bank cannot be reached (the executor asks again)
     * @throws InterruptedException when interrupted
     */
    Verification<PixBank.Receipt> findTransfer(String idempotencyKey) throws IOException, InterruptedException {
        HttpResponse<String> response = http.send(HttpRequest.newBuilder(baseUrl.resolve("/v1/ledger")).GET().build(),
                HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() != 200) {
            return Verification.unknown("the bank's ledger answered HTTP " + response.statusCode());
        }
        for (JsonNode entry : JSON.readTree(response.body()).path("entries")) {
            if (idempotencyKey.equals(entry.path("idempotencyKey").asString())) {
                return Verification.applied(new PixBank.Receipt(entry.path("id").asString(),
                        entry.path("pixKey").asString(), entry.path("cents").asLong(),
                        LocalDate.parse(entry.path("date").asString()), "scheduled"));
            }
        }
        return Verification.notApplied();
    }
}
