package dev.idem.samples.architecture;

import static org.assertj.core.api.Assertions.assertThat;

import dev.idem.Tool;
import dev.idem.agent.Agent;
import dev.idem.approvals.Approvals;
import dev.idem.config.PolicyConfiguration;
import dev.idem.openai.OpenAiChatModel;
import dev.idem.regex.EcmaRegex;
import dev.idem.tool.ToolExecutor;
import java.lang.module.Configuration;
import java.lang.module.ModuleDescriptor;
import java.lang.module.ModuleFinder;
import java.lang.module.ResolvedModule;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.slf4j.Logger;
import tools.jackson.core.JsonParser;
import tools.jackson.databind.json.JsonMapper;

/**
 * Idem's module descriptors, as built, resolve into one module graph with nothing but Jackson and
 * slf4j beside them, and each exports its API packages and nothing else: the internals only to
 * Idem's own modules. {@code dev.idem.config} requires the runtime alone, and the runtime names
 * it only where it shares its internals (one "did you mean" rule); {@code dev.idem.approvals}
 * requires the runtime (and slf4j) alone, and the runtime never names it.
 */
class ModuleDescriptorsTest {
    private static final Class<?>[] MODULE_PATH = {
        Tool.class, EcmaRegex.class, ToolExecutor.class, PolicyConfiguration.class, Approvals.class, Agent.class,
        OpenAiChatModel.class, JsonMapper.class, JsonParser.class, com.fasterxml.jackson.annotation.JsonProperty.class, Logger.class,
    };

    @Test
    void idemsModulesResolveWithJacksonAndSlf4jAlone() {
        Configuration graph = resolve("dev.idem.openai", "dev.idem.config");

        assertThat(graph.modules().stream().map(ResolvedModule::name))
                .contains("dev.idem.annotations", "dev.idem.regex", "dev.idem.runtime", "dev.idem.config",
                        "dev.idem.approvals", "dev.idem.agent", "dev.idem.openai", "tools.jackson.databind", "org.slf4j");
    }

    @Test
    void approvalsRequireTheRuntimeAloneAndTheRuntimeNeverNamesThem() {
        Configuration graph = resolve("dev.idem.approvals");
        ModuleDescriptor approvals = graph.findModule("dev.idem.approvals").orElseThrow().reference().descriptor();
        ModuleDescriptor runtime = graph.findModule("dev.idem.runtime").orElseThrow().reference().descriptor();

        assertThat(approvals.requires().stream().map(ModuleDescriptor.Requires::name))
                .containsExactlyInAnyOrder("dev.idem.runtime", "org.slf4j", "java.base");
        assertThat(graph.modules().stream().map(ResolvedModule::name).filter(name -> !name.startsWith("java.")))
                .containsExactlyInAnyOrder("dev.idem.approvals", "dev.idem.runtime", "dev.idem.annotations",
                        "dev.idem.regex", "tools.jackson.databind", "tools.jackson.core",
                        "com.fasterxml.jackson.annotation", "org.slf4j");
        assertThat(runtime.requires().stream().map(ModuleDescriptor.Requires::name)).doesNotContain("dev.idem.approvals");
        assertThat(runtime.exports().stream().flatMap(export -> Stream.concat(Stream.of(export.source()),
                export.targets().stream()))).doesNotContain("dev.idem.approvals");
    }

    @Test
    void policiesFromConfigurationRequireTheRuntimeAloneAndTheRuntimeNeverRequiresThem() {
        Configuration graph = resolve("dev.idem.config");
        ModuleDescriptor config = graph.findModule("dev.idem.config").orElseThrow().reference().descriptor();
        ModuleDescriptor runtime = graph.findModule("dev.idem.runtime").orElseThrow().reference().descriptor();

        assertThat(config.requires().stream().map(ModuleDescriptor.Requires::name))
                .containsExactlyInAnyOrder("dev.idem.runtime", "java.base");
        assertThat(graph.modules().stream().map(ResolvedModule::name).filter(name -> !name.startsWith("java.")))
                .containsExactlyInAnyOrder("dev.idem.config", "dev.idem.runtime", "dev.idem.annotations",
                        "dev.idem.regex", "tools.jackson.databind", "tools.jackson.core",
                        "com.fasterxml.jackson.annotation", "org.slf4j");
        assertThat(runtime.requires().stream().map(ModuleDescriptor.Requires::name)).doesNotContain("dev.idem.config");
        assertThat(runtime.exports().stream().filter(export -> export.targets().contains("dev.idem.config"))
                .map(ModuleDescriptor.Exports::source)).containsExactly("dev.idem.internal");
    }

    @Test
    void eachModuleExportsItsApiAndTheInternalsOnlyToIdemsOwnModules() {
        Map<String, Map<String, Set<String>>> exports = new TreeMap<>();
        for (ResolvedModule module : resolve("dev.idem.openai", "dev.idem.config").modules()) {
            ModuleDescriptor descriptor = module.reference().descriptor();
            if (descriptor.name().startsWith("dev.idem")) {
                exports.put(descriptor.name(), descriptor.exports().stream().collect(Collectors.toMap(
                        ModuleDescriptor.Exports::source, ModuleDescriptor.Exports::targets, (a, b) -> a, TreeMap::new)));
            }
        }

        assertThat(exports).containsOnlyKeys("dev.idem.annotations", "dev.idem.regex", "dev.idem.runtime",
                "dev.idem.config", "dev.idem.approvals", "dev.idem.agent", "dev.idem.openai");
        assertThat(exports.get("dev.idem.annotations")).isEqualTo(Map.of("dev.idem", Set.of()));
        assertThat(exports.get("dev.idem.regex")).isEqualTo(Map.of("dev.idem.regex", Set.of()));
        assertThat(exports.get("dev.idem.runtime")).isEqualTo(Map.of(
                "dev.idem.tool", Set.of(), "dev.idem.tool.content", Set.of(), "dev.idem.tool.exchange", Set.of(),
                "dev.idem.retry", Set.of(),
                "dev.idem.journal", Set.of(), "dev.idem.state", Set.of(), "dev.idem.generated", Set.of(),
                "dev.idem.internal", Set.of("dev.idem.agent", "dev.idem.openai", "dev.idem.config")));
        assertThat(exports.get("dev.idem.config")).isEqualTo(Map.of("dev.idem.config", Set.of()));
        assertThat(exports.get("dev.idem.approvals")).isEqualTo(Map.of("dev.idem.approvals", Set.of()));
        assertThat(exports.get("dev.idem.agent")).isEqualTo(Map.of("dev.idem.llm", Set.of(),
                "dev.idem.llm.failover", Set.of(), "dev.idem.llm.scripted", Set.of(), "dev.idem.agent", Set.of(),
                "dev.idem.task", Set.of()));
        assertThat(exports.get("dev.idem.openai")).isEqualTo(Map.of("dev.idem.openai", Set.of()));
    }

    private static Configuration resolve(String... roots) {
        Path[] paths = Stream.of(MODULE_PATH).map(ModuleDescriptorsTest::location).toArray(Path[]::new);
        return Configuration.empty().resolve(ModuleFinder.of(paths), ModuleFinder.ofSystem(), Set.of(roots));
    }

    private static Path location(Class<?> type) {
        try {
            return Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
