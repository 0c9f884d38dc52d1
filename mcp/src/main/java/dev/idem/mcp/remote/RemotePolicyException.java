package dev.idem.mcp.remote;

import java.util.List;

/**
 * A remote tool policy (a file, or a policy that does not fit the server's tools) was refused;
 * every problem is listed, each naming the source and the key.
 *
 * <pre>{@code
 * try {
 *     RemoteToolPolicy.read(Path.of("remote-tools.properties"));
 * } catch (RemotePolicyException e) {
 *     e.problems().forEach(System.err::println);
 * }
 * }</pre>
 */
public final class RemotePolicyException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** One sentence per problem. */
    private final List<String> problems;

    /**
     * A refusal listing {@code problems}.
     *
     * @param problems one sentence per problem, at least one
     * @throws IllegalArgumentException when {@code problems} is empty
     */
    public RemotePolicyException(List<String> problems) {
        super("the remote tool policy was refused: " + String.join("; ", problems));
        if (problems.isEmpty()) {
            throw new IllegalArgumentException("problems must not be empty");
        }
        this.problems = List.copyOf(problems);
    }

    /**
     * Every problem found.
     *
     * @return one sentence per problem
     */
    public List<String> problems() {
        return problems;
    }
}
