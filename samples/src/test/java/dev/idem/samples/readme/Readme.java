package dev.idem.samples.readme;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The project's README (the user's manual), read by the tests that keep its code true: the files
 * of the minimal project, every Java snippet, and the output blocks that follow them.
 */
final class Readme {

    /** Marks the fenced block after it as a file of the minimal project: {@code <!-- minimal-project: pom.xml -->}. */
    static final String FILE_MARK = "<!-- minimal-project: ";
    /**
     * Marks the Java block after it as compiled by another module's tests (one whose classes the
     * samples do not have): {@code <!-- compiled in idem-mcp tests -->}.
     */
    static final String ELSEWHERE_MARK = "<!-- compiled in ";

    /**
     * One fenced block.
     *
     * @param line     the README line of its first content line (1-based)
     * @param section  the nearest heading above it
     * @param language the fence's info string ({@code java}, {@code xml}, empty)
     * @param mark     the HTML comment on the line before the fence, or empty
     * @param text     its content
     */
    record Block(int line, String section, String language, String mark, String text) {}

    private final List<Block> blocks;

    private Readme(List<Block> blocks) {
        this.blocks = blocks;
    }

    /** The README of the reactor this module belongs to. */
    static Readme load() {
        Path path = Reactor.root().resolve("README.md");
        try {
            return parse(Files.readAllLines(path, StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static Readme parse(List<String> lines) {
        List<Block> blocks = new ArrayList<>();
        String section = "";
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            if (line.startsWith("#")) {
                section = line;
            } else if (line.startsWith("```")) {
                String language = line.substring(3).strip();
                String mark = i > 0 && lines.get(i - 1).startsWith("<!--") ? lines.get(i - 1).strip() : "";
                StringBuilder text = new StringBuilder();
                int start = i + 2;
                for (i++; i < lines.size() && !lines.get(i).startsWith("```"); i++) {
                    text.append(lines.get(i)).append('\n');
                }
                blocks.add(new Block(start, section, language, mark, text.toString()));
            }
        }
        return new Readme(blocks);
    }

    /** Every fenced block, in order. */
    List<Block> blocks() {
        return blocks;
    }

    /** Every {@code java} block. */
    List<Block> javaBlocks() {
        return blocks.stream().filter(block -> block.language().equals("java")).toList();
    }

    /** The minimal project: relative path to content, in README order. */
    Map<String, String> minimalProject() {
        Map<String, String> files = new LinkedHashMap<>();
        for (Block block : blocks) {
            if (block.mark().startsWith(FILE_MARK)) {
                files.put(block.mark().substring(FILE_MARK.length(), block.mark().length() - "-->".length()).strip(),
                        block.text());
            }
        }
        if (files.isEmpty()) {
            throw new AssertionError("README marks no minimal-project files (" + FILE_MARK + "path -->)");
        }
        return files;
    }

    /** The first block without a language after the block that contains {@code text}: what a command prints. */
    String outputAfter(String text) {
        for (int i = 0; i < blocks.size(); i++) {
            if (blocks.get(i).text().contains(text)) {
                for (int j = i + 1; j < blocks.size(); j++) {
                    if (blocks.get(j).language().isEmpty()) {
                        return blocks.get(j).text();
                    }
                }
            }
        }
        throw new AssertionError("README has no output block after a block containing " + text);
    }
}
