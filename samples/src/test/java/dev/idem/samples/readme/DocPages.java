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
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Pages of the user's manual (the README, the front door, and the pages under {@code docs/}), read
 * by the tests that keep their code true: the files of their projects (the minimal one and one per
 * integration), every Java snippet, and the output blocks that follow them.
 */
final class DocPages {

    /**
     * Marks the fenced block after it as a file of one or more projects:
     * {@code <!-- minimal-project: pom.xml -->}, or {@code <!-- mcp-project, langchain4j-project: src/main/java/com/example/Ledger.java -->}
     * for a file several projects share.
     */
    private static final Pattern FILE_MARK = Pattern.compile("<!-- ([\\w-]+-project(?:, [\\w-]+-project)*): (\\S+) -->");
    /** Marks the fenced block after it as the dependencies a project adds: {@code <!-- mcp-project dependencies -->}. */
    private static final Pattern DEPENDENCIES_MARK = Pattern.compile("<!-- ([\\w-]+-project) dependencies -->");
    /**
     * Marks the fenced block after it as what a project adds at the end of one of its files:
     * {@code <!-- spring-boot-web-project adds to src/main/resources/application.yml -->}.
     */
    private static final Pattern ADDITION_MARK = Pattern.compile("<!-- ([\\w-]+-project) adds to (\\S+) -->");
    /**
     * Marks the Java block after it as compiled by another module's tests (one whose classes the
     * samples do not have): {@code <!-- compiled in idem-mcp tests -->}.
     */
    static final String ELSEWHERE_MARK = "<!-- compiled in ";

    /**
     * One fenced block.
     *
     * @param page     the page that holds it, relative to the reactor's root ({@code README.md}, {@code docs/agent.md})
     * @param line     the page's line of its first content line (1-based)
     * @param section  the nearest heading above it
     * @param language the fence's info string ({@code java}, {@code xml}, empty)
     * @param mark     the HTML comment on the line before the fence, or empty
     * @param text     its content
     */
    record Block(String page, int line, String section, String language, String mark, String text) {}

    private final List<Block> blocks;

    private DocPages(List<Block> blocks) {
        this.blocks = blocks;
    }

    /** The README, the front door: the two commands, the minimal project, the map of the docs. */
    static final String README = "README.md";

    /**
     * The named pages of the reactor this module belongs to, in the order given.
     *
     * @param pages paths relative to the reactor's root: {@code README.md}, {@code docs/integrations.md}
     */
    static DocPages of(String... pages) {
        List<Block> blocks = new ArrayList<>();
        for (String page : pages) {
            Path path = Reactor.root().resolve(page);
            try {
                blocks.addAll(parse(page, Files.readAllLines(path, StandardCharsets.UTF_8)));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return new DocPages(blocks);
    }

    /** The whole manual: the README, then every page under {@code docs/} in name order. */
    static DocPages all() {
        return of(Stream.concat(Stream.of(README), pages().stream()).toArray(String[]::new));
    }

    /** Every Markdown page under {@code docs/}, relative to the reactor's root, in name order. */
    static List<String> pages() {
        try (Stream<Path> files = Files.list(Reactor.root().resolve("docs"))) {
            return files.map(file -> "docs/" + file.getFileName()).filter(name -> name.endsWith(".md")).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static List<Block> parse(String page, List<String> lines) {
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
                blocks.add(new Block(page, start, section, language, mark, text.toString()));
            }
        }
        return blocks;
    }

    /** Every fenced block, in order. */
    List<Block> blocks() {
        return blocks;
    }

    /** Every {@code java} block. */
    List<Block> javaBlocks() {
        return blocks.stream().filter(block -> block.language().equals("java")).toList();
    }

    /** The minimal project: relative path to content, in page order. */
    Map<String, String> minimalProject() {
        return project("minimal");
    }

    /**
     * The files of the project the pages mark {@code <!-- name-project: path -->} (alone or with
     * others): relative path to content, in page order.
     */
    Map<String, String> project(String name) {
        Map<String, String> files = new LinkedHashMap<>();
        for (Block block : blocks) {
            Matcher mark = FILE_MARK.matcher(block.mark());
            if (mark.matches() && List.of(mark.group(1).split(", ")).contains(name + "-project")) {
                files.put(mark.group(2), block.text());
            }
        }
        if (files.isEmpty()) {
            throw new AssertionError("the pages mark no files of the " + name + " project (<!-- " + name
                    + "-project: path -->)");
        }
        return files;
    }

    /** The block the pages mark {@code <!-- name-project dependencies -->}: what that project adds to a pom. */
    String dependencies(String name) {
        for (Block block : blocks) {
            Matcher mark = DEPENDENCIES_MARK.matcher(block.mark());
            if (mark.matches() && mark.group(1).equals(name + "-project")) {
                return block.text();
            }
        }
        throw new AssertionError("the pages mark no dependencies of the " + name + " project (<!-- " + name
                + "-project dependencies -->)");
    }

    /** The block the pages mark {@code <!-- name-project adds to path -->}: what that project adds at the end of the file. */
    String addition(String name, String path) {
        for (Block block : blocks) {
            Matcher mark = ADDITION_MARK.matcher(block.mark());
            if (mark.matches() && mark.group(1).equals(name + "-project") && mark.group(2).equals(path)) {
                return block.text();
            }
        }
        throw new AssertionError("the pages mark nothing the " + name + " project adds to " + path + " (<!-- " + name
                + "-project adds to " + path + " -->)");
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
        throw new AssertionError("the pages have no output block after a block containing " + text);
    }
}
