package dev.idem.mcp;

import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.TypeRef;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpServerSession;
import io.modelcontextprotocol.spec.McpServerTransport;
import io.modelcontextprotocol.spec.McpServerTransportProvider;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.core.publisher.Mono;

/**
 * MCP over standard input and output, one JSON-RPC message per line, for one session. It replaces
 * the SDK's stdio transport, which stops reading at the first line it cannot parse and then
 * neither answers nor notices that its input closed. Here every line gets its due: a message
 * goes to the session, anything else is answered with the JSON-RPC error for it (see
 * {@link JsonRpcLine}), and reading goes on until the input ends. Lines longer than
 * {@value #MAX_LINE_BYTES} bytes are read to their end, dropped and answered with
 * {@code -32600}; blank lines are ignored. MCP's lifecycle lets a client send nothing but pings
 * before its {@code initialize} request: until that request is read, a ping is answered here and
 * any other request is refused with {@code -32600}, nothing run (the SDK's session would hold it,
 * pings too, and run it once the session starts).
 *
 * <p>When the input ends, requests still running get up to {@value #ANSWER_GRACE_SECONDS} seconds
 * to write their answers, then {@link #awaitEnd()} returns. Threads: one reads (the only caller of
 * the session's {@code handle}), one writes, both daemons, so neither keeps the JVM alive.
 */
final class McpStdioTransport implements McpServerTransportProvider {

    /** The longest line read, in bytes (as the SDK's own stdio transport: 16 MiB). */
    static final int MAX_LINE_BYTES = 16 * 1024 * 1024;

    /** How long answers of requests still running may take once the input ended. */
    static final int ANSWER_GRACE_SECONDS = 5;

    private static final Logger log = LoggerFactory.getLogger(McpStdioTransport.class);

    private final McpJsonMapper jsonMapper;
    private final InputStream in;
    private final OutputStream out;
    private final ExecutorService writer = Executors.newSingleThreadExecutor(task -> daemon(task, "idem-mcp-stdout"));
    private final CountDownLatch ended = new CountDownLatch(1);
    private volatile McpServerSession session;
    private volatile boolean closed;
    private final McpModernLines modern;
    private boolean initializeRead; // the reader thread's alone: whether the client's initialize request came
    private int unanswered; // guarded by this: messages handed on whose handling has not finished

    McpStdioTransport(McpJsonMapper jsonMapper, InputStream in, OutputStream out) {
        this(jsonMapper, in, out, null);
    }

    /**
     * A transport that also answers 2026-07-28 messages: those whose {@code _meta} names a
     * protocol version ({@code io.modelcontextprotocol/protocolVersion}, which every 2026-07-28
     * request carries) and {@code server/discover} go to {@code modern}, without a session and
     * before or without any {@code initialize}; everything else goes to the 2025-11-25 session.
     */
    McpStdioTransport(McpJsonMapper jsonMapper, InputStream in, OutputStream out, McpModernLines modern) {
        this.jsonMapper = jsonMapper;
        this.in = in;
        this.out = out;
        this.modern = modern;
    }

    @Override
    public void setSessionFactory(McpServerSession.Factory sessionFactory) {
        if (session != null) {
            throw new IllegalStateException("a stdio transport serves one session");
        }
        session = sessionFactory.create(new SessionTransport());
        daemon(this::readUntilTheInputEnds, "idem-mcp-stdin").start();
    }

    /** Waits until the input ended (or failed) and the answers still due were written or given up. */
    void awaitEnd() throws InterruptedException {
        ended.await();
    }

    @Override
    public Mono<Void> notifyClients(String method, Object params) {
        McpServerSession current = session;
        return current == null ? Mono.error(new IllegalStateException("no session to notify"))
                : current.sendNotification(method, params);
    }

    @Override
    public Mono<Void> closeGracefully() {
        return Mono.defer(() -> {
            McpServerSession current = session;
            return current == null ? Mono.fromRunnable(this::stopWriting) : current.closeGracefully();
        });
    }

    @Override
    public void close() {
        McpServerSession current = session;
        if (current != null) {
            current.close();
        }
        stopWriting();
    }

    private void readUntilTheInputEnds() {
        StdioLines lines = new StdioLines(in, MAX_LINE_BYTES);
        try {
            for (StdioLines.Line line = lines.next(); line != null && !closed; line = lines.next()) {
                try {
                    take(line);
                } catch (RuntimeException e) {
                    log.warn("an MCP message could not be handled; serving goes on", e);
                }
            }
        } catch (IOException e) {
            log.debug("standard input failed; serving ends", e);
        } finally {
            awaitAnswers();
            ended.countDown();
        }
    }

