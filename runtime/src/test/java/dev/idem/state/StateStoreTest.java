package dev.idem.state;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

class StateStoreTest {
    private static final JsonMapper MAPPER = JsonMapper.builder().build();

    @TempDir
    Path dir;

    @Test
    void savedDocumentIsLoadedBackEqual() {
        StateStore store = StateStore.open(dir);
        ObjectNode conversation = JsonNodeFactory.instance.objectNode();
        conversation.put("agent", "travel").putArray("messages").addObject().put("role", "user").put("text", "olá");

        store.save("conversation-1", conversation);

        assertThat(store.load("conversation-1")).contains(conversation);
        assertThat(store.names()).containsExactly("conversation-1");
    }

    @Test
    void documentThatWasNeverSavedIsEmpty() {
        StateStore store = StateStore.open(dir.resolve("not/yet/there"));

        assertThat(store.load("nothing")).isEmpty();
        assertThat(store.loadText("nothing")).isEmpty();
        assertThat(Files.isDirectory(dir.resolve("not/yet/there"))).isTrue();
    }

    @Test
    void saveReplacesThePreviousVersionAndLeavesNoTemporaryFile() throws Exception {
        StateStore store = StateStore.open(dir);
        store.saveText("state", "{\"version\":1}");
        store.saveText("state", "{\"version\":2}");

        assertThat(store.load("state").orElseThrow().get("version").asInt()).isEqualTo(2);
        try (Stream<Path> files = Files.list(dir)) {
            assertThat(files.map(file -> file.getFileName().toString())).containsExactly("state.json");
        }
    }

    @Test
    void leftoverTemporaryFilesOfACrashedWriteAreIgnored() throws Exception {
        StateStore store = StateStore.open(dir);
        store.saveText("state", "{\"version\":7}");
        Files.writeString(dir.resolve(".state.12345" + StateStore.TEMP_SUFFIX), "{\"version\":8,\"payl");

        assertThat(store.load("state").orElseThrow().get("version").asInt()).isEqualTo(7);
        assertThat(store.names()).containsExactly("state");
    }

    @Test
    void textThatIsNotJsonIsRejectedAndThePreviousVersionKept() {
        StateStore store = StateStore.open(dir);
        store.saveText("state", "{\"version\":1}");

        assertThatThrownBy(() -> store.saveText("state", "{\"version\":2,"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'state' is not valid JSON");
        assertThat(store.loadText("state")).contains("{\"version\":1}");
    }

    @Test
    void namesThatCouldLeaveTheDirectoryOrHideAreRejected() {
        StateStore store = StateStore.open(dir);
        JsonNode doc = JsonNodeFactory.instance.objectNode();

        for (String name : List.of("../outside", "a/b", ".hidden", "", "-flag")) {
            assertThatThrownBy(() -> store.save(name, doc))
                    .as(name)
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("state name");
        }
        assertThat(store.names()).isEmpty();
    }

    @Test
    void deletedDocumentIsGone() {
        StateStore store = StateStore.open(dir);
        store.saveText("state", "[]");

        assertThat(store.delete("state")).isTrue();
        assertThat(store.delete("state")).isFalse();
        assertThat(store.load("state")).isEmpty();
    }

    @Test
    void concurrentSavesOfOneNameLeaveOneCompleteVersion() {
        StateStore store = StateStore.open(dir);
        ExecutorService writers = Executors.newFixedThreadPool(4);
        try {
            List<CompletableFuture<Void>> saves = new ArrayList<>();
            for (int version = 0; version < 40; version++) {
                String text = "{\"version\":" + version + ",\"payload\":\"" + "x".repeat(4096) + "\"}";
                saves.add(CompletableFuture.runAsync(() -> store.saveText("state", text), writers));
            }
            saves.forEach(CompletableFuture::join);
        } finally {
            writers.shutdownNow();
        }

        JsonNode state = MAPPER.readTree(store.loadText("state").orElseThrow());
        assertThat(state.get("version").asInt()).isBetween(0, 39);
        assertThat(state.get("payload").asString()).hasSize(4096);
        assertThat(store.names()).containsExactly("state");
    }
}
