package dev.idem.samples.readme;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** The project is Apache-2.0 licensed: the full text at the root, declared once in the POM every module inherits. */
class LicenseTest {

    @Test
    void everyModuleInheritsTheApacheLicenseWhoseFullTextIsAtTheRoot() throws IOException {
        Path root = Reactor.root();
        String license = Files.readString(root.resolve("LICENSE"));
        assertThat(license.strip()).startsWith("Apache License\n                           Version 2.0, January 2004");
        assertThat(license).contains("TERMS AND CONDITIONS FOR USE, REPRODUCTION, AND DISTRIBUTION",
                "9. Accepting Warranty or Additional Liability.", "END OF TERMS AND CONDITIONS");

        String parent = Files.readString(root.resolve("pom.xml"));
        assertThat(parent).contains("<name>Apache-2.0</name>", "<url>https://www.apache.org/licenses/LICENSE-2.0.txt</url>",
                "<name>The Idem developers</name>");
        for (Path pom : modulePoms(root)) {
            if (pom.equals(root.resolve("bom/pom.xml"))) {
                // the BOM has no parent (its users would get the parent's dependencyManagement): the same license, its own
                assertThat(Files.readString(pom)).as("bom/pom.xml").contains("<name>Apache-2.0</name>",
                        "<url>https://www.apache.org/licenses/LICENSE-2.0.txt</url>", "<name>The Idem developers</name>");
                continue;
            }
            assertThat(Files.readString(pom)).as(root.relativize(pom).toString())
                    .contains("<artifactId>idem-parent</artifactId>")
                    .doesNotContain("<licenses>");
        }
        assertThat(Files.readString(root.resolve("README.md"))).contains("Apache License, Version 2.0: see `LICENSE`");
    }

    private static List<Path> modulePoms(Path root) throws IOException {
        try (Stream<Path> children = Files.list(root)) {
            List<Path> poms = children.map(child -> child.resolve("pom.xml")).filter(Files::isRegularFile).sorted().toList();
            assertThat(poms).hasSizeGreaterThan(5);
            return poms;
        }
    }
}
