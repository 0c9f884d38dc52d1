package dev.idem.journal;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.HexFormat;
import java.util.function.Consumer;
import java.util.zip.CRC32;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The append-only file of a {@link FileCallJournal}: one record per line, {@code <crc32> <json>\n},
 * each append forced to the device before it returns. A line cut by a crash (no newline, or a
 * checksum that does not match) can only be the last one; {@link #replay} drops it and truncates
 * the file there, so the next append starts on a clean line. A bad line anywhere else is damage
 * this journal did not cause, and it refuses to guess.
 *
 * <p>An append that fails (a full disk, an I/O error on write or force) is undone: the file is cut
 * back to the end of its last intact line before the failure is thrown, so the record is not
 * stored and the next append starts on a clean line, never after the cut bytes.
 */
final class JournalLog implements AutoCloseable {

    private static final JsonMapper MAPPER = JsonMapper.builder().build();
    private static final HexFormat HEX = HexFormat.of();

    private final Path file;
    private final FileChannel channel;
    private int lines;
    /** Where the intact lines end: the next append starts here. */
    private long length;
    /** A failed append could not be undone: its bytes may still follow {@link #length}. */
    private boolean cut;

    private JournalLog(Path file, FileChannel channel, int lines, long length) {
        this.file = file;
        this.channel = channel;
        this.lines = lines;
        this.length = length;
    }

    /**
     * Reads every intact line of {@code file} into {@code apply}, truncates a torn last line, and
     * opens the file for appending (creating it when missing).
     */
    static JournalLog replay(Path file, Consumer<JsonNode> apply) {
        int count = 0;
        try {
            byte[] content;
            try {
                content = Files.readAllBytes(file);
            } catch (NoSuchFileException e) {
                content = new byte[0];
            }
            int start = 0;
            int lineNumber = 0;
            while (start < content.length) {
                lineNumber++;
                int end = indexOf(content, (byte) '\n', start);
                JsonNode record = end < 0 ? null : parse(content, start, end);
                if (record == null) {
                    if (end >= 0 && end + 1 < content.length) {
                        throw new IllegalStateException("call journal " + file + " is damaged at line " + lineNumber
                                + " (not the last line, so not a write cut short by a crash); restore it from a"
                                + " backup or move it away");
                    }
                    break; // torn last line: dropped below
                }
                apply.accept(record);
                count++;
                start = end + 1;
            }
            FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
            try {
                if (channel.size() != start) {
                    channel.truncate(start);
                    channel.force(true);
                }
                channel.position(start);
            } catch (IOException e) {
                channel.close();
                throw e;
            }
            return new JournalLog(file, channel, count, start);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot open call journal log " + file, e);
        }
    }

    /**
     * Appends {@code record} as one line and forces it to the device; when that fails, the file is
     * left as it was before (see {@link #undoFailedAppend}) and the record is not stored.
     *
     * @throws UncheckedIOException naming the file, when the line could not be written and forced
     */
    void append(JsonNode record) {
        byte[] json = MAPPER.writeValueAsBytes(record);
        CRC32 crc = new CRC32();
        crc.update(json);
        byte[] prefix = (HEX.toHexDigits((int) crc.getValue()) + " ").getBytes(StandardCharsets.US_ASCII);
        ByteBuffer line = ByteBuffer.allocate(prefix.length + json.length + 1);
        line.put(prefix).put(json).put((byte) '\n').flip();
        try {
            if (cut) {
                undoFailedAppend();
            }
            while (line.hasRemaining()) {
                channel.write(line);
            }
            channel.force(false);
        } catch (IOException e) {
            UncheckedIOException failure = new UncheckedIOException("cannot append to call journal log " + file
                    + " (" + FileFault.reason(e) + "): the record was not stored, and the log is left as it was", e);
            try {
                undoFailedAppend();
            } catch (IOException undo) {
                failure = new UncheckedIOException("cannot append to call journal log " + file + " ("
                        + FileFault.reason(e) + "): the record was not stored, and the log could not yet be cut back to its last record ("
                        + FileFault.reason(undo) + "); nothing is appended until it is", e);
                failure.addSuppressed(undo);
            }
            throw failure;
        }
        length += line.limit();
        lines++;
    }

    /**
     * Cuts the file back to its last intact line, forced. Truncating rather than starting a new
     * segment file: a new file needs a directory entry and blocks on the very device that just
     * failed, and would keep the cut bytes inside the journal's history, where only the last line
     * may ever be torn; truncation frees what the failed write took and keeps that rule, so nothing
     * the journal wrote reads as damage later. Until it succeeds no append is made: a crash before
     * then leaves the cut bytes as the torn last line that {@link #replay} drops.
     */
    private void undoFailedAppend() throws IOException {
        cut = true;
        channel.truncate(length);
        channel.position(length);
        channel.force(false);
        cut = false;
    }

    /** Lines in the file (intact ones read at open, plus appends). */
    int lines() {
        return lines;
    }

    @Override
    public void close() {
        try {
            channel.close();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot close call journal log " + file, e);
        }
    }

    /** The record on one line, or {@code null} when the line is torn (bad checksum or not JSON). */
    private static JsonNode parse(byte[] content, int start, int end) {
        if (end - start < 10 || content[start + 8] != ' ') {
            return null;
        }
        String checksum = new String(content, start, 8, StandardCharsets.US_ASCII);
        CRC32 crc = new CRC32();
        crc.update(content, start + 9, end - start - 9);
        try {
            if (HexFormat.fromHexDigits(checksum) != (int) crc.getValue()) {
                return null;
            }
            return MAPPER.readTree(new String(content, start + 9, end - start - 9, StandardCharsets.UTF_8));
        } catch (NumberFormatException | JacksonException e) {
            return null;
        }
    }

    private static int indexOf(byte[] content, byte value, int from) {
        for (int i = from; i < content.length; i++) {
            if (content[i] == value) {
                return i;
            }
        }
        return -1;
    }
}
