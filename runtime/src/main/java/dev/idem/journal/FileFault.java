package dev.idem.journal;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;

/**
 * Why a file operation of the journal failed, in the operating system's words ("Permission denied",
 * "Read-only file system", "No space left on device"), for messages that already name the file. A
 * {@link FileSystemException}'s message is its path, then its reason when the JDK has one: used as
 * is, a message would name the path twice, and for the exceptions Java gives a type instead of a
 * reason ({@link AccessDeniedException}, ...) it would give no reason at all.
 */
final class FileFault {

    /** Enough to pass the wrappers between a journal failure and its I/O error, and to end a cycle. */
    private static final int MAX_CAUSES = 8;

    private FileFault() {}

    /**
     * The reason of {@code e}, without its path.
     *
     * @param e the I/O error
     * @return what went wrong, never {@code null}
     */
    static String reason(IOException e) {
        if (e instanceof FileSystemException fileSystem) {
            if (fileSystem.getReason() != null) {
                return fileSystem.getReason();
            }
            if (e instanceof AccessDeniedException) {
                return "Permission denied";
            }
            if (e instanceof NoSuchFileException) {
                return "No such file or directory";
            }
            if (e instanceof FileAlreadyExistsException) {
                return "File exists";
            }
            if (e instanceof NotDirectoryException) {
                return "Not a directory";
            }
            if (e instanceof DirectoryNotEmptyException) {
                return "Directory not empty";
            }
            return e.getClass().getSimpleName();
        }
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    }

    /**
     * {@code failure}'s message followed by the reason of the first I/O error in its causes, when
     * there is one: {@code cannot open call journal log /j/calls-2.log (Permission denied)}.
     *
     * @param failure what the journal threw
     * @return the message and the reason
     */
    static String describe(RuntimeException failure) {
        Throwable cause = failure.getCause();
        for (int depth = 0; cause != null && depth < MAX_CAUSES; depth++, cause = cause.getCause()) {
            if (cause instanceof IOException io) {
                return failure.getMessage() + " (" + reason(io) + ")";
            }
        }
        return failure.getMessage();
    }
}
