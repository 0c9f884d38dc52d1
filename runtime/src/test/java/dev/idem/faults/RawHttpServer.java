package dev.idem.faults;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * An HTTP/1.1 server on loopback that reads each request in full, counts it, then misbehaves in a
 * way WireMock cannot script: a body cut by a TCP reset, a chunked body that just stops.
 *
 * <pre>{@code
 * try (RawHttpServer server = RawHttpServer.start(RawHttpServer::resetMidBody)) {
 *     client.chat(request);           // fails after the status line
 *     server.requests();              // 1
 * }
 * }</pre>
 */
public final class RawHttpServer implements AutoCloseable {

    /** What the server does once it has read a whole request. */
    @FunctionalInterface
    public interface Reply {
        void play(Socket socket, OutputStream out) throws IOException, InterruptedException;
    }

    private static final String JSON_START = "{\"id\":\"chatcmpl-1\",\"object\":\"chat.completion\",\"choices\":[{\"index\":0,"
            + "\"message\":{\"role\":\"assistant\",\"content\":null,\"tool_calls\":[{\"id\":\"call_1\",\"type\":\"function\","
            + "\"function\":{\"name\":\"schedulePix\",\"arguments\":\"{\\\"cents\\\":";

    private final ServerSocket server;
    private final Reply reply;
    private final AtomicInteger requests = new AtomicInteger();

    private RawHttpServer(Reply reply) throws IOException {
        this.server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        this.reply = reply;
        Thread acceptor = new Thread(this::acceptLoop, "raw-http-accept");
        acceptor.setDaemon(true);
        acceptor.start();
    }

    public static RawHttpServer start(Reply reply) {
        try {
            return new RawHttpServer(reply);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public String baseUrl() {
        return "http://127.0.0.1:" + server.getLocalPort() + "/v1";
    }

    /** Requests read in full so far: each one reached the server and could have been acted upon. */
    public int requests() {
        return requests.get();
    }

    /** Reads the request, then says nothing until the client has long given up. */
    static void silentAfterReading(Socket socket, OutputStream out) throws InterruptedException {
        Thread.sleep(2_000);
    }

    /** Status line, headers and part of a fixed-length body, then a TCP reset (RST, not FIN). */
    static void resetMidBody(Socket socket, OutputStream out) throws IOException, InterruptedException {
        String head = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 4096\r\n\r\n";
        out.write((head + JSON_START).getBytes(StandardCharsets.UTF_8));
        out.flush();
        Thread.sleep(50); // let the client read the status line before the reset
        socket.setSoLinger(true, 0);
        socket.close();
    }

    /** Reads the request, then resets the connection without a byte of answer (RST): acted, then dropped. */
    public static void resetAfterReading(Socket socket, OutputStream out) throws IOException {
        socket.setSoLinger(true, 0);
        socket.close();
    }

    /** Reads the request, answers 200 after {@code delayMs}: acted, but later than a caller may wait. */
    public static Reply answerAfter(long delayMs) {
        return (socket, out) -> {
            Thread.sleep(delayMs);
            out.write("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}"
                    .getBytes(StandardCharsets.UTF_8));
            out.flush();
        };
    }

    /** Reads the request, then closes the connection without a byte of answer (FIN): a premature close. */
    public static void closedAfterReading(Socket socket, OutputStream out) throws IOException {
        socket.shutdownOutput();
        socket.close();
    }

    /** A chunked body whose chunk announces more bytes than ever come; the server then closes. */
    static void truncatedChunkedBody(Socket socket, OutputStream out) throws IOException, InterruptedException {
        String head = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n";
        out.write((head + "400\r\n" + JSON_START).getBytes(StandardCharsets.UTF_8));
        out.flush();
        Thread.sleep(50);
        socket.shutdownOutput();
        socket.close();
    }

    private void acceptLoop() {
        while (!server.isClosed()) {
            try {
                Socket socket = server.accept();
                Thread handler = new Thread(() -> serve(socket), "raw-http-conn");
                handler.setDaemon(true);
                handler.start();
            } catch (IOException closed) {
                return;
            }
        }
    }

    private void serve(Socket socket) {
        try (socket) {
            InputStream in = socket.getInputStream();
            int length = contentLength(readHead(in));
            in.readNBytes(length);
            requests.incrementAndGet();
            reply.play(socket, socket.getOutputStream());
        } catch (IOException | InterruptedException | RuntimeException ignored) {
            // The client may give up first; either way this connection is done.
        }
    }

    private static String readHead(InputStream in) throws IOException {
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        int matched = 0;
        byte[] end = {'\r', '\n', '\r', '\n'};
        while (matched < end.length) {
            int next = in.read();
            if (next < 0) {
                throw new IOException("request ended inside its head");
            }
            head.write(next);
            matched = next == end[matched] ? matched + 1 : (next == '\r' ? 1 : 0);
        }
        return head.toString(StandardCharsets.ISO_8859_1);
    }

    private static int contentLength(String head) {
        for (String line : head.split("\r\n")) {
            int colon = line.indexOf(':');
            if (colon > 0 && line.substring(0, colon).trim().toLowerCase(Locale.ROOT).equals("content-length")) {
                return Integer.parseInt(line.substring(colon + 1).trim());
            }
        }
        return 0;
    }

    @Override
    public void close() {
        try {
            server.close();
        } catch (IOException ignored) {
            // Nothing left to release.
        }
    }
}
