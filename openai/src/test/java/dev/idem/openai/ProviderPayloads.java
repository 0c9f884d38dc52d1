package dev.idem.openai;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import tools.jackson.databind.JsonNode;

/**
 * The corpus of real provider answers kept beside the repository ({@code ../shared/provider-payloads}),
 * never inside it. Found by walking up from the working directory (the module, under Maven) so
 * that a worktree or a fresh clone with {@code shared/} next to it both find it; the system
 * property {@code idem.providerPayloads} names another folder.
 */
final class ProviderPayloads {

    static final String PROPERTY = "idem.providerPayloads";
    private static final Path RELATIVE = Paths.get("shared", "provider-payloads");

    /** One recorded answer: its folder and its {@code case.json}. */
    record Case(Path folder, JsonNode spec) {
        String provider() {
            return spec.path("provider").asString(folder.getParent().getFileName().toString());
        }

        String id() {
            return folder.getParent().getFileName() + "/" + folder.getFileName();
        }

        byte[] body() {
            try {
                return Files.readAllBytes(folder.resolve(spec.path("body").asString()));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    private ProviderPayloads() {
    }

    /** The corpus folder, if there is one here. */
    static Optional<Path> locate() {
        String configured = System.getProperty(PROPERTY);
        if (configured != null && !configured.isBlank()) {
            Path folder = Paths.get(configured).toAbsolutePath();
            return Files.isDirectory(folder) ? Optional.of(folder) : Optional.empty();
        }
        for (Path dir = Paths.get("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            Path candidate = dir.resolve(RELATIVE);
            if (Files.isRegularFile(candidate.resolve("README.md"))) {
                return Optional.of(candidate);
            }
        }
        return Optional.empty();
    }

    /** Every case under the folder, in a stable order. */
    static List<Case> cases(Path root) {
        List<Case> cases = new ArrayList<>();
        try (Stream<Path> files = Files.walk(root, 3)) {
            for (Path spec : files.filter(p -> p.getFileName().toString().equals("case.json"))
                    .sorted(Comparator.comparing(Path::toString)).toList()) {
                cases.add(new Case(spec.getParent(), WireFormat.JSON.readTree(Files.readString(spec))));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return cases;
    }
}
