package dev.idem.samples.bank;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A Pix bank on loopback that honours {@code Idempotency-Key} the way Stripe does, keeps a
 * ledger, and plays faults on demand: the test double that counts side effects.
 *
 * <p>{@code POST /v1/transfers} with header {@code Idempotency-Key} and body
 * {@code {"pixKey":"maria@example.com","cents":1234,"date":"2026-12-01"}}:
 * <ul>
 *   <li>first request with a key: executed (balance debited, ledger entry), answer stored:
 *       200 {@code {"id":"tr_1","pixKey":...,"cents":...,"date":...,"status":"scheduled"}};</li>
 *   <li>same key, same parameters: the stored answer is replayed, nothing moves;</li>
 *   <li>same key, different parameters: 422 {@code KEY_REUSED};</li>
 *   <li>same key while its first request is still being processed: 409 {@code IN_FLIGHT};</li>
 *   <li>balance too low: 400 {@code INSUFFICIENT_FUNDS}. Stored and replayed like a success,
 *       as Stripe stores any result of a request that started executing;</li>
 *   <li>no key: 400 {@code MISSING_KEY}; invalid body: 400 {@code INVALID_REQUEST}. Neither is
 *       stored (like Stripe, a request that fails validation never started).</li>
 * </ul>
 * {@code GET /v1/ledger} returns {@code {"balanceCents":...,"entries":[...]}}.
 *
 * <pre>{@code
 * try (BankServer bank = BankServer.builder().lostResponseHold(Duration.ofMillis(500)).start()) {
 *     bank.injectNext(Fault.RESPONSE_LOST_AFTER_COMMIT);
 *     // ... a client schedules a transfer with key "intent-42", times out, retries ...
 *     assertThat(bank.effectsFor("intent-42")).isEqualTo(1);
 * }
 * }</pre>
 */
public final class BankServer implements AutoCloseable {
    private static final String LEDGER_PATH = "/v1/ledger";

    private final HttpServer server;
    private final ExecutorService threads;
    private final ScheduledExecutorService scheduler;
    private final BankLedger ledger;
    private final FaultPlan plan = new FaultPlan();
    private final TransferEndpoint transfers;
    private final AtomicBoolean closed = new AtomicBoolean();

    private BankServer(Builder builder) throws IOException {
        // Bound first: when the port cannot be had, no thread has been started yet.
        this.server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        this.ledger = new BankLedger(builder.balanceCents);
        this.threads = Executors.newFixedThreadPool(builder.threads);
        this.scheduler = Executors.newSingleThreadScheduledExecutor();
        this.transfers = new TransferEndpoint(ledger, plan, scheduler, builder.lostResponseHold,
                builder.slowResponseDelay, builder.retryAfter);
        server.createContext(TransferEndpoint.PATH, transfers);
        server.createContext(LEDGER_PATH, this::serveLedger);
        server.setExecutor(threads);
        server.start();
    }

    /** A bank with the default settings, already listening. */
    public static BankServer start() {
        return builder().start();
    }

    /** A builder for a bank with other settings. */
    public static Builder builder() {
        return new Builder();
    }

    /** {@code http://127.0.0.1:<port>}. */
    public URI baseUri() {
        InetSocketAddress address = server.getAddress();
        return URI.create("http://" + address.getAddress().getHostAddress() + ":" + address.getPort());
    }

    /** Where transfers are posted. */
    public URI transfersUri() {
        return baseUri().resolve(TransferEndpoint.PATH);
    }

    /** Plays these faults on the next transfer requests, one each, in order, before any random fault. */
    public void injectNext(Fault... faults) {
        plan.queue(faults);
    }

    /**
     * From now on, each transfer request meets one of {@code kinds} (all kinds when none given)
     * with the given probability, drawn from a generator seeded with {@code seed}.
     */
    public void injectRandomly(long seed, double probability, Fault... kinds) {
        plan.random(seed, probability, kinds);
    }

    /** Forgets queued faults and the random schedule. */
    public void clearFaults() {
        plan.clear();
    }

