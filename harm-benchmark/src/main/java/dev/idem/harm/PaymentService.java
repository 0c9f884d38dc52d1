package dev.idem.harm;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.IntConsumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The payment service every stack pays through: an HTTP/1.1 server on loopback, on a plain
 * socket so that it can play faults a framework-made server cannot (close without an answer,
 * reset after acting). It is the one place effects are counted.
 *
 * <p>{@code POST /g/<process>/pay} with {@code {"account":"ACC-1","cents":1250,"memo":"r-7"}}
 * pays once per arrival, like a plain insert, unless the request carries {@code Idempotency-Key}:
 * then it works as Stripe does (the first request with a key acts and its answer is stored; the
 * same key again replays it, nothing moves; the same key while the first is still working is
 * 409). An amount below 1 cent is refused with 400 before anything happens. The path names the
 * process that sent it, so that a killed process can be cut off: nothing a dead process sends
 * reaches the ledger.
 *
 * <pre>{@code
 * try (PaymentService service = PaymentService.start()) {
 *     service.plan("r-7", Scenario.ANSWER_LOST);
 *     // ... a stack pays memo r-7 ...
 *     long effects = service.effects("r-7");
 * }
 * }</pre>
 */
public final class PaymentService implements AutoCloseable {
    /** How long a late effect waits before it lands (the tools' HTTP clients give up at 300 ms). */
    public static final int LATE_EFFECT_MS = 700;
    /** How long the service works on a payment two replicas race for. */
    public static final int SLOW_MS = 150;

    private static final Pattern PATH = Pattern.compile("/g/([0-9]+)/pay");
    private static final Pattern ACCOUNT = Pattern.compile("\"account\"\\s*:\\s*\"([^\"]*)\"");
    private static final Pattern CENTS = Pattern.compile("\"cents\"\\s*:\\s*(-?[0-9]+)");
    private static final Pattern MEMO = Pattern.compile("\"memo\"\\s*:\\s*\"([^\"]*)\"");

    private final ServerSocket socket;
    private final ExecutorService threads;
    private final Thread acceptor;
    private final Map<String, List<String>> effectsByMemo = new ConcurrentHashMap<>();
    private final Map<String, KeyState> keys = new ConcurrentHashMap<>();
    private final Map<String, Scenario> plans = new ConcurrentHashMap<>();
    private final Map<String, Integer> throttled = new ConcurrentHashMap<>();
    private final Set<Integer> dead = ConcurrentHashMap.newKeySet();
    private final List<IntConsumer> crashListeners = new CopyOnWriteArrayList<>();
    private final Map<Integer, CrashBatch> crashBatches = new ConcurrentHashMap<>();

    /** How long the first crash of a batch waits for the others. */
    public static final int CRASH_WINDOW_MS = 120;

    /** The crashes of one process gathered so far, and when the first arrived. */
    private record CrashBatch(java.util.concurrent.CountDownLatch latch, java.util.concurrent.atomic.AtomicLong first) {
        CrashBatch(java.util.concurrent.CountDownLatch latch) {
            this(latch, new java.util.concurrent.atomic.AtomicLong());
        }
    }
    private final AtomicLong requests = new AtomicLong();
    private final Map<String, AtomicLong> requestsByMemo = new ConcurrentHashMap<>();
    private final Map<String, AtomicLong> activeByMemo = new ConcurrentHashMap<>();
    private final AtomicLong sequence = new AtomicLong();

    /** A key's state: working on it, or its stored answer. */
    private record KeyState(String answer) {
        boolean inFlight() {
            return answer == null;
        }
    }

    private PaymentService() throws IOException {
        socket = new ServerSocket(0, 256, InetAddress.getLoopbackAddress());
        threads = Executors.newCachedThreadPool(task -> {
            Thread thread = new Thread(task, "payment-service");
            thread.setDaemon(true);
            return thread;
        });
        acceptor = new Thread(this::accept, "payment-service-accept");
        acceptor.setDaemon(true);
        acceptor.start();
    }

    /**
     * A service listening on a free loopback port.
     *
     * @return the running service
     */
    public static PaymentService start() {
        try {
            return new PaymentService();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot open a loopback port", e);
        }
    }

    /**
     * Where process {@code process} posts its payments.
     *
     * @param process the process's number
     * @return {@code http://127.0.0.1:<port>/g/<process>/pay}
     */
    public URI payUri(int process) {
        return URI.create("http://127.0.0.1:" + socket.getLocalPort() + "/g/" + process + "/pay");
    }

    /**
     * Plays {@code scenario}'s service-side fault on the first request for {@code memo} (the
     * scenarios with no service-side fault play nothing).
     *
     * @param memo     the intent's memo
     * @param scenario the fault to play
     */
    public void plan(String memo, Scenario scenario) {
        plans.put(memo, scenario);
    }

    /**
     * Called with the process's number when a planned crash strikes, right after the effect.
     *
     * @param listener what kills the process
     */
    public void onCrash(IntConsumer listener) {
        crashListeners.add(listener);
    }