    private void take(StdioLines.Line line) {
        if (!line.tooLong() && isBlank(line.bytes())) {
            return;
        }
        JsonRpcLine.Verdict verdict = line.tooLong() ? JsonRpcLine.tooLong(MAX_LINE_BYTES)
                : JsonRpcLine.judge(line.bytes(), jsonMapper);
        if (verdict instanceof JsonRpcLine.Refusal refusal) {
            log.debug("answered a line that is not a valid message: {}", refusal.answer());
            started();
            write(refusal.answer()).whenComplete((done, error) -> finished());
        } else if (verdict instanceof JsonRpcLine.Message message) {
            if (modern != null && isModern(message.message())) {
                started();
                modern.answer(new String(line.bytes(), StandardCharsets.UTF_8))
                        .concatMap(answer -> Mono.fromFuture(write(answer)))
                        .doFinally(signal -> finished())
                        .subscribe(null, error -> log.warn("a 2026-07-28 message could not be answered", error));
                return;
            }
            McpSchema.JSONRPCResponse early = answerBeforeInitialize(message.message());
            started();
            if (early != null) {
                send(early).doFinally(signal -> finished())
                        .subscribe(null, error -> log.warn("an answer before initialize could not be written", error));
                return;
            }
            try {
                session.handle(message.message())
                        .doFinally(signal -> finished())
                        .subscribe(null, error -> log.warn("an MCP message failed in the session", error));
            } catch (RuntimeException e) {
                finished();
                throw e;
            }
        }
    }

    /**
     * The answer to a request read before the client's {@code initialize}, or {@code null} when the
     * message goes to the session: everything from {@code initialize} on, and notifications and
     * responses before it. Before it a ping gets its empty result and any other request the error.
     */
    private McpSchema.JSONRPCResponse answerBeforeInitialize(McpSchema.JSONRPCMessage message) {
        if (initializeRead || !(message instanceof McpSchema.JSONRPCRequest request)) {
            return null;
        }
        if (McpSchema.METHOD_INITIALIZE.equals(request.method())) {
            initializeRead = true;
            return null;
        }
        if (McpSchema.METHOD_PING.equals(request.method())) {
            return new McpSchema.JSONRPCResponse(McpSchema.JSONRPC_VERSION, request.id(), Map.of(), null);
        }
        log.debug("refused '{}' sent before initialize", request.method());
        return new McpSchema.JSONRPCResponse(McpSchema.JSONRPC_VERSION, request.id(), null,
                new McpSchema.JSONRPCResponse.JSONRPCError(McpSchema.ErrorCodes.INVALID_REQUEST, "Invalid Request: '"
                        + request.method() + "' before initialize; the session starts with the 'initialize' request,"
                        + " and only pings are answered before it. Nothing was run", null));
    }

    /** Whether a message is of the 2026-07-28 revision: it names its protocol version in {@code _meta}, or discovers. */
    static boolean isModern(McpSchema.JSONRPCMessage message) {
        Object params;
        if (message instanceof McpSchema.JSONRPCRequest request) {
            if (McpModernLines.DISCOVER.equals(request.method())) {
                return true;
            }
            params = request.params();
        } else if (message instanceof McpSchema.JSONRPCNotification notification) {
            params = notification.params();
        } else {
            return false;
        }
        return params instanceof Map<?, ?> map && map.get("_meta") instanceof Map<?, ?> meta
                && meta.get(McpModernLines.PROTOCOL_VERSION_META_KEY) instanceof String;
    }

    private static boolean isBlank(byte[] bytes) {
        for (byte b : bytes) {
            if (b != ' ' && b != '\t' && b != '\r') {
                return false;
            }
        }
        return true;
    }

    private Mono<Void> send(McpSchema.JSONRPCMessage message) {
        return Mono.defer(() -> {
            String json;
            try {
                json = jsonMapper.writeValueAsString(message);
            } catch (IOException e) {
                return Mono.error(e);
            }
            return Mono.fromFuture(write(json));
        });
    }

    /** Writes one line on the writer thread: the order of calls is the order on the wire. */
    private CompletableFuture<Void> write(String json) {
        try {
            return CompletableFuture.runAsync(() -> {
                try {
                    // Compact JSON has no raw line breaks: a newline inside a string is written \n.
                    out.write(json.getBytes(StandardCharsets.UTF_8));
                    out.write('\n');
                    out.flush();
                } catch (IOException e) {
                    throw new UncheckedIOException("standard output failed", e);
                }
            }, writer);
        } catch (RejectedExecutionException e) {
            return CompletableFuture.failedFuture(new IllegalStateException("the stdio transport is closed", e));
        }
    }

    private synchronized void started() {
        unanswered++;
    }

    private synchronized void finished() {
        unanswered--;
        notifyAll();
    }

    private synchronized void awaitAnswers() {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(ANSWER_GRACE_SECONDS);
        try {
            for (long left = deadline - System.nanoTime(); unanswered > 0 && left > 0; left = deadline - System.nanoTime()) {
                TimeUnit.NANOSECONDS.timedWait(this, left);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void stopWriting() {
        closed = true;
        writer.shutdown(); // lines already queued are still written
    }

    private static Thread daemon(Runnable task, String name) {
        Thread thread = new Thread(task, name);
        thread.setDaemon(true);
        return thread;
    }

    /** The session's side: what it sends goes out as lines. */
    private final class SessionTransport implements McpServerTransport {

        @Override
        public Mono<Void> sendMessage(McpSchema.JSONRPCMessage message) {
            return send(message);
        }

        @Override
        public <T> T unmarshalFrom(Object data, TypeRef<T> typeRef) {
            return jsonMapper.convertValue(data, typeRef);
        }

        @Override
        public Mono<Void> closeGracefully() {
            return Mono.fromRunnable(McpStdioTransport.this::stopWriting);
        }

        @Override
        public void close() {
            stopWriting();
        }
    }
}