    /** Per idempotency key, in order of first use: effects, requests and last answer. */
    public Map<String, KeyHistory> ledger() {
        return ledger.history();
    }

    /** How many times money moved for {@code key}: 0 or 1 unless idempotency is broken. */
    public int effectsFor(String key) {
        KeyHistory history = ledger.history().get(key);
        return history == null ? 0 : history.effects();
    }

    /** How many times money moved, all keys together. */
    public int totalEffects() {
        return transfers().size();
    }

    /** How many transfer requests arrived, including those without a key and those that met a fault. */
    public long requests() {
        return transfers.requests();
    }

    /** Every transfer request that carried a key, in arrival order, with what the bank did with it. */
    public List<BankRequest> requestLog() {
        return transfers.log();
    }

    /** The requests that carried {@code key}, in arrival order. */
    public List<BankRequest> requestsFor(String key) {
        return transfers.log().stream().filter(request -> request.idempotencyKey().equals(key)).toList();
    }

    /** The ledger entries, oldest first. */
    public List<Transfer> transfers() {
        return ledger.transfers();
    }

    /** Every fault played so far, in order. */
    public List<InjectedFault> faults() {
        return transfers.faults();
    }

    /** The account balance now. */
    public long balanceCents() {
        return ledger.balanceCents();
    }

    /** Stops listening at once; held and delayed answers are dropped. Closing twice is harmless. */
    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        scheduler.shutdownNow();
        server.stop(0);
        threads.shutdownNow();
    }

    private void serveLedger(HttpExchange exchange) throws IOException {
        byte[] body = BankJson.ledger(ledger.balanceCents(), ledger.transfers()).getBytes(StandardCharsets.UTF_8);
        try (exchange; OutputStream out = exchange.getResponseBody()) {
            exchange.getResponseHeaders().set("Content-Type", "application/json");
            exchange.sendResponseHeaders(200, body.length);
            out.write(body);
        }
    }

    /** Settings of a bank; every duration must be zero or more. */
    public static final class Builder {
        private long balanceCents = 10_000_000;
        private int threads = 8;
        private Duration lostResponseHold = Duration.ofSeconds(1);
        private Duration slowResponseDelay = Duration.ofMillis(300);
        private Duration retryAfter = Duration.ofSeconds(1);

        private Builder() {
        }

        /** Opening balance (default 10,000,000 cents). */
        public Builder balanceCents(long balanceCents) {
            if (balanceCents < 0) {
                throw new IllegalArgumentException("balanceCents must be 0 or more, was " + balanceCents);
            }
            this.balanceCents = balanceCents;
            return this;
        }

        /** Server threads (default 8). */
        public Builder threads(int threads) {
            if (threads < 1) {
                throw new IllegalArgumentException("threads must be at least 1, was " + threads);
            }
            this.threads = threads;
            return this;
        }

        /** How long {@link Fault#RESPONSE_LOST_AFTER_COMMIT} keeps the connection silent (default 1 s). */
        public Builder lostResponseHold(Duration hold) {
            this.lostResponseHold = nonNegative(hold, "lostResponseHold");
            return this;
        }

        /** How late {@link Fault#SLOW_RESPONSE} answers (default 300 ms). */
        public Builder slowResponseDelay(Duration delay) {
            this.slowResponseDelay = nonNegative(delay, "slowResponseDelay");
            return this;
        }

        /**
         * The wait {@link Fault#RATE_LIMITED_429} asks for (default 1 s): sent as {@code Retry-After}
         * in whole seconds, rounded up, and exactly as {@code Retry-After-Ms}.
         */
        public Builder retryAfter(Duration retryAfter) {
            this.retryAfter = nonNegative(retryAfter, "retryAfter");
            return this;
        }

        /** Starts the bank on an ephemeral loopback port. */
        public BankServer start() {
            try {
                return new BankServer(this);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot start the bank on loopback", e);
            }
        }

        private static Duration nonNegative(Duration duration, String field) {
            Objects.requireNonNull(duration, field);
            if (duration.isNegative()) {
                throw new IllegalArgumentException(field + " must be 0 or more, was " + duration);
            }
            return duration;
        }
    }
}
