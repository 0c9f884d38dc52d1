package dev.idem.samples.bank;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import dev.idem.samples.bank.BankLedger.Admitted;
import dev.idem.samples.bank.BankLedger.Execution;
import dev.idem.samples.bank.BankLedger.StoredResponse;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import tools.jackson.core.JacksonException;

/**
 * {@code POST /v1/transfers}: idempotency the way Stripe does it, with faults played on demand.
 * Delayed answers and held connections are handed to a scheduler, so no server thread sleeps.
 */
final class TransferEndpoint implements HttpHandler {
    static final String PATH = "/v1/transfers";
    private static final String KEY_HEADER = "Idempotency-Key";

    private final BankLedger ledger;
    private final FaultPlan plan;
    private final ScheduledExecutorService scheduler;
    private final Duration lostResponseHold;
    private final Duration slowResponseDelay;
    private final Duration retryAfter;
    private final AtomicLong requests = new AtomicLong();
    private final List<InjectedFault> faults = new CopyOnWriteArrayList<>();
    private final List<BankRequest> log = new CopyOnWriteArrayList<>();

    TransferEndpoint(BankLedger ledger, FaultPlan plan, ScheduledExecutorService scheduler,
                     Duration lostResponseHold, Duration slowResponseDelay, Duration retryAfter) {
        this.ledger = ledger;
        this.plan = plan;
        this.scheduler = scheduler;
        this.lostResponseHold = lostResponseHold;
        this.slowResponseDelay = slowResponseDelay;
        this.retryAfter = retryAfter;
    }

    long requests() {
        return requests.get();
    }

    List<InjectedFault> faults() {
        return List.copyOf(faults);
    }

    List<BankRequest> log() {
        return List.copyOf(log);
    }

    @Override
    public void handle(HttpExchange exchange) throws IOException {
        if (!exchange.getRequestURI().getPath().equals(PATH)) {
            send(exchange, null, new StoredResponse(404, BankJson.error("NOT_FOUND", null)));
            return;
        }
        if (!exchange.getRequestMethod().equals("POST")) {
            send(exchange, null, new StoredResponse(405, BankJson.error("METHOD_NOT_ALLOWED", null)));
            return;
        }
        long number = requests.incrementAndGet();
        String key = exchange.getRequestHeaders().getFirst(KEY_HEADER);
        if (key == null || key.isBlank()) {
            send(exchange, null, new StoredResponse(400, BankJson.error("MISSING_KEY",
                    "the " + KEY_HEADER + " header is required")));
            return;
        }
        ledger.received(key);
        Fault fault = plan.next();
        if (fault != null && answerWithoutExecuting(exchange, number, fault, key)) {
            return;
        }

        TransferRequest request;
        try {
            request = TransferRequest.parse(BankJson.MAPPER.readTree(exchange.getRequestBody()));
        } catch (IllegalArgumentException | JacksonException e) {
            // Like Stripe: a request that fails validation never starts, nothing is stored for its key.
            record(number, fault, key, false);
            log.add(new BankRequest(number, key, fault, BankRequest.Handling.INVALID));
            send(exchange, key, new StoredResponse(400, BankJson.error("INVALID_REQUEST", e.getMessage())));
            return;
        }

        Admitted admitted = ledger.admit(key, request);
        StoredResponse response;
        boolean executed = false;
        boolean effect = false;
        BankRequest.Handling handling;
        switch (admitted.admission()) {
            case IN_FLIGHT -> {
                response = new StoredResponse(409, BankJson.error("IN_FLIGHT",
                        "a request with this idempotency key is still being processed"));
                handling = BankRequest.Handling.IN_FLIGHT;
            }
            case KEY_REUSED -> {
                response = new StoredResponse(422, BankJson.error("KEY_REUSED",
                        "this idempotency key was already used with different parameters"));
                handling = BankRequest.Handling.KEY_REUSED;
            }
            case REPLAY -> {
                response = admitted.stored();
                handling = BankRequest.Handling.REPLAYED;
            }
            case EXECUTE -> {
                Execution execution = ledger.execute(key, request, fault == Fault.INSUFFICIENT_FUNDS_400);
                response = execution.response();
                effect = execution.effect();
                executed = true;
                handling = effect ? BankRequest.Handling.EXECUTED : BankRequest.Handling.DECLINED;
            }
            default -> throw new IllegalStateException("unhandled admission " + admitted.admission());
        }
        record(number, fault, key, effect);
        log.add(new BankRequest(number, key, fault, handling));
        deliver(exchange, key, response, fault, executed);
    }