    /**
     * Makes the planned crashes of process {@code process} strike together: each request that
     * reaches its crash point (right after its effect) is held, unanswered, until {@code expected}
     * of them have, or {@link #CRASH_WINDOW_MS} passed since the first did (less than the tools'
     * timeout, so no client gives up while held); then the crash listeners run once. A SIGKILL then
     * finds all of them between the effect and the answer.
     *
     * @param process  the process's number
     * @param expected how many planned crashes to gather
     */
    public void gatherCrashes(int process, int expected) {
        crashBatches.put(process, new CrashBatch(new java.util.concurrent.CountDownLatch(expected)));
    }

    /**
     * Forgets {@code memo}'s planned fault, if it was not played.
     *
     * @param memo the intent's memo
     */
    public void unplan(String memo) {
        plans.remove(memo);
    }

    /**
     * Whether {@code memo}'s planned fault is still to be played.
     *
     * @param memo the intent's memo
     * @return true when planned and not yet played
     */
    public boolean planned(String memo) {
        return plans.containsKey(memo);
    }

    /**
     * Cuts a process off: what it sends from now on is dropped unanswered, with no effect.
     *
     * @param process the dead process's number
     */
    public void kill(int process) {
        dead.add(process);
    }

    /**
     * How many payments were made for {@code memo}.
     *
     * @param memo the intent's memo
     * @return 0, 1, or more when something paid twice
     */
    public int effects(String memo) {
        List<String> list = effectsByMemo.get(memo);
        return list == null ? 0 : list.size();
    }

    /**
     * Every payment request that arrived, faulted or not.
     *
     * @return the number of requests
     */
    public long requests() {
        return requests.get();
    }

    /**
     * The payment requests that arrived for {@code memo} (from live processes), faulted or not.
     *
     * @param memo the intent's memo
     * @return the number of requests
     */
    public long requests(String memo) {
        AtomicLong count = requestsByMemo.get(memo);
        return count == null ? 0 : count.get();
    }

    private void accept() {
        while (!socket.isClosed()) {
            try {
                Socket connection = socket.accept();
                threads.execute(() -> serve(connection));
            } catch (IOException e) {
                if (socket.isClosed()) {
                    return;
                }
                // out of file descriptors for a moment (the machine's, not a fault we play): keep serving
                System.err.println("payment service: accept failed, retrying: " + e);
                sleep(10);
            }
        }
    }

    /**
     * Waits until no request for {@code memos} is being worked on (late effects have landed), at
     * most {@code millis}.
     *
     * @param memos  the intents' memos
     * @param millis the longest wait
     * @throws InterruptedException when interrupted
     */
    public void awaitIdle(java.util.Collection<String> memos, long millis) throws InterruptedException {
        long deadline = System.nanoTime() + millis * 1_000_000;
        while (System.nanoTime() < deadline && memos.stream().anyMatch(memo -> {
            AtomicLong working = activeByMemo.get(memo);
            return working != null && working.get() > 0;
        })) {
            Thread.sleep(10);
        }
    }

    private void serve(Socket connection) {
        try (connection) {
            InputStream in = new BufferedInputStream(connection.getInputStream());
            String requestLine = line(in);
            if (requestLine == null) {
                return;
            }
            int length = 0;
            String key = null;
            for (String header = line(in); header != null && !header.isEmpty(); header = line(in)) {
                int colon = header.indexOf(':');
                if (colon < 0) {
                    continue;
                }
                String name = header.substring(0, colon).trim().toLowerCase(Locale.ROOT);
                String value = header.substring(colon + 1).trim();
                if (name.equals("content-length")) {
                    length = Integer.parseInt(value);
                } else if (name.equals("idempotency-key")) {
                    key = value;
                }
            }
            String body = new String(in.readNBytes(length), StandardCharsets.UTF_8);
            requests.incrementAndGet();
            String[] parts = requestLine.split(" ");
            Matcher path = PATH.matcher(parts.length > 1 ? parts[1] : "");
            if (!parts[0].equals("POST") || !path.matches()) {
                respond(connection, 404, "{\"error\":\"not found\"}", null);
                return;
            }
            pay(connection, Integer.parseInt(path.group(1)), key, body);
        } catch (IOException | RuntimeException gone) {
            // the client went away or sent nonsense: nothing to answer
        }
    }

    private void pay(Socket connection, int process, String key, String body) throws IOException {
        if (dead.contains(process)) {
            return;
        }
        String account = group(ACCOUNT, body);
        String cents = group(CENTS, body);
        String memo = group(MEMO, body);
        if (memo == null) {
            respond(connection, 400, "{\"error\":\"invalid payment: account, memo and cents >= 1 are required\"}", null);
            return;
        }
        requestsByMemo.computeIfAbsent(memo, m -> new AtomicLong()).incrementAndGet();
        AtomicLong working = activeByMemo.computeIfAbsent(memo, m -> new AtomicLong());
        working.incrementAndGet();
        try {
            pay(connection, process, key, account, cents, memo);
        } finally {
            working.decrementAndGet();
        }
    }

