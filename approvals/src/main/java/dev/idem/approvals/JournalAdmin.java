package dev.idem.approvals;

import dev.idem.journal.CallRecord;
import dev.idem.journal.CallStatus;
import dev.idem.journal.FileCallJournal;
import dev.idem.journal.JournalInspection;
import dev.idem.journal.Resolution;
import dev.idem.journal.Resolved;
import dev.idem.journal.UnresolvedQuery;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.json.JsonMapper;

/**
 * The operator's command line over {@link JournalInspection}: lists the calls whose outcome is
 * unknown and resolves one by hand. This {@code main} opens a file journal (stop the process that
 * owns it first); {@code dev.idem.journal.postgres.PostgresJournalAdmin} does the same on a
 * PostgreSQL journal. docs/journal.md shows the commands.
 *
 * <pre>
 * java -cp idem-approvals.jar:idem-runtime.jar:... dev.idem.approvals.JournalAdmin list journal/ --tool sendPix --older-than PT5M
 * java -cp ... dev.idem.approvals.JournalAdmin resolve journal/ KEY not-applied --by ana --why "no such transfer"
 * java -cp ... dev.idem.approvals.JournalAdmin resolve journal/ KEY applied --result '{"id":"tx-9"}' --by ana --why "statement"
 * </pre>
 *
 * Exit status: 0 done, 1 refused (the outcome is no longer unknown, or no such record), 2 wrong usage.
 */
public final class JournalAdmin {

    /** The usage text, after the journal's location. */
    public static final String COMMANDS = "list [--tool NAME] [--intent ID] [--older-than ISO-DURATION] [--limit N]\n"
            + "  resolve KEY applied --result JSON --by WHO --why TEXT\n"
            + "  resolve KEY not-applied --by WHO --why TEXT";

    private JournalAdmin() {}

    /**
     * {@code JournalAdmin list|resolve DIRECTORY ...}: see the class comment.
     *
     * @param args the command, the journal's directory, then the command's arguments
     */
    public static void main(String[] args) {
        if (args.length < 2) {
            System.err.println("usage: JournalAdmin <command> <journal directory> ...\n  " + COMMANDS);
            System.exit(2);
        }
        List<String> rest = new ArrayList<>(List.of(args));
        String directory = rest.remove(1);
        int status;
        try (FileCallJournal journal = FileCallJournal.builder(Path.of(directory)).open()) {
            status = run(journal, rest, System.out, System.err);
        } catch (IllegalStateException e) {
            System.err.println("cannot open the journal in " + directory + ": " + e.getMessage());
            status = 2;
        }
        System.exit(status);
    }

    /**
     * Runs one command on {@code inspection}: what both command lines share.
     *
     * @param inspection the journal's inspection
     * @param args       the command and its arguments (the journal's location already taken)
     * @param out        where results go
     * @param err        where refusals and usage go
     * @return the exit status: 0 done, 1 refused, 2 wrong usage
     */
    public static int run(JournalInspection inspection, List<String> args, PrintStream out, PrintStream err) {
        try {
            if (args.isEmpty()) {
                throw new IllegalArgumentException("no command");
            }
            Options options = Options.parse(args.subList(1, args.size()));
            return switch (args.get(0)) {
                case "list" -> list(inspection, options, out);
                case "resolve" -> resolve(inspection, options, out, err);
                default -> throw new IllegalArgumentException("unknown command '" + args.get(0) + "'");
            };
        } catch (IllegalArgumentException | DateTimeParseException e) {
            err.println(e.getMessage());
            err.println("usage: <command> <journal> ...\n  " + COMMANDS);
            return 2;
        }
    }

    private static int list(JournalInspection inspection, Options options, PrintStream out) {
        if (!options.positional.isEmpty()) {
            throw new IllegalArgumentException("list takes no positional arguments: " + options.positional);
        }
        UnresolvedQuery query = UnresolvedQuery.all().tool(options.value("--tool")).intentId(options.value("--intent"));
        if (options.value("--older-than") != null) {
            query = query.olderThan(Duration.parse(options.value("--older-than")));
        }
        if (options.value("--limit") != null) {
            query = query.limit(Integer.parseInt(options.value("--limit")));
        }
        List<CallRecord> records = inspection.unresolved(query);
        out.println("key\ttool\tintent\tstatus\tcreated\towner\tattempts\twhy");
        for (CallRecord record : records) {
            String why = record.error() != null ? record.error().message()
                    : "its owner's lease ended " + record.leaseUntil();
            out.println(String.join("\t", record.key(), record.tool(), record.intentId(), record.status().name(),
                    record.createdAt().toString(), record.owner(), Integer.toString(record.attempts()), why));
        }
        out.println(records.size() + " unresolved at " + Clock.systemUTC().instant());
        return 0;
    }

    private static int resolve(JournalInspection inspection, Options options, PrintStream out, PrintStream err) {
        if (options.positional.size() != 2) {
            throw new IllegalArgumentException("resolve takes KEY and applied|not-applied, got " + options.positional);
        }
        String key = options.positional.get(0);
        Resolution resolution = switch (options.positional.get(1)) {
            case "applied" -> Resolution.applied(json(options.required("--result")), options.required("--by"),
                    options.required("--why"));
            case "not-applied" -> {
                if (options.value("--result") != null) {
                    throw new IllegalArgumentException("not-applied takes no --result");
                }
                yield Resolution.notApplied(options.required("--by"), options.required("--why"));
            }
            default -> throw new IllegalArgumentException("the verdict is applied or not-applied, not '"
                    + options.positional.get(1) + "'");
        };
        Resolved resolved = inspection.resolve(key, resolution);
        if (resolved instanceof Resolved.Refused refused) {
            err.println("refused: " + refused.reason());
            return 1;
        }
        CallRecord record = ((Resolved.Done) resolved).record();
        out.println("resolved " + key + " as " + resolution.verdict() + ": the record is " + record.status()
                + (record.status() == CallStatus.SUCCEEDED ? "; later calls replay its result"
                        : "; the next call runs the tool"));
        return 0;
    }

    /** {@code text} when it is one JSON value: the result later calls replay. */
    private static String json(String text) {
        try {
            JsonMapper.builder().build().readTree(text);
            return text;
        } catch (JacksonException e) {
            throw new IllegalArgumentException("--result is not JSON: " + e.getOriginalMessage());
        }
    }

    /** {@code --name value} options and positional arguments, in order. */
    private record Options(List<String> positional, List<String[]> named) {
        static Options parse(List<String> args) {
            List<String> positional = new ArrayList<>();
            List<String[]> named = new ArrayList<>();
            for (int i = 0; i < args.size(); i++) {
                String arg = args.get(i);
                if (arg.startsWith("--")) {
                    if (i + 1 >= args.size()) {
                        throw new IllegalArgumentException(arg + " needs a value");
                    }
                    named.add(new String[] {arg, args.get(++i)});
                } else {
                    positional.add(arg);
                }
            }
            return new Options(positional, named);
        }

        String value(String name) {
            for (String[] pair : named) {
                if (pair[0].equals(name)) {
                    return pair[1];
                }
            }
            return null;
        }

        String required(String name) {
            String value = value(name);
            if (value == null) {
                throw new IllegalArgumentException(name + " is required");
            }
            return value;
        }
    }
}
