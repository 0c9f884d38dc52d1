package dev.idem.mcp.gateway;

/**
 * The gateway cannot start as asked: the message says why and what to do. A problem with the
 * command line or the policy exits with status 2; an upstream or a journal that cannot be reached,
 * with status 1.
 */
final class GatewayException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /** The exit status: 2 for the command line or the policy, 1 for what it names. */
    final int status;

    private GatewayException(String message, int status) {
        super(message);
        this.status = status;
    }

    /** A command line or a policy the gateway cannot use. */
    static GatewayException usage(String message) {
        return new GatewayException(message, 2);
    }

    /** An upstream or a journal that is not there or does not answer. */
    static GatewayException unavailable(String message) {
        return new GatewayException(message, 1);
    }
}
