package dev.idem.samples.chaos;

import dev.idem.Param;
import dev.idem.Tool;
import dev.idem.samples.tools.PixBank;
import dev.idem.tool.ToolContext;
import dev.idem.tool.Verification;
import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.LocalDate;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The verifier family's tool: an instant Pix payment, neither idempotent nor restart-safe, whose
 * verifier looks the key up in the bank's ledger and answers as its {@link Teller} says: the truth,
 * a failure (connection refused), the truth after failing once, or nothing before its time limit.
 * It counts the body's runs, the questions, and the body runs that came after an APPLIED verdict
 * of the same key (which must never happen).
 */
public class ChaosVerifiedPix {
    static final int TIMEOUT_MS = 80;

    /** How the verifier answers. */
    enum Teller { TRUTHFUL, FAILING, FAILS_ONCE_THEN_TRUTHFUL, TIMING_OUT }

    private static final JsonMapper JSON = JsonMapper.builder().build();

    final AtomicInteger bodyRuns = new AtomicInteger();
    final AtomicInteger questions = new AtomicInteger();
    final AtomicInteger runsAfterApplied = new AtomicInteger();
    /** The last question came while a body was still running and found nothing: not an answer to trust yet. */
    volatile boolean lastAnswerRaced;
    private final AtomicInteger bodiesRunning = new AtomicInteger();
    private final Set<String> appliedKeys = ConcurrentHashMap.newKeySet();
    private final AtomicInteger failuresLeft = new AtomicInteger(1);
    private final PixBank bank;
    private final URI ledger;
    private final HttpClient http;
    private final Teller teller;

    public ChaosVerifiedPix(URI baseUri, HttpClient http, Teller teller) {
        this.bank = new PixBank(baseUri, http);
        this.ledger = baseUri.resolve("/v1/ledger");
        this.http = http;
        this.teller = teller;
    }

    /**
     * Pays a Pix transfer at once.
     *
     * @param key   the receiver's Pix key
     * @param cents amount in cents, at least 1
     * @param date  the day of the payment
     */
    @Tool(restartSafe = false, idempotent = false, timeoutMs = TIMEOUT_MS, verifier = "findTransfer")
    public PixBank.Receipt payPix(String key, @Param(min = 1) long cents, LocalDate date, ToolContext ctx)
            throws IOException, InterruptedException {
        bodyRuns.incrementAndGet();
        if (appliedKeys.contains(ctx.idempotencyKey())) {
            runsAfterApplied.incrementAndGet();
        }
        bodiesRunning.incrementAndGet();
        try {
            return bank.schedulePix(key, cents, date, ctx);
        } finally {
            bodiesRunning.decrementAndGet();
        }
    }

    /**
     * Read-only: the transfer the bank made with this key, as the teller answers.
     *
     * @param idempotencyKey the payment's idempotency key
     * @return APPLIED with the receipt, NOT_APPLIED, or UNKNOWN
     * @throws IOException when the ledger cannot be reached
     * @throws InterruptedException when interrupted
     */
    Verification<PixBank.Receipt> findTransfer(String idempotencyKey) throws IOException, InterruptedException {
        questions.incrementAndGet();
        boolean running = bodiesRunning.get() > 0;
        lastAnswerRaced = false;
        switch (teller) {
            case FAILING -> throw new ConnectException("Connection refused");
            case FAILS_ONCE_THEN_TRUTHFUL -> {
                if (failuresLeft.getAndDecrement() > 0) {
                    throw new ConnectException("Connection refused");
                }
            }
            case TIMING_OUT -> {
                Thread.sleep(TIMEOUT_MS * 4L);
                return Verification.unknown("answered too late");
            }
            case TRUTHFUL -> { }
        }
        Verification<PixBank.Receipt> answer = lookUp(idempotencyKey);
        if (answer.verdict() == Verification.Verdict.APPLIED) {
            appliedKeys.add(idempotencyKey);
        }
        lastAnswerRaced = running && answer.verdict() == Verification.Verdict.NOT_APPLIED;
        return answer;
    }

    private Verification<PixBank.Receipt> lookUp(String idempotencyKey) throws IOException, InterruptedException {
        HttpResponse<String> response = http.send(HttpRequest.newBuilder(ledger).GET().build(),
                HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() != 200) {
            return Verification.unknown("the ledger answered HTTP " + response.statusCode());
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
