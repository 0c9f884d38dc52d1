package dev.idem.faults;

import java.io.EOFException;
import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A {@link RawHttpServer} reply that misbehaves for a bounded time and records what the client
 * did meanwhile: how many bytes it let the server write, and whether it hung up (a write failed).
 * Every reply gives up by itself after {@link #GIVE_UP}, so a client that never ends a call cannot
 * keep a test's server thread alive; bodies are generated on the fly, never held.
 *
 * <pre>{@code
 * HostileReply reply = HostileReply.trickle(Duration.ofSeconds(1));
 * try (RawHttpServer server = RawHttpServer.start(reply)) {
 *     ... the call fails ...
 *     assertThat(reply.awaitHangUp()).isTrue();   // the client closed the exchange
 * }
 * }</pre>
 */
public final class HostileReply implements RawHttpServer.Reply {

    /** How long any reply goes on at most. */
    public static final Duration GIVE_UP = Duration.ofSeconds(60);

    /** What the reply writes, through a counting stream; returns normally when it gave up. */
    @FunctionalInterface
    public interface Script {
        void write(Socket socket, OutputStream out, long giveUpAt) throws IOException, InterruptedException;
    }

    private final Script script;
    private final AtomicLong written = new AtomicLong();
    private final CountDownLatch ended = new CountDownLatch(1);
    private volatile boolean hungUp;

    private HostileReply(Script script) {
        this.script = script;
    }

    public static HostileReply of(Script script) {
        return new HostileReply(script);
    }

    /** A 200 JSON answer's head, then nothing at all. */
    public static HostileReply headersThenSilence() {
        return of((socket, out, giveUpAt) -> {
            out.write(head("application/json", "Content-Length: 200").getBytes(StandardCharsets.US_ASCII));
            out.flush();
            socket.setSoTimeout(100);
            while (System.nanoTime() < giveUpAt) {
                try {
                    if (socket.getInputStream().read() < 0) {
                        throw new EOFException("the client closed the connection");
                    }
                } catch (SocketTimeoutException stillOpen) {
                    // keep listening for the client's close
                }
            }
        });
    }

    /** A 200 answer of {@code contentType} whose body then comes one byte every {@code gap}. */
    public static HostileReply trickle(String contentType, String body, Duration gap) {
        return of((socket, out, giveUpAt) -> {
            out.write(head(contentType, "Transfer-Encoding: chunked").getBytes(StandardCharsets.US_ASCII));
            out.flush();
            byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
            for (int i = 0; System.nanoTime() < giveUpAt; i = (i + 1) % bytes.length) {
                chunk(out, Arrays.copyOfRange(bytes, i, i + 1));
                Thread.sleep(gap.toMillis());
            }
        });
    }

    /** An event stream that sends {@code line} (and a blank line) every {@code gap}, forever. */
    public static HostileReply repeatEvent(String line, Duration gap) {
        return of((socket, out, giveUpAt) -> {
            out.write(head("text/event-stream", "Transfer-Encoding: chunked").getBytes(StandardCharsets.US_ASCII));
            out.flush();
            byte[] event = (line + "\n\n").getBytes(StandardCharsets.UTF_8);
            while (System.nanoTime() < giveUpAt) {
                chunk(out, event);
                if (!gap.isZero()) {
                    Thread.sleep(gap.toMillis());
                }
            }
        });
    }

    /**
     * A 200 answer of {@code contentType}: {@code prefix}, then {@code filler} repeated to
     * {@code total} bytes, then {@code suffix}, with its length declared; generated as it is sent.
     */
    public static HostileReply huge(String contentType, String prefix, String filler, long total, String suffix) {
        return of((socket, out, giveUpAt) -> {
            byte[] start = prefix.getBytes(StandardCharsets.UTF_8);
            byte[] end = suffix.getBytes(StandardCharsets.UTF_8);
            out.write(head(contentType, "Content-Length: " + (start.length + total + end.length))
                    .getBytes(StandardCharsets.US_ASCII));
            out.write(start);
            byte[] block = filler.repeat(Math.max(1, 65_536 / filler.length())).getBytes(StandardCharsets.UTF_8);
            for (long sent = 0; sent < total && System.nanoTime() < giveUpAt; sent += block.length) {
                out.write(block, 0, (int) Math.min(block.length, total - sent));
            }
            out.write(end);
            out.flush();
        });
    }

    @Override
    public void play(Socket socket, OutputStream out) throws InterruptedException {
        long giveUpAt = System.nanoTime() + GIVE_UP.toNanos();
        try {
            script.write(socket, new Counting(out), giveUpAt);
        } catch (IOException e) {
            hungUp = true; // the client closed the connection: a write failed
        } finally {
            ended.countDown();
        }
    }

    /** Bytes the server managed to write (the client's socket buffers included). */
    public long written() {
        return written.get();
    }

    /** Waits up to 15 s for the reply to end; true when it ended because the client hung up. */
    public boolean awaitHangUp() throws InterruptedException {
        return ended.await(15, TimeUnit.SECONDS) && hungUp;
    }

    private static String head(String contentType, String framing) {
        return "HTTP/1.1 200 OK\r\nContent-Type: " + contentType + "\r\n" + framing + "\r\n\r\n";
    }

    private static void chunk(OutputStream out, byte[] data) throws IOException {
        out.write((Integer.toHexString(data.length) + "\r\n").getBytes(StandardCharsets.US_ASCII));
        out.write(data);
        out.write("\r\n".getBytes(StandardCharsets.US_ASCII));
        out.flush();
    }

    private final class Counting extends OutputStream {
        private final OutputStream out;

        private Counting(OutputStream out) {
            this.out = out;
        }

        @Override
        public void write(int b) throws IOException {
            out.write(b);
            written.incrementAndGet();
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            out.write(b, off, len);
            written.addAndGet(len);
        }

        @Override
        public void flush() throws IOException {
            out.flush();
        }
    }
}
