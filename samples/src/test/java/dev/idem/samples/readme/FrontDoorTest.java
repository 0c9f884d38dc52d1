package dev.idem.samples.readme;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.Test;

/**
 * The README is the front door: its first lines give the two commands a newcomer needs (the demo,
 * all tests), CI runs exactly that test command, it stays short, and it maps every page of the
 * docs; every relative link of the README and the docs leads to a page and a heading that exist.
 */
class FrontDoorTest {

    private static final String DEMO_COMMAND = "mvn -q -Pdemo -DskipTests verify";
    private static final Pattern LINK = Pattern.compile("\\]\\(([^)\\s]+)\\)");

    @Test
    void theReadmesFirstBlockGivesTheDemoCommandAndTheTestCommand() {
        DocPages.Block first = DocPages.of(DocPages.README).blocks().get(0);

        assertThat(first.line()).as("the first block's line in the README").isLessThan(10);
        assertThat(commands(first)).hasSize(2).first().isEqualTo(DEMO_COMMAND);
    }

    @Test
    void theCiScriptRunsExactlyTheReadmesTestCommand() throws IOException {
        String testCommand = commands(DocPages.of(DocPages.README).blocks().get(0)).get(1);
        List<String> script = Files.readAllLines(Reactor.root().resolve(".ci/run"), StandardCharsets.UTF_8);

        assertThat(testCommand).startsWith("mvn ");
        assertThat(script).filteredOn(line -> line.startsWith("exec ")).containsExactly("exec " + testCommand);
    }

    @Test
    void theReadmeStaysAFrontDoorUnder300Lines() throws IOException {
        assertThat(Files.readAllLines(Reactor.root().resolve(DocPages.README), StandardCharsets.UTF_8)).hasSizeLessThan(300);
    }

    @Test
    void theReadmesMapLinksEveryPageOfTheDocs() throws IOException {
        String readme = Files.readString(Reactor.root().resolve(DocPages.README), StandardCharsets.UTF_8);

        assertThat(DocPages.pages()).hasSizeGreaterThanOrEqualTo(10)
                .allSatisfy(page -> assertThat(readme).as("the README's map").contains("](" + page + ")"));
    }

    @Test
    void everyRelativeLinkOfTheDocsLeadsToAPageAndAHeadingThatExist() throws IOException {
        List<String> pages = new ArrayList<>(List.of(DocPages.README));
        pages.addAll(DocPages.pages());
        SoftAssertions softly = new SoftAssertions();
        int links = 0;
        for (String page : pages) {
            Path file = Reactor.root().resolve(page);
            for (String target : links(Files.readAllLines(file, StandardCharsets.UTF_8))) {
                links++;
                int hash = target.indexOf('#');
                Path linked = hash == 0 ? file : file.getParent().resolve(hash < 0 ? target : target.substring(0, hash)).normalize();
                softly.assertThat(linked).as("%s links %s", page, target).exists();
                if (hash >= 0 && Files.isRegularFile(linked)) {
                    softly.assertThat(anchors(Files.readAllLines(linked, StandardCharsets.UTF_8)))
                            .as("%s links %s: the headings of %s", page, target, linked.getFileName())
                            .contains(target.substring(hash + 1));
                }
            }
        }
        softly.assertAll();
        assertThat(links).as("relative links in the docs").isGreaterThan(20);
    }

    /** The commands of a shell block, without their trailing comments. */
    private static List<String> commands(DocPages.Block block) {
        return block.text().lines().map(line -> line.replaceFirst("\\s+#.*$", "").strip()).filter(line -> !line.isEmpty()).toList();
    }

    /** The relative link targets outside fenced blocks. */
    private static List<String> links(List<String> lines) {
        List<String> targets = new ArrayList<>();
        boolean fenced = false;
        for (String line : lines) {
            fenced ^= line.startsWith("```");
            Matcher link = LINK.matcher(line);
            while (!fenced && link.find()) {
                if (!link.group(1).matches("[a-z]+:.*")) {
                    targets.add(link.group(1));
                }
            }
        }
        return targets;
    }

    /** The anchors GitHub gives the page's headings: lower case, punctuation dropped, spaces as hyphens. */
    private static List<String> anchors(List<String> lines) {
        List<String> anchors = new ArrayList<>();
        boolean fenced = false;
        for (String line : lines) {
            fenced ^= line.startsWith("```");
            if (!fenced && line.matches("#{1,6} .*")) {
                anchors.add(line.replaceFirst("^#+ ", "").strip().toLowerCase(Locale.ROOT)
                        .replaceAll("[^\\p{L}\\p{N} _-]", "").replace(' ', '-'));
            }
        }
        return anchors;
    }
}
