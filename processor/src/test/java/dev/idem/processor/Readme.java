package dev.idem.processor;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** The project's README (the user's manual), read by tests that keep it equal to the code. */
final class Readme {
    private static final Path PATH = Path.of("..", "README.md");

    private Readme() {}

    /** The lines from the heading {@code heading} up to the next heading of the same or a higher level. */
    static List<String> section(String heading) {
        List<String> lines;
        try {
            lines = Files.readAllLines(PATH, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        int start = lines.indexOf(heading);
        if (start < 0) {
            throw new AssertionError("README has no heading " + heading);
        }
        int level = level(heading);
        int end = start + 1;
        while (end < lines.size() && (level(lines.get(end)) == 0 || level(lines.get(end)) > level)) {
            end++;
        }
        return lines.subList(start, end);
    }

    /** The cells of a Markdown table row, trimmed; empty for other lines. */
    static List<String> cells(String line) {
        if (!line.startsWith("|")) {
            return List.of();
        }
        return List.of(line.substring(1, line.lastIndexOf('|')).split("\\|")).stream().map(String::strip).toList();
    }

    private static int level(String line) {
        int hashes = 0;
        while (hashes < line.length() && line.charAt(hashes) == '#') {
            hashes++;
        }
        return hashes > 0 && hashes < line.length() && line.charAt(hashes) == ' ' ? hashes : 0;
    }
}
