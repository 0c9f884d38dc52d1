package dev.idem.cli;

/** The command line is wrong: exit status 2, with the usage of the command at hand. */
final class UsageException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    UsageException(String message) {
        super(message);
    }
}
