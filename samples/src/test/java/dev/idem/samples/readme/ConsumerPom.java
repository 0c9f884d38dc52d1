package dev.idem.samples.readme;

import java.io.IOException;
import java.io.StringReader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.xml.sax.InputSource;
import org.xml.sax.SAXException;

/**
 * What a README {@code pom.xml}, or a README block of dependencies to add, declares: read as XML,
 * so that layout and comments do not matter but order does. A dependency is
 * {@code groupId:artifactId:version}, then {@code :type} and {@code :scope} when given.
 */
final class ConsumerPom {

    private final Element root;

    private ConsumerPom(Element root) {
        this.root = root;
    }

    /** A whole {@code pom.xml}. */
    static ConsumerPom read(Path pom) {
        return new ConsumerPom(parse(Reactor.read(pom)));
    }

    /**
     * A block of the README that lists what to add: a {@code <dependencyManagement>} and a
     * {@code <dependencies>}, or bare {@code <dependency>} elements.
     */
    static ConsumerPom fragment(String xml) {
        Element root = parse("<fragment>" + xml + "</fragment>");
        return new ConsumerPom(root);
    }

    boolean hasParent() {
        return child(root, "parent").isPresent();
    }

    /** A property of {@code <properties>}, or null. */
    String property(String name) {
        return child(root, "properties").flatMap(properties -> child(properties, name)).map(Node::getTextContent)
                .map(String::strip).orElse(null);
    }

    /** The project's own dependencies, in order (a fragment's bare {@code <dependency>} elements count too). */
    List<String> dependencies() {
        List<String> coordinates = new ArrayList<>(coordinates(children(root, "dependency")));
        child(root, "dependencies").ifPresent(list -> coordinates.addAll(coordinates(children(list, "dependency"))));
        return coordinates;
    }

    /** The {@code <dependencyManagement>} entries, in order. */
    List<String> managedDependencies() {
        return child(root, "dependencyManagement").flatMap(management -> child(management, "dependencies"))
                .map(list -> coordinates(children(list, "dependency"))).orElse(List.of());
    }

    /** Every {@code <path>} of every {@code <annotationProcessorPaths>}, as coordinates. */
    List<String> annotationProcessorPaths() {
        List<String> paths = new ArrayList<>();
        var lists = root.getElementsByTagName("annotationProcessorPaths");
        for (int i = 0; i < lists.getLength(); i++) {
            paths.addAll(coordinates(children((Element) lists.item(i), "path")));
        }
        return paths;
    }

    private static List<String> coordinates(List<Element> elements) {
        List<String> coordinates = new ArrayList<>();
        for (Element element : elements) {
            StringBuilder text = new StringBuilder();
            for (String field : List.of("groupId", "artifactId", "version", "type", "scope")) {
                Optional<Element> value = child(element, field);
                boolean required = field.equals("groupId") || field.equals("artifactId") || field.equals("version");
                if (value.isPresent() || required) {
                    text.append(text.length() == 0 ? "" : ":").append(value.map(Node::getTextContent).map(String::strip)
                            .orElse("?"));
                }
            }
            coordinates.add(text.toString());
        }
        return coordinates;
    }

    private static Optional<Element> child(Element parent, String name) {
        List<Element> found = children(parent, name);
        return found.isEmpty() ? Optional.empty() : Optional.of(found.get(0));
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

    private static Element parse(String xml) {
        try {
            DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
            factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            Document document = factory.newDocumentBuilder().parse(new InputSource(new StringReader(xml)));
            return document.getDocumentElement();
        } catch (ParserConfigurationException | SAXException | IOException e) {
            throw new AssertionError("not XML: " + e.getMessage() + "\n" + xml, e);
        }
    }
}
