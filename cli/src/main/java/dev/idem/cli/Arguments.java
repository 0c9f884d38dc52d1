package dev.idem.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * One command's arguments: positional ones in order, and {@code --name value} options, each known
 * to the command and given once. Anything else is a {@link UsageException}.
 */
final class Arguments {

    private final List<String> positional;
    private final Map<String, String> options;

    private Arguments(List<String> positional, Map<String, String> options) {
        this.positional = positional;
        this.options = options;
    }

    /**
     * Splits {@code args} into positional arguments and the options in {@code known}.
     *
     * @throws UsageException on an unknown or repeated option, or one without its value
     */
    static Arguments parse(List<String> args, Set<String> known) {
        List<String> positional = new ArrayList<>();
        Map<String, String> options = new TreeMap<>();
        for (int i = 0; i < args.size(); i++) {
            String arg = args.get(i);
            if (!arg.startsWith("--")) {
                positional.add(arg);
                continue;
            }
            if (arg.equals("--password") || arg.startsWith("--password=")) {
                throw new UsageException("a password is never given on the command line: set "
                        + JournalLocation.PASSWORD_VARIABLE + " in the environment");
            }
            if (!known.contains(arg)) {
                throw new UsageException("unknown option " + arg + "; this command takes "
                        + (known.isEmpty() ? "none" : String.join(", ", known.stream().sorted().toList())));
            }
            if (i + 1 >= args.size()) {
                throw new UsageException(arg + " needs a value");
            }
            if (options.put(arg, args.get(++i)) != null) {
                throw new UsageException(arg + " is given twice");
            }
        }
        return new Arguments(List.copyOf(positional), options);
    }

    List<String> positional() {
        return positional;
    }

    /** The option's value, or {@code null} when it was not given. */
    String value(String name) {
        return options.get(name);
    }

    String required(String name) {
        String value = options.get(name);
        if (value == null || value.isBlank()) {
            throw new UsageException(name + " is required");
        }
        return value;
    }

    int number(String name, int otherwise) {
        String value = options.get(name);
        if (value == null) {
            return otherwise;
        }
        try {
            int number = Integer.parseInt(value);
            if (number < 1) {
                throw new UsageException(name + " must be at least 1, was " + number);
            }
            return number;
        } catch (NumberFormatException e) {
            throw new UsageException(name + " must be a whole number, was '" + value + "'");
        }
    }
}
