package dev.idem.samples.readme;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.StringReader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.xml.sax.InputSource;
import org.xml.sax.SAXException;

/**
 * Every published POM carries what Maven Central requires (name, description, url, licenses,
 * developers, scm): its own name and description, the rest from {@code idem-parent} (inherited as
 * they are, no artifact id appended) or, for {@code idem-bom}, which has no parent, its own, equal
 * to the parent's. Published: every module of the reactor but those that skip deploying.
 */
class PublishedPomsTest {

    private static final List<String> CENTRAL_ELEMENTS = List.of("url", "licenses", "developers", "scm");

    @Test
    void everyPublishedPomHasTheMetadataMavenCentralRequires() {
        Element parent = read(Reactor.root().resolve("pom.xml"));
        SoftAssertions softly = new SoftAssertions();
        for (String element : CENTRAL_ELEMENTS) {
            softly.assertThat(child(parent, element)).as("idem-parent <%s>", element).isNotNull();
        }
        softly.assertThat(parent.getAttribute("child.project.url.inherit.append.path")).as("url inherited as it is")
                .isEqualTo("false");
        softly.assertThat(child(parent, "distributionManagement")).as("idem-parent <distributionManagement>").isNotNull();
        List<String> published = new ArrayList<>();
        for (Element module : children(child(parent, "modules"), "module")) {
            Element pom = read(Reactor.root().resolve(module.getTextContent().strip()).resolve("pom.xml"));
            Element properties = child(pom, "properties");
            if (properties != null && child(properties, "maven.deploy.skip") != null) {
                continue;
            }
            String artifact = text(pom, "artifactId");
            published.add(artifact);
            softly.assertThat(text(pom, "name")).as("%s <name>", artifact).isNotBlank();
            softly.assertThat(text(pom, "description")).as("%s <description>", artifact).isNotBlank();
            Element inherited = child(pom, "parent");
            if (inherited != null) {
                softly.assertThat(text(inherited, "artifactId")).as("%s <parent>", artifact).isEqualTo("idem-parent");
            } else {
                for (String element : CENTRAL_ELEMENTS) {
                    softly.assertThat(child(pom, element)).as("%s <%s> (no parent)", artifact, element).isNotNull();
                }
                softly.assertThat(text(properties, "idem.url")).as("%s idem.url", artifact)
                        .isEqualTo(text(child(parent, "properties"), "idem.url"));
                softly.assertThat(text(properties, "idem.scm")).as("%s idem.scm", artifact)
                        .isEqualTo(text(child(parent, "properties"), "idem.scm"));
                softly.assertThat(child(pom, "distributionManagement")).as("%s <distributionManagement>", artifact)
                        .isNotNull();
            }
        }
        softly.assertThat(published)
                .contains("idem-bom", "idem-runtime", "idem-config", "idem-approvals", "idem-processor",
                        "idem-spring-boot-starter")
                .doesNotContain("idem-samples", "idem-benchmarks", "idem-harm-benchmark", "idem-jackson-floor-tests", "idem-runtime-tests",
                        "idem-spring-boot-4.1-tests", "idem-mcp-sdk-2.1-tests");
        softly.assertAll();
    }

    @Test
    void theBomManagesEveryPublishedArtifactAndTheJacksonIdemIsTestedWith() {
        Element bom = read(Reactor.root().resolve("bom/pom.xml"));
        List<String> managed = new ArrayList<>();
        for (Element dependency : children(child(child(bom, "dependencyManagement"), "dependencies"), "dependency")) {
            managed.add(text(dependency, "artifactId") + ":" + text(dependency, "version"));
        }
        Element parent = read(Reactor.root().resolve("pom.xml"));
        List<String> expected = new ArrayList<>();
        for (Element module : children(child(parent, "modules"), "module")) {
            Element pom = read(Reactor.root().resolve(module.getTextContent().strip()).resolve("pom.xml"));
            Element properties = child(pom, "properties");
            boolean skipped = properties != null && child(properties, "maven.deploy.skip") != null;
            String artifact = text(pom, "artifactId");
            if (!skipped && !artifact.equals("idem-bom")) {
                expected.add(artifact + ":${project.version}");
            }
        }
        expected.add("jackson-bom:${jackson.version}");
        assertThat(managed).containsExactlyInAnyOrderElementsOf(expected);
        assertThat(text(child(bom, "properties"), "jackson.version"))
                .isEqualTo(text(child(parent, "properties"), "jackson.version"));
    }

    private static Element read(Path pom) {
        try {
            DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
            factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            return factory.newDocumentBuilder().parse(new InputSource(new StringReader(Reactor.read(pom))))
                    .getDocumentElement();
        } catch (ParserConfigurationException | SAXException | IOException e) {
            throw new AssertionError(pom + ": " + e.getMessage(), e);
        }
    }

    private static String text(Element parent, String name) {
        Element child = parent == null ? null : child(parent, name);
        return child == null ? null : child.getTextContent().strip();
    }

    private static Element child(Element parent, String name) {
        List<Element> found = children(parent, name);
        return found.isEmpty() ? null : found.get(0);
    }

    private static List<Element> children(Element parent, String name) {
        List<Element> found = new ArrayList<>();
        for (Node node = parent.getFirstChild(); node != null; node = node.getNextSibling()) {
            if (node instanceof Element element && element.getTagName().equals(name)) {
                found.add(element);
            }
        }
        return found;
    }
}
