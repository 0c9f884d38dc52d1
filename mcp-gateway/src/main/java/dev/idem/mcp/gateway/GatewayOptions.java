package dev.idem.mcp.gateway;

import dev.idem.journal.CallJournal;
import dev.idem.journal.JournalSettings;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The gateway's command line: {@code [options] -- <upstream command> [args]} or
 * {@code [options] --upstream <url>}. Every option is known and given once; anything else is a
 * {@link GatewayException} that names it.
 *
 * @param policy   the operator's policy file, or {@code null}: every remote tool on the safe default
 * @param command  the upstream stdio server's command and arguments, or empty with {@code upstream}
 * @param upstream the upstream's Streamable HTTP endpoint, or {@code null} with {@code command}
 * @param httpPort the port to serve hosts on over Streamable HTTP, or {@code -1}: stdio
 * @param name     the upstream's name in the policy's keys ({@code idem.remote.<name>.}), the operator's
 *                 choice, never the name the server reports
 * @param journal  the journal: a directory (a file journal, made when missing) or a PostgreSQL JDBC URL
 * @param lease    how long a call's claim holds without renewal: how soon another gateway (or this
 *                 one restarted) judges a call whose gateway stopped
 * @param user     the PostgreSQL user, or {@code null}
 * @param table    the PostgreSQL journal's table, or {@code null}: its default
 * @param approvalTimeout how long a call awaiting a person's approval waits before it counts as
 *                 declined by expiry: at most the journal's retention, so that its request outlives it
 * @param help     whether {@code --help} was asked for (then nothing else is checked)
 */
record GatewayOptions(Path policy, List<String> command, URI upstream, int httpPort, String name, String journal,
        Duration lease, String user, String table, Duration approvalTimeout, boolean help) {

    /** Where the journal is when {@code --journal} is not given: a directory beside the working directory. */
    static final String DEFAULT_JOURNAL = "idem-journal";
    /** The upstream's name when {@code --name} is not given. */
    static final String DEFAULT_NAME = "upstream";

    private static final Set<String> VALUED = Set.of("--policy", "--upstream", "--http", "--name", "--journal",
            "--lease", "--user", "--table", "--approval-timeout");

    static GatewayOptions parse(List<String> args) {
        int separator = args.indexOf("--");
        List<String> options = separator < 0 ? args : args.subList(0, separator);
        List<String> command = separator < 0 ? List.of() : List.copyOf(args.subList(separator + 1, args.size()));
        if (options.contains("--help") || options.contains("-h")) {
            return new GatewayOptions(null, command, null, -1, DEFAULT_NAME, DEFAULT_JOURNAL,
                    JournalSettings.DEFAULT_LEASE, null, null, CallJournal.DEFAULT_RETENTION, true);
        }
        Map<String, String> values = new HashMap<>();
        List<String> stray = new ArrayList<>();
        for (int i = 0; i < options.size(); i++) {
            String arg = options.get(i);
            if (arg.equals("--password") || arg.startsWith("--password=")) {
                throw GatewayException.usage("a password is never given on the command line: set "
                        + GatewayJournal.PASSWORD_VARIABLE + " in the environment");
            }
            if (!arg.startsWith("-")) {
                stray.add(arg);
                continue;
            }
            if (!VALUED.contains(arg)) {
                throw GatewayException.usage("unknown option " + arg + "; the gateway takes --help, "
                        + String.join(", ", VALUED.stream().sorted().toList()) + " and -- <upstream command>");
            }
            if (i + 1 >= options.size()) {
                throw GatewayException.usage(arg + " needs a value");
            }
            if (values.put(arg, options.get(++i)) != null) {
                throw GatewayException.usage(arg + " is given twice");
            }
        }
        if (!stray.isEmpty()) {
            throw GatewayException.usage("unexpected " + String.join(" ", stray)
                    + ": the upstream's command goes after --, as in: -- npx -y @modelcontextprotocol/server-everything");
        }
        URI upstream = values.containsKey("--upstream") ? url(values.get("--upstream")) : null;
        if (upstream == null && command.isEmpty()) {
            throw GatewayException.usage("no upstream: give its command after -- (a stdio server) or --upstream <url>"
                    + " (a Streamable HTTP server)");
        }
        if (upstream != null && !command.isEmpty()) {
            throw GatewayException.usage("two upstreams: give either --upstream <url> or a command after --, not both");
        }
        Path policy = values.containsKey("--policy") ? Path.of(values.get("--policy")) : null;
        int port = values.containsKey("--http") ? port(values.get("--http")) : -1;
        String name = values.getOrDefault("--name", DEFAULT_NAME);
        if (!name.matches("[A-Za-z0-9_-]+")) {
            throw GatewayException.usage("--name must be letters, digits, '-' or '_' (it is part of the policy's keys),"
                    + " was '" + name + "'");
        }
        Duration lease = values.containsKey("--lease") ? seconds("--lease", values.get("--lease"))
                : JournalSettings.DEFAULT_LEASE;
        Duration approvalTimeout = values.containsKey("--approval-timeout")
                ? seconds("--approval-timeout", values.get("--approval-timeout")) : CallJournal.DEFAULT_RETENTION;
        if (approvalTimeout.compareTo(CallJournal.DEFAULT_RETENTION) > 0) {
            throw GatewayException.usage("--approval-timeout may be at most " + CallJournal.DEFAULT_RETENTION.toSeconds()
                    + " seconds, the journal's retention (a request must outlive its wait), was '"
                    + values.get("--approval-timeout") + "'");
        }
        return new GatewayOptions(policy, command, upstream, port, name, values.getOrDefault("--journal",
                DEFAULT_JOURNAL), lease, values.get("--user"), values.get("--table"), approvalTimeout, false);
    }

    private static URI url(String text) {
        try {
            URI uri = URI.create(text);
            if (("http".equals(uri.getScheme()) || "https".equals(uri.getScheme())) && uri.getHost() != null) {
                return uri;
            }
        } catch (IllegalArgumentException e) {
            // reported below
        }
        throw GatewayException.usage("--upstream must be an http:// or https:// URL of a Streamable HTTP endpoint, was '"
                + text + "'");
    }

    private static Duration seconds(String option, String text) {
        try {
            int seconds = Integer.parseInt(text);
            if (seconds >= 1) {
                return Duration.ofSeconds(seconds);
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw GatewayException.usage(option + " must be a whole number of seconds, at least 1, was '" + text + "'");
    }

    private static int port(String text) {
        try {
            int port = Integer.parseInt(text);
            if (port >= 0 && port <= 65535) {
                return port;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw GatewayException.usage("--http must be a port from 0 (any free one) to 65535, was '" + text + "'");
    }
}
