package dev.idem.journal;

import dev.idem.internal.DaemonThreads;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.HexFormat;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.zip.CRC32;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The append-only file of a {@link FileCallJournal}: one record per line, {@code <crc32> <json>\n}.
 * A line cut by a crash (no newline, or a checksum that does not match) can only be the last one;
 * {@link #replay} drops it and truncates the file there, so the next append starts on a clean line.
 * A bad line anywhere else is damage this journal did not cause, and it refuses to guess.
 *
 * <p><b>Group commit.</b> An append is two steps: {@link #write} puts the line in the file under
 * this log's monitor and returns its {@link Group}; {@link #awaitForced} returns once a force that
 * began after the line was written has succeeded, and only then may the record be acknowledged.
 * One force covers every line written before it began: the first writer to wait while no force
 * runs forces for everyone written so far, and the writers that come meanwhile join the next
 * group, so concurrent appends share forces instead of queueing for one each.
 *
 * <p>An append that fails (a full disk, an I/O error on write or force) is undone: the file is cut
 * back to the end of its last intact line before the failure is thrown, so the record is not
 * stored and the next append starts on a clean line, never after the cut bytes. A failed write cuts
 * only its own line. A failed force cuts back to the last forced line, so it fails every append
 * past it: those of its group and those written while it ran; none of them is acknowledged.
 *
 * <p><b>Interrupts.</b> A {@link FileChannel} closes itself when a thread blocked in its I/O is
 * interrupted, and a closed channel would end the journal for every call of every thread. So the
 * channel's I/O runs on the log's own two threads, which nothing interrupts (one for a running
 * force, one for the writes and cuts made meanwhile); a caller waits for its I/O without giving up
 * on an interrupt, and keeps the interrupt.
 */
final class JournalLog implements AutoCloseable {

    private static final JsonMapper MAPPER = JsonMapper.builder().build();
    private static final HexFormat HEX = HexFormat.of();

    /** Brings the written lines to the device; tests put a count or a fault in front of it. */
    @FunctionalInterface
    interface Force {
        /** {@code fdatasync}: the lines' bytes and the file's length, not its times. */
        Force DEVICE = channel -> channel.force(false);

        void force(FileChannel channel) throws IOException;
    }

    /**
     * The appends one force covers, settled together: all acknowledged, or all failed. Its fields
     * are written and read under the log's monitor only.
     */
    static final class Group {
        private boolean settled;
        private IOException failure;
        private IOException undoFailure;
    }

    private final Path file;
    private final FileChannel channel;
    private final Force force;
    private final ExecutorService io = Executors.newFixedThreadPool(2, DaemonThreads.named("idem-file-journal"));
    // Guarded by this. The monitor orders every write before the force that covers it: a force
    // starts after reading the end of the written lines under the monitor, so every line up to
    // that end was written (happens-before) when the force began. The force runs outside the
    // monitor so that the next group can be written meanwhile.
    private int lines;
    /** Where the written lines end: the next append starts here. */
    private long length;
    private int forcedLines;
    /** Where the forced lines end: a failed force cuts back to here. */
    private long forced;
    /** A failed append could not be undone: its bytes may still follow {@link #length}. */
    private boolean cut;
    /** The lines written since the running force (or the last one) began. */
    private Group open = new Group();
    /** A force runs: one at a time, so that each covers as many lines as it can. */
    private boolean forcing;

    private JournalLog(Path file, FileChannel channel, Force force, int lines, long length) {
        this.file = file;
        this.channel = channel;
        this.force = force;
        this.lines = lines;
        this.length = length;
        this.forcedLines = lines;
        this.forced = length;
    }

    /**
     * Reads every intact line of {@code file} into {@code apply}, truncates a torn last line, and
     * opens the file for appending (creating it when missing).
     */
    static JournalLog replay(Path file, Force force, Consumer<JsonNode> apply) {
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
            return new JournalLog(file, channel, force, count, start);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot open call journal log " + file, e);
        }
    }

    /**
     * Writes {@code record} as one line, not yet forced: the caller must not acknowledge it before
     * {@link #awaitForced} of the group returned here. When the write fails, the file is left as it
     * was before (see {@link #undoFailedAppend}) and the record is not stored.
     *
     * @throws UncheckedIOException naming the file, when the line could not be written
     */
    synchronized Group write(JsonNode record) {
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
            onLogThreads(() -> {
                while (line.hasRemaining()) {
                    channel.write(line);
                }
            });
        } catch (IOException e) {
            IOException undo = null;
            try {
                undoFailedAppend();
            } catch (IOException undoFailure) {
                undo = undoFailure;
            }
            throw failure(e, undo);
        }
        length += line.limit();
        lines++;
        return open;
    }

    /**
     * Returns once {@code group}'s lines are forced to the device, forcing them itself when no
     * force runs; every line of the group is then stored and may be acknowledged.
     *
     * @throws UncheckedIOException naming the file, when the force failed: the log was cut back to
     *                              its last forced line and none of the group's records is stored
     */
    void awaitForced(Group group) {
        Group covered;
        long end;
        int endLines;
        synchronized (this) {
            awaitWhile(this, () -> !group.settled && forcing);
            if (group.settled) {
                throwIfFailed(group);
                return;
            }
            // No force runs and this group is unsettled, so it is the open one: force it for all.
            forcing = true;
            covered = open;
            open = new Group();
            end = length;
            endLines = lines;
        }
        IOException failure = null;
        try {
            onLogThreads(() -> force.force(channel));
        } catch (IOException e) {
            failure = e;
        }
        synchronized (this) {
            forcing = false;
            if (failure == null) {
                forced = end;
                forcedLines = endLines;
                covered.settled = true;
            } else {
                // Cut back to the last forced line: that drops the covered lines and those of the
                // open group written during the force, so both groups fail.
                length = forced;
                lines = forcedLines;
                IOException undo = null;
                try {
                    undoFailedAppend();
                } catch (IOException undoFailure) {
                    undo = undoFailure;
                }
                fail(covered, failure, undo);
                fail(open, failure, undo);
                open = new Group();
            }
            notifyAll();
            throwIfFailed(covered);
        }
    }

    /**
     * Waits on {@code monitor}, which the caller holds, while {@code condition} holds, without
     * giving up on an interrupt (the wait is at most a force long); the interrupt is kept for the
     * caller. Here: the line is in the file already, so only the force can say whether it is stored.
     */
    static void awaitWhile(Object monitor, BooleanSupplier condition) {
        boolean interrupted = false;
        while (condition.getAsBoolean()) {
            try {
                monitor.wait();
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    private static void fail(Group group, IOException failure, IOException undo) {
        group.settled = true;
        group.failure = failure;
        group.undoFailure = undo;
    }

    private void throwIfFailed(Group group) {
        if (group.failure != null) {
            throw failure(group.failure, group.undoFailure);
        }
    }

    /** What a failed append throws; a new exception per caller, so each has its own stack. */
    private UncheckedIOException failure(IOException e, IOException undo) {
        if (undo == null) {
            return new UncheckedIOException("cannot append to call journal log " + file + " (" + FileFault.reason(e)
                    + "): the record was not stored, and the log is left as it was", e);
        }
        UncheckedIOException failure = new UncheckedIOException("cannot append to call journal log " + file + " ("
                + FileFault.reason(e) + "): the record was not stored, and the log could not yet be cut back to its"
                + " last record (" + FileFault.reason(undo) + "); nothing is appended until it is", e);
        failure.addSuppressed(undo);
        return failure;
    }

    /**
     * Cuts the file back to its last intact line ({@link #length}), forced. Truncating rather than
     * starting a new segment file: a new file needs a directory entry and blocks on the very device
     * that just failed, and would keep the cut bytes inside the journal's history, where only the
     * last line may ever be torn; truncation frees what the failed write took and keeps that rule,
     * so nothing the journal wrote reads as damage later. Until it succeeds no append is made: a
     * crash before then leaves the cut bytes as the torn last line that {@link #replay} drops.
     */
    private void undoFailedAppend() throws IOException {
        cut = true;
        long end = length;
        onLogThreads(() -> {
            channel.truncate(end);
            channel.position(end);
            force.force(channel);
        });
        cut = false;
    }

    /** The channel's I/O, done on the log's own threads; waits for it whatever interrupts the caller. */
    @FunctionalInterface
    private interface ChannelIo {
        void run() throws IOException;
    }

    private void onLogThreads(ChannelIo work) throws IOException {
        Future<Void> done;
        try {
            done = io.submit(() -> {
                work.run();
                return null;
            });
        } catch (RejectedExecutionException e) {
            throw new ClosedChannelException(); // the log was closed
        }
        boolean interrupted = false;
        try {
            while (true) {
                try {
                    done.get();
                    return;
                } catch (InterruptedException e) {
                    interrupted = true;
                } catch (ExecutionException e) {
                    Throwable cause = e.getCause();
                    if (cause instanceof IOException failure) {
                        throw failure;
                    }
                    if (cause instanceof RuntimeException failure) {
                        throw failure;
                    }
                    if (cause instanceof Error failure) {
                        throw failure;
                    }
                    throw new IOException(cause);
                }
            }
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** Lines in the file (intact ones read at open, plus appends). */
    synchronized int lines() {
        return lines;
    }

    @Override
    public void close() {
        io.shutdown();
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
