package dev.idem.state;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeSet;
import java.util.SortedSet;
import java.util.regex.Pattern;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Named JSON documents in one directory, each written atomically: a crash (even SIGKILL or a
 * power cut after the rename) leaves either the previous document or the new one, never a
 * mix, never a truncated file.
 *
 * <p>Every save serializes first, writes a temporary file in the same directory, forces it to
 * the device, renames it over the target with {@code ATOMIC_MOVE} and then forces the
 * directory so the rename itself survives a power cut (best effort: some platforms cannot
 * open a directory). Temporary files left by a crash start with a dot and end with
 * {@value #TEMP_SUFFIX}; {@link #load} and {@link #names} never see them.
 *
 * <pre>{@code
 * StateStore store = StateStore.open(Path.of("state"));
 * store.save("conversation-42", conversationJson);
 * Optional<JsonNode> restored = store.load("conversation-42");
 * }</pre>
 *
 * <p>Thread-safe: concurrent saves of one name each complete, the last rename wins.
 * Failures of the file system surface as {@link UncheckedIOException} naming the file.
 */
public final class StateStore {
    static final String SUFFIX = ".json";
    static final String TEMP_SUFFIX = ".tmp";
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9_][A-Za-z0-9_.-]{0,199}");
    private static final JsonMapper MAPPER = JsonMapper.builder().build();

    private final Path directory;

    private StateStore(Path directory) {
        this.directory = directory;
    }

    /**
     * Opens (creating it when missing) the directory that holds the documents.
     *
     * @param directory the directory, created when missing
     * @return the store
     */
    public static StateStore open(Path directory) {
        Objects.requireNonNull(directory, "directory");
        try {
            Files.createDirectories(directory);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create state directory " + directory, e);
        }
        return new StateStore(directory.toAbsolutePath());
    }

    /**
     * The directory this store writes to.
     *
     * @return the directory this store writes to
     */
    public Path directory() {
        return directory;
    }

    /**
     * Saves {@code document} under {@code name}, atomically replacing any previous version.
     *
     * @param name     the document's name
     * @param document the document
     */
    public void save(String name, JsonNode document) {
        Objects.requireNonNull(document, "document");
        write(name, MAPPER.writeValueAsBytes(document));
    }

    /**
     * Saves JSON text under {@code name}. The text is parsed first, so text that is not one
     * JSON document is rejected with an {@link IllegalArgumentException} and nothing is written.
     *
     * @param name the document's name
     * @param json JSON text
     */
    public void saveText(String name, String json) {
        Objects.requireNonNull(json, "json");
        try {
            MAPPER.readTree(json);
        } catch (tools.jackson.core.JacksonException e) {
            throw new IllegalArgumentException("document '" + name + "' is not valid JSON: "
                    + e.getOriginalMessage(), e);
        }
        write(name, json.getBytes(StandardCharsets.UTF_8));
    }

    /**
     * The document saved under {@code name}, or empty when there is none.
     *
     * @param name the document's name
     * @return the document, or empty
     */
    public Optional<JsonNode> load(String name) {
        return loadText(name).map(MAPPER::readTree);
    }

    /**
     * The text of the document saved under {@code name}, or empty when there is none.
     *
     * @param name the document's name
     * @return the document's text, or empty
     */
    public Optional<String> loadText(String name) {
        Path target = fileOf(name);
        try {
            return Optional.of(Files.readString(target, StandardCharsets.UTF_8));
        } catch (NoSuchFileException e) {
            return Optional.empty();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read state file " + target, e);
        }
    }

    /**
     * Deletes the document saved under {@code name}; returns whether there was one.
     *
     * @param name the document's name
     * @return whether there was a document
     */
    public boolean delete(String name) {
        Path target = fileOf(name);
        try {
            boolean deleted = Files.deleteIfExists(target);
            if (deleted) {
                forceDirectory();
            }
            return deleted;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot delete state file " + target, e);
        }
    }

    /**
     * The names of all saved documents, sorted; temporary files left by a crash are not listed.
     *
     * @return the names, sorted
     */
    public SortedSet<String> names() {
        SortedSet<String> names = new TreeSet<>();
        try (DirectoryStream<Path> files = Files.newDirectoryStream(directory, "*" + SUFFIX)) {
            for (Path file : files) {
                String fileName = file.getFileName().toString();
                String name = fileName.substring(0, fileName.length() - SUFFIX.length());
                if (NAME.matcher(name).matches()) {
                    names.add(name);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list state directory " + directory, e);
        }
        return names;
    }

    private void write(String name, byte[] content) {
        Path target = fileOf(name);
        Path temp = null;
        try {
            // Same directory as the target: a rename across file systems would not be atomic.
            temp = Files.createTempFile(directory, "." + name + ".", TEMP_SUFFIX);
            try (FileChannel channel = FileChannel.open(temp, StandardOpenOption.WRITE)) {
                ByteBuffer buffer = ByteBuffer.wrap(content);
                while (buffer.hasRemaining()) {
                    channel.write(buffer);
                }
                // Data and metadata on the device before the rename makes them visible.
                channel.force(true);
            }
            moveAtomically(temp, target);
            temp = null;
            forceDirectory();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write state file " + target, e);
        } finally {
            if (temp != null) {
                deleteQuietly(temp);
            }
        }
    }

    private static void moveAtomically(Path temp, Path target) throws IOException {
        try {
            Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            // Refuse rather than fall back to a copy that a crash could leave half done.
            throw new IOException("the file system cannot rename atomically: " + e.getMessage(), e);
        }
    }

    /** Makes the rename durable. Unsupported on some platforms (Windows): ignored there. */
    private void forceDirectory() {
        try (FileChannel dir = FileChannel.open(directory, StandardOpenOption.READ)) {
            dir.force(true);
        } catch (IOException | UnsupportedOperationException e) {
            // Best effort by design: the rename is already atomic, only its durability is at stake.
        }
    }

    private static void deleteQuietly(Path file) {
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            // A leftover temporary file is ignored by load and names.
        }
    }

    private Path fileOf(String name) {
        return directory.resolve(requireValidName(name) + SUFFIX);
    }

    /**
     * Checks a state name. Names become file names: no separators, no leading dot (kept for
     * temporary files).
     *
     * @param name the state name to check
     * @return {@code name}
     * @throws IllegalArgumentException naming the rule when the name is not valid
     */
    public static String requireValidName(String name) {
        Objects.requireNonNull(name, "name");
        if (!NAME.matcher(name).matches()) {
            throw new IllegalArgumentException("state name '" + name
                    + "' must be 1-200 characters of letters, digits, '_', '.', '-' and not start with '.' or '-'");
        }
        return name;
    }
}
