package dev.idem.processor;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** A page of the user's manual under {@code docs/}, read by tests that keep it equal to the code. */
final class DocPage {

    private DocPage() {}

    /**
     * The lines of {@code page} from the heading {@code heading} up to the next heading of the same or a higher level.
     *
     * @param page the page's path from the reactor's root, e.g. {@code docs/writing-tools.md}
     */
    static List<String> section(String page, String heading) {
        List<String> lines;
        try {
            lines = Files.readAllLines(Path.of("..").resolve(page), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        int start = lines.indexOf(heading);
        if (start < 0) {
            throw new AssertionError(page + " has no heading " + heading);
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
