package dev.idem.mcp.gateway;

/** What {@code --help} prints. */
final class Usage {

    static final String TEXT = """
            idem-mcp-gateway: any MCP server's tools under Idem's rules: a host's retries and re-issues
            never repeat a side effect.

            usage:
              java -jar idem-mcp-gateway.jar [options] -- <upstream command> [its arguments]
              java -jar idem-mcp-gateway.jar [options] --upstream <http(s) URL of a Streamable HTTP server>

            options:
              --policy <file>    the operator's policy (.properties or .json): which tools are idempotent,
                                 restart-safe or read-only, timeouts, retries, approvals, key arguments.
                                 Without one every remote tool is neither idempotent nor restart-safe:
                                 journaled, never re-sent after a lost answer.
              --name <name>      the upstream's name in the policy's keys: idem.remote.<name>.tool.<tool>...
                                 (default upstream)
              --http <port>      serve hosts over Streamable HTTP on this port (0: any free one) at /mcp;
                                 without it, serve one host over stdio
              --journal <where>  a directory (a file journal, made when missing; default idem-journal)
                                 or jdbc:postgresql://host/db (shared by replicas of the gateway; the
                                 password from IDEM_JOURNAL_PASSWORD)
              --lease <seconds>  how long a call's claim holds unrenewed: how soon a replica, or this gateway
                                 restarted, judges a call whose gateway died (default 30)
              --approval-timeout <seconds>
                                 how long a call the policy makes wait for a person's approval waits
                                 before it counts as declined by expiry (default and most 86400: the
                                 journal keeps requests 24 h). Hosts with elicitation are asked at once;
                                 others are told it awaits approval, decided with
                                 java -jar idem-cli.jar journal approvals|decide on a PostgreSQL journal
              --user <name>      the PostgreSQL user
              --table <name>     the PostgreSQL journal's table
              --help             this text

            The decision log and the upstream's stderr go to stderr; stdout is the MCP stream.
            Exit status: 0 when the host went away, 1 when the upstream or the journal cannot be
            reached, 2 for a bad command line or policy.
            """;

    private Usage() {}
}
