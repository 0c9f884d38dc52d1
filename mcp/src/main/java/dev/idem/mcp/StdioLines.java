package dev.idem.mcp;

import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;

/**
 * Reads newline-terminated lines as bytes (decoding is the JSON parser's job, so invalid UTF-8 is
 * found there), each at most {@code maxBytes}: a longer line is read to its end and thrown away,
 * so one client cannot make the server buffer without bound. Not thread-safe: one reader thread.
 */
final class StdioLines {

    /** One line without its terminator ({@code \n}, {@code \r\n}), or the news that it was too long. */
    record Line(byte[] bytes, boolean tooLong) {}

    private final InputStream in;
    private final int maxBytes;
    private final byte[] buffer = new byte[64 * 1024];
    private int position;
    private int limit;
    private byte[] line = new byte[1024];
    private int length;

    StdioLines(InputStream in, int maxBytes) {
        this.in = in;
        this.maxBytes = maxBytes;
    }

    /** The next line, or null when the input ended; a last line without a newline counts. */
    Line next() throws IOException {
        length = 0;
        boolean tooLong = false;
        boolean any = false;
        while (true) {
            if (position == limit) {
                limit = in.read(buffer);
                position = 0;
                if (limit < 0) {
                    limit = 0;
                    return any ? finish(tooLong) : null;
                }
            }
            any = true;
            int start = position;
            while (position < limit && buffer[position] != '\n') {
                position++;
            }
            int count = position - start;
            if (!tooLong && length + count > maxBytes + 1) { // + 1: a '\r' before the '\n' is no content
                tooLong = true;
                length = 0;
            }
            if (!tooLong) {
                append(start, count);
            }
            if (position < limit) {
                position++; // the '\n'
                return finish(tooLong);
            }
        }
    }

    private Line finish(boolean tooLong) {
        int end = length > 0 && line[length - 1] == '\r' ? length - 1 : length;
        if (!tooLong && end > maxBytes) {
            tooLong = true;
        }
        Line result = new Line(tooLong ? new byte[0] : Arrays.copyOf(line, end), tooLong);
        if (line.length > buffer.length) {
            line = new byte[1024]; // one long line must not keep its buffer for the rest of the session
        }
        return result;
    }

    private void append(int start, int count) {
        if (length + count > line.length) {
            line = Arrays.copyOf(line, Math.max(length + count, Math.min(line.length * 2, maxBytes + 1)));
        }
        System.arraycopy(buffer, start, line, length, count);
        length += count;
    }
}
