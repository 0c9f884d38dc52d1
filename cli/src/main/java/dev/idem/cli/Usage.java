package dev.idem.cli;

import java.util.List;

/** What {@code --help} prints, and what a wrong command line is answered with. */
final class Usage {

    static final String JOURNAL_ARGUMENT = """
              JOURNAL is a file journal's directory (stop the process that holds it first), or a
              PostgreSQL journal's URL, jdbc:postgresql://HOST:PORT/DB, with [--user USER]
              [--table TABLE]; the password is read from IDEM_JOURNAL_PASSWORD, never from the
              command line.""";

    static final String EXIT = "Exit status: 0 done, 1 failed or refused (nothing changed), 2 wrong usage.";

    static final String TOP = "usage: java -jar idem-cli.jar journal <command> JOURNAL [options]\n\n"
            + "Commands on a call journal (java -jar idem-cli.jar journal <command> --help for each):\n"
            + commandList() + "\n" + JOURNAL_ARGUMENT + "\n\n" + EXIT;

    static final String JOURNAL = TOP;

    private Usage() {}

    private static String commandList() {
        StringBuilder text = new StringBuilder();
        for (Command command : Command.values()) {
            text.append(String.format("  %-10s %s%n", command.word, command.summary));
        }
        return text.toString();
    }

    /** The journal's commands, their options and what they do. */
    enum Command {
        LIST("list", "the calls whose outcome is unknown, oldest first",
                "[--tool NAME] [--intent ID] [--older-than ISO-DURATION] [--limit N]",
                List.of("--tool", "--intent", "--older-than", "--limit"),
                "Prints one tab-separated line per call (key, tool, intent, status, created, owner, attempts,\n"
                        + "why): OUTCOME_UNKNOWN, or STARTED with its owner's lease ended."),
        RESOLVE("resolve", "records by hand whether such a call took effect",
                "KEY applied --result JSON --by WHO --why TEXT\n"
                        + "       java -jar idem-cli.jar journal resolve JOURNAL KEY not-applied --by WHO --why TEXT",
                List.of("--result", "--by", "--why"),
                "applied: later calls of the intent replay JSON as its result, nothing runs; not-applied: the\n"
                        + "next call runs the tool, once. Refused (exit 1) when the outcome is no longer unknown."),
        APPROVALS("approvals", "the calls awaiting a person's approval, oldest first",
                "[--tool NAME] [--intent ID] [--limit N]",
                List.of("--tool", "--intent", "--limit"),
                "Prints one tab-separated line per call (key, tool, intent, call, approvers, requested,\n"
                        + "expires, arguments)."),
        DECIDE("decide", "approves or declines a call awaiting approval, once",
                "KEY approve|decline --by WHO --why TEXT",
                List.of("--by", "--why"),
                "The decision is recorded once, as by the Java API and the MCP client's form: approved, the\n"
                        + "call runs once under its key when its run resumes or the call is made again; declined, it\n"
                        + "never runs. Refused (exit 1) when the call is already decided otherwise, has expired, or\n"
                        + "WHO is not among its approvers.");

        final String word;
        final String summary;
        final String synopsis;
        final List<String> options;
        final String details;

        Command(String word, String summary, String synopsis, List<String> options, String details) {
            this.word = word;
            this.summary = summary;
            this.synopsis = synopsis;
            this.options = options;
            this.details = details;
        }

        static Command named(String word) {
            for (Command command : values()) {
                if (command.word.equals(word)) {
                    return command;
                }
            }
            return null;
        }

        List<String> options() {
            return options;
        }

        String usage() {
            String sentence = Character.toUpperCase(summary.charAt(0)) + summary.substring(1) + ".";
            return "usage: java -jar idem-cli.jar journal " + word + " JOURNAL " + synopsis + "\n\n" + sentence + "\n"
                    + details + "\n\n" + JOURNAL_ARGUMENT + "\n\n" + EXIT;
        }
    }
}
