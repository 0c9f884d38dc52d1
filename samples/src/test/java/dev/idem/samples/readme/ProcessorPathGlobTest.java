package dev.idem.samples.readme;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.JarFile;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * docs/setup.md's plain-javac recipe as a script writes it from a build of this repository: the
 * glob it gives for {@code -processorpath} over {@code processor/target} names exactly one jar
 * after {@code mvn package}, the shaded processor. A second match (the sources jar, shade's
 * unshaded input) would be picked by some shells and scripts, and javac would silently generate
 * nothing.
 */
class ProcessorPathGlobTest {

    private static final Pattern GLOB = Pattern.compile("-processorpath (processor/target/)(idem-processor-\\*\\.jar)");

    @Test
    void theProcessorPathGlobInTheDocsMatchesTheShadedProcessorJarAlone() throws IOException {
        Matcher documented = GLOB.matcher(Reactor.read(Reactor.root().resolve("docs/setup.md")));
        assertThat(documented.find()).as("docs/setup.md gives -processorpath processor/target/idem-processor-*.jar")
                .isTrue();
        assumeTrue(Reactor.shadedProcessorIsCurrent(), "the processor is not packaged in this build (mvn package)");
        Path target = Reactor.root().resolve(documented.group(1));
        List<String> matches = new ArrayList<>();
        try (DirectoryStream<Path> jars = Files.newDirectoryStream(target, documented.group(2))) {
            jars.forEach(jar -> matches.add(jar.getFileName().toString()));
        }

        assertThat(matches).as("what %s%s matches", documented.group(1), documented.group(2))
                .containsExactly("idem-processor-" + Reactor.version() + ".jar");
        try (JarFile jar = new JarFile(target.resolve(matches.get(0)).toFile())) {
            assertThat(jar.getEntry("META-INF/services/javax.annotation.processing.Processor")).isNotNull();
            assertThat(jar.stream().anyMatch(entry -> entry.getName().startsWith("dev/idem/processor/shaded/")))
                    .as("JavaPoet and the regex engine shaded inside").isTrue();
        }
    }
}
