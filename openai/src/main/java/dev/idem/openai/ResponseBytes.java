package dev.idem.openai;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.SequenceInputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * A response body held once, up to a cap: bytes are copied into blocks that grow from 8 KiB to
 * 1 MiB (no block is ever copied again), and read back as a stream the JSON parser consumes
 * directly, never as one big array or string. Copying matters: the transport's buffers can be
 * slices of much larger ones, so keeping them would let a server that sends one byte per packet
 * pin kilobytes per byte. One writer; read only after writing is done.
 *
 * <pre>{@code
 * ResponseBytes body = ResponseBytes.read(in, 16 << 20);
 * if (body.overflowed()) { ... larger than the cap ... } else parse(body.inputStream());
 * }</pre>
 */
final class ResponseBytes {

    private static final int FIRST_BLOCK = 8 * 1024;
    private static final int LARGEST_BLOCK = 1024 * 1024;

    private final long cap;
    private final List<byte[]> blocks = new ArrayList<>();
    private byte[] current = new byte[0];
    private int used;
    private long length;
    private boolean overflowed;

    ResponseBytes(long cap) {
        this.cap = cap;
    }

    /** Reads {@code in} to its end or until more than {@code cap} bytes came (then {@link #overflowed()}). */
    static ResponseBytes read(InputStream in, long cap) throws IOException {
        ResponseBytes bytes = new ResponseBytes(cap);
        byte[] buffer = new byte[FIRST_BLOCK];
        for (int count = in.read(buffer); count >= 0; count = in.read(buffer)) {
            if (!bytes.append(ByteBuffer.wrap(buffer, 0, count))) {
                break;
            }
        }
        return bytes;
    }

    /** Copies {@code buffer} in, up to the cap; false (and {@link #overflowed()}) when it did not all fit. */
    boolean append(ByteBuffer buffer) {
        while (buffer.hasRemaining()) {
            if (length == cap) {
                overflowed = true;
                return false;
            }
            if (used == current.length) {
                current = new byte[current.length == 0 ? FIRST_BLOCK : Math.min(current.length * 2, LARGEST_BLOCK)];
                blocks.add(current);
                used = 0;
            }
            int count = (int) Math.min(Math.min(buffer.remaining(), current.length - used), cap - length);
            buffer.get(current, used, count);
            used += count;
            length += count;
        }
        return true;
    }

    /** Whether the body went on past the cap (what was kept is its first {@code cap} bytes). */
    boolean overflowed() {
        return overflowed;
    }

    /** Bytes kept. */
    long length() {
        return length;
    }

    /** Whether the kept bytes are all JSON whitespace (or none). */
    boolean isBlank() {
        for (int b = 0; b < blocks.size(); b++) {
            byte[] block = blocks.get(b);
            for (int i = 0, end = filled(b); i < end; i++) {
                if (block[i] != ' ' && block[i] != '\n' && block[i] != '\r' && block[i] != '\t') {
                    return false;
                }
            }
        }
        return true;
    }

    /** The kept bytes as a stream, without copying them. */
    InputStream inputStream() {
        List<InputStream> parts = new ArrayList<>(blocks.size());
        for (int b = 0; b < blocks.size(); b++) {
            parts.add(new ByteArrayInputStream(blocks.get(b), 0, filled(b)));
        }
        return new SequenceInputStream(Collections.enumeration(parts));
    }

    /** The kept bytes as UTF-8 text: for error answers, which are small or cut to a small cap. */
    String text() {
        try {
            return new String(inputStream().readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException impossible) {
            throw new IllegalStateException(impossible);
        }
    }

    private int filled(int block) {
        return block == blocks.size() - 1 ? used : blocks.get(block).length;
    }
}
