package dev.idem.cli;

import dev.idem.approvals.Approvals;
import dev.idem.journal.CallJournal;
import java.io.PrintStream;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Idem's command line, {@code java -jar idem-cli.jar}: the operator's commands over a call
 * journal, a file journal's directory or a PostgreSQL journal's JDBC URL.
 *
 * <pre>
 * java -jar idem-cli.jar journal approvals journal/
 * java -jar idem-cli.jar journal decide journal/ KEY approve --by ana --why "invoice 311 checked"
 * IDEM_JOURNAL_PASSWORD=secret java -jar idem-cli.jar journal list jdbc:postgresql://db:5432/app --user app
 * </pre>
 *
 * Exit status: {@value #OK} done, {@value #FAILURE} failed or refused (no journal there, the
 * outcome is no longer unknown, the call is already decided), {@value #USAGE} wrong usage.
 */
public final class IdemCli {

    /** Done. */
    public static final int OK = 0;
    /** Failed or refused: nothing changed. */
    public static final int FAILURE = 1;
    /** Wrong usage: nothing was opened. */
    public static final int USAGE = 2;

    private static final Set<String> HELP = Set.of("--help", "-h", "help");
    private static final Set<String> HELP_FLAGS = Set.of("--help", "-h");

    private IdemCli() {}

    /**
     * Runs one command and exits with its status.
     *
     * @param args the command line, e.g. {@code journal list journal/ --tool payPix}
     */
    public static void main(String[] args) {
        System.exit(run(List.of(args), System.out, System.err, System.getenv()));
    }

    /**
     * Runs one command: what {@link #main} does, without exiting.
     *
     * @param args        the command line
     * @param out         where results go
     * @param err         where refusals, failures and usage go
     * @param environment where the password is read from ({@code IDEM_JOURNAL_PASSWORD})
     * @return the exit status
     */
    public static int run(List<String> args, PrintStream out, PrintStream err, Map<String, String> environment) {
        if (args.isEmpty()) {
            err.println(Usage.TOP);
            return USAGE;
        }
        if (HELP.contains(args.get(0))) {
            out.println(Usage.TOP);
            return OK;
        }
        if (!args.get(0).equals("journal")) {
            err.println("unknown command '" + args.get(0) + "'\n\n" + Usage.TOP);
            return USAGE;
        }
        return journal(args.subList(1, args.size()), out, err, environment);
    }

    private static int journal(List<String> args, PrintStream out, PrintStream err, Map<String, String> environment) {
        if (args.isEmpty() || HELP.contains(args.get(0))) {
            (args.isEmpty() ? err : out).println(Usage.JOURNAL);
            return args.isEmpty() ? USAGE : OK;
        }
        Usage.Command command = Usage.Command.named(args.get(0));
        if (command == null) {
            err.println("unknown journal command '" + args.get(0) + "'\n\n" + Usage.JOURNAL);
            return USAGE;
        }
        List<String> rest = args.subList(1, args.size());
        if (rest.stream().anyMatch(HELP_FLAGS::contains)) {
            out.println(command.usage());
            return OK;
        }
        try {
            if (rest.isEmpty() || rest.get(0).startsWith("--")) {
                throw new UsageException("the journal comes first: a directory or a jdbc:postgresql:// URL");
            }
            Set<String> known = new HashSet<>(command.options());
            known.addAll(JournalLocation.OPTIONS);
            Arguments arguments = Arguments.parse(rest.subList(1, rest.size()), known);
            try (CallJournal journal = JournalLocation.open(rest.get(0), arguments, environment)) {
                Clock clock = Clock.systemUTC();
                JournalCommands commands = new JournalCommands(Approvals.over(journal, JournalCommands.OWNER, clock),
                        clock, out, err);
                return switch (command) {
                    case LIST -> commands.list(arguments);
                    case RESOLVE -> commands.resolve(arguments);
                    case APPROVALS -> commands.approvals(arguments);
                    case DECIDE -> commands.decide(arguments);
                };
            }
        } catch (UsageException e) {
            err.println(e.getMessage() + "\n\n" + command.usage());
            return USAGE;
        } catch (RuntimeException e) {
            // the journal is not there, its database does not answer, its table is missing: say so, nothing changed
            err.println("failed: " + message(e));
            return FAILURE;
        }
    }

    private static String message(Throwable e) {
        List<String> causes = new ArrayList<>();
        for (Throwable cause = e; cause != null && causes.size() < 3; cause = cause.getCause()) {
            if (cause.getMessage() != null && causes.stream().noneMatch(cause.getMessage()::contains)) {
                causes.add(cause.getMessage());
            }
        }
        return causes.isEmpty() ? e.toString() : String.join(": ", causes);
    }
}