    /** Faults that strike before the bank does anything; returns whether the request is over. */
    private boolean answerWithoutExecuting(HttpExchange exchange, long number, Fault fault, String key)
            throws IOException {
        switch (fault) {
            case RESET_BEFORE_COMMIT -> {
                refused(number, fault, key);
                // No headers sent: the JDK server closes the connection; the unread body makes it a reset.
                exchange.close();
            }
            case IN_FLIGHT_409 -> {
                refused(number, fault, key);
                send(exchange, key, new StoredResponse(409, BankJson.error("IN_FLIGHT",
                        "a request with this idempotency key is still being processed")));
            }
            case SERVICE_UNAVAILABLE_503 -> {
                refused(number, fault, key);
                send(exchange, key, new StoredResponse(503, BankJson.error("SERVICE_UNAVAILABLE",
                        "the bank is temporarily unavailable")));
            }
            case RATE_LIMITED_429 -> {
                refused(number, fault, key);
                long millis = retryAfter.toMillis();
                exchange.getResponseHeaders().set("Retry-After", Long.toString((millis + 999) / 1000));
                exchange.getResponseHeaders().set("Retry-After-Ms", Long.toString(millis));
                send(exchange, key, new StoredResponse(429, BankJson.error("RATE_LIMITED",
                        "too many requests, retry after " + millis + " ms")));
            }
            default -> {
                return false;
            }
        }
        return true;
    }

    private void deliver(HttpExchange exchange, String key, StoredResponse response, Fault fault, boolean executed) {
        if (fault == Fault.RESPONSE_LOST_AFTER_COMMIT) {
            // The bank finished: a retry replays the answer. Only this connection never hears it.
            if (executed) {
                ledger.complete(key, response);
            }
            later(lostResponseHold, exchange, exchange::close);
        } else if (fault == Fault.SLOW_RESPONSE) {
            // Still processing until the answer goes out: the key stays in flight meanwhile.
            later(slowResponseDelay, exchange, () -> {
                if (executed) {
                    ledger.complete(key, response);
                }
                send(exchange, key, response);
            });
        } else {
            if (executed) {
                ledger.complete(key, response);
            }
            send(exchange, key, response);
        }
    }

    private void later(Duration delay, HttpExchange exchange, Runnable action) {
        try {
            scheduler.schedule(action, delay.toMillis(), TimeUnit.MILLISECONDS);
        } catch (RejectedExecutionException e) {
            exchange.close(); // the bank is shutting down
        }
    }

    private void refused(long number, Fault fault, String key) {
        record(number, fault, key, false);
        log.add(new BankRequest(number, key, fault, BankRequest.Handling.REFUSED));
    }

    private void record(long number, Fault fault, String key, boolean effect) {
        if (fault != null) {
            faults.add(new InjectedFault(number, fault, key, effect));
        }
    }

    private void send(HttpExchange exchange, String key, StoredResponse response) {
        byte[] body = response.body().getBytes(StandardCharsets.UTF_8);
        try (exchange; OutputStream out = exchange.getResponseBody()) {
            exchange.getResponseHeaders().set("Content-Type", "application/json");
            exchange.sendResponseHeaders(response.status(), body.length);
            out.write(body);
        } catch (IOException e) {
            return; // the client gave up (its timeout); it never saw this answer
        }
        if (key != null) {
            ledger.answered(key, response.status());
        }
    }
}