    private void pay(Socket connection, int process, String key, String account, String cents, String memo)
            throws IOException {
        if (account == null || cents == null || Long.parseLong(cents) < 1) {
            respond(connection, 400, "{\"error\":\"invalid payment: account, memo and cents >= 1 are required\"}", null);
            return;
        }
        Scenario fault = plans.remove(memo);
        if (fault == Scenario.THROTTLED_BEFORE_ACTING) {
            throttled.put(memo, 1);
            respond(connection, 503, "{\"error\":\"service unavailable\"}", "1");
            return;
        }
        if (throttled.remove(memo) != null) {
            respond(connection, 429, "{\"error\":\"too many requests\"}", "1");
            return;
        }
        if (key != null) {
            KeyState before = keys.putIfAbsent(key, new KeyState(null));
            if (before != null) {
                if (before.inFlight()) {
                    respond(connection, 409, "{\"error\":\"a request with this key is in progress\"}", null);
                } else {
                    respond(connection, 200, before.answer(), null);
                }
                return;
            }
        }
        if (fault == Scenario.TIMEOUT_LATE_EFFECT) {
            sleep(LATE_EFFECT_MS);
        } else if (fault == Scenario.TWO_REPLICAS) {
            sleep(SLOW_MS);
        }
        if (dead.contains(process)) {
            if (key != null) {
                keys.remove(key);
            }
            return;
        }
        String paymentId = "pay_" + sequence.incrementAndGet();
        effectsByMemo.computeIfAbsent(memo, m -> new CopyOnWriteArrayList<>()).add(paymentId);
        String answer = "{\"paymentId\":\"" + paymentId + "\",\"account\":\"" + account + "\",\"cents\":" + cents
                + ",\"memo\":\"" + memo + "\"}";
        if (key != null) {
            keys.put(key, new KeyState(answer));
        }
        if (fault == null) {
            respond(connection, 200, answer, null);
            return;
        }
        switch (fault) {
            case ANSWER_LOST -> connection.shutdownOutput();
            case RESET_AFTER_DELIVERY -> {
                connection.setSoLinger(true, 0);
                connection.close();
            }
            case CRASH_MID_CALL -> crash(process);
            default -> respond(connection, 200, answer, null);
        }
    }

    private void crash(int process) {
        CrashBatch batch = crashBatches.get(process);
        if (batch != null) {
            batch.first().compareAndSet(0, System.nanoTime());
            batch.latch().countDown();
            long left = CRASH_WINDOW_MS * 1_000_000L - (System.nanoTime() - batch.first().get());
            try {
                batch.latch().await(Math.max(0, left), java.util.concurrent.TimeUnit.NANOSECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            if (crashBatches.remove(process) == null) {
                return;
            }
        }
        crashListeners.forEach(listener -> listener.accept(process));
    }

    /**
     * The port the service listens on.
     *
     * @return the port
     */
    public int port() {
        return socket.getLocalPort();
    }

    private static void respond(Socket connection, int status, String body, String retryAfter) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        StringBuilder head = new StringBuilder("HTTP/1.1 ").append(status).append(' ').append(reason(status))
                .append("\r\nContent-Type: application/json\r\nContent-Length: ").append(bytes.length)
                .append("\r\nConnection: close\r\n");
        if (retryAfter != null) {
            head.append("Retry-After: ").append(retryAfter).append("\r\n");
        }
        head.append("\r\n");
        try {
            OutputStream out = connection.getOutputStream();
            out.write(head.toString().getBytes(StandardCharsets.US_ASCII));
            out.write(bytes);
            out.flush();
        } catch (SocketException clientGone) {
            // a client that timed out has closed its end: the effect stands, the answer is lost
        }
    }

    private static String reason(int status) {
        return switch (status) {
            case 200 -> "OK";
            case 400 -> "Bad Request";
            case 404 -> "Not Found";
            case 409 -> "Conflict";
            case 429 -> "Too Many Requests";
            case 503 -> "Service Unavailable";
            default -> "Status";
        };
    }

    private static String group(Pattern pattern, String body) {
        Matcher matcher = pattern.matcher(body);
        return matcher.find() ? matcher.group(1) : null;
    }

    private static String line(InputStream in) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        for (int b = in.read(); b != -1; b = in.read()) {
            if (b == '\n') {
                String text = bytes.toString(StandardCharsets.US_ASCII);
                return text.endsWith("\r") ? text.substring(0, text.length() - 1) : text;
            }
            bytes.write(b);
        }
        return bytes.size() == 0 ? null : bytes.toString(StandardCharsets.US_ASCII);
    }

    private static void sleep(int millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Stops listening; answers still being written are dropped. */
    @Override
    public void close() {
        try {
            socket.close();
        } catch (IOException ignored) {
            // closing a listening socket twice or after an error changes nothing
        }
        threads.shutdownNow();
    }
}
