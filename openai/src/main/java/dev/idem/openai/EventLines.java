package dev.idem.openai;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

/**
 * Reads the lines of a server-sent event stream (ended by LF, CRLF or CR), each at most
 * {@code maxBytes} long: a longer line fails as too large instead of growing without end, so a
 * server that sends one endless line cannot fill the heap. One reader, one thread.
 *
 * <pre>{@code
 * EventLines lines = new EventLines(body, 16 << 20);
 * for (String line = lines.next(); line != null; line = lines.next()) { ... }
 * }</pre>
 */
final class EventLines {

    private final InputStream in;
    private final long maxBytes;
    private final byte[] buffer = new byte[8192];
    private final ByteArrayOutputStream line = new ByteArrayOutputStream();
    private int position;
    private int limit;
    private boolean afterCr;

    EventLines(InputStream in, long maxBytes) {
        this.in = in;
        this.maxBytes = maxBytes;
    }

    /** The next line without its end, or null at the end of the stream (a last unended line is returned). */
    String next() throws IOException {
        line.reset();
        while (true) {
            if (position == limit) {
                limit = in.read(buffer);
                position = 0;
                if (limit <= 0) {
                    limit = 0;
                    return line.size() > 0 ? text() : null;
                }
            }
            if (afterCr && buffer[position] == '\n') {
                position++; // the LF of a CRLF
            }
            afterCr = false;
            int start = position;
            while (position < limit && buffer[position] != '\n' && buffer[position] != '\r') {
                position++;
            }
            if (line.size() + (long) (position - start) > maxBytes) {
                throw WireFormat.tooLarge("a line of the event stream is longer than " + maxBytes
                        + " bytes (maxResponseBytes); stopped reading");
            }
            line.write(buffer, start, position - start);
            if (position < limit) {
                afterCr = buffer[position] == '\r';
                position++;
                return text();
            }
        }
    }

    private String text() {
        return line.toString(StandardCharsets.UTF_8);
    }
}
