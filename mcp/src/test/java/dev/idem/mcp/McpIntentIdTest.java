package dev.idem.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.OutputStream;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The intent id a client sends under {@code _meta} is a JSON string of at most
 * 256 characters, else the call is refused and nothing runs
 * or is remembered; different ids are different intents. Raw JSON over stdio in this process, so
 * the ids can be any JSON value and the server's memory of intents can be read.
 */
class McpIntentIdTest {

    private static final int CAPACITY = 32;

    private final Payments payments = new Payments();
    private final McpToolServer tools = PaymentsServer.create(payments, CAPACITY);
    private final PipedOutputStream toServer = new PipedOutputStream();
    private RawLines client;
    private CompletableFuture<Void> serving;

    @BeforeEach
    void serveOverPipes() throws Exception {
        PipedInputStream serverIn = new PipedInputStream(toServer, 1 << 16);
        PipedInputStream fromServer = new PipedInputStream(1 << 16);
        OutputStream serverOut = new PipedOutputStream(fromServer);
        serving = CompletableFuture.runAsync(() -> tools.serveStdio(serverIn, serverOut));
        client = new RawLines(toServer, fromServer).initialize();
    }

    @AfterEach
    void closeInput() throws Exception {
        client.close();
        serving.get(60, TimeUnit.SECONDS);
    }

    private JsonNode pay(JsonNode intentId, String to) throws Exception {
        ObjectNode params = RawLines.JSON.createObjectNode();
        params.putObject("arguments").put("to", to).put("cents", 100);
        params.putObject("_meta").set(McpToolServer.INTENT_ID_META_KEY, intentId);
        return client.callTool("pay", params);
    }

    private static void assertRefusedNamingTheLimit(JsonNode result) {
        assertThat(result.get("isError").asBoolean()).as("refused: %s", result).isTrue();
        assertThat(result.get("content").get(0).get("text").asString())
                .contains(McpToolServer.INTENT_ID_META_KEY).contains("256").contains("NOT executed");
    }

    @Test
    void anIntentIdThatIsNotAStringIsRefusedAndTheToolIsNotExecuted() throws Exception {
        Random random = new Random(4711);
        for (int i = 0; i < 60; i++) {
            JsonNode id = nonString(random, 3);

            JsonNode result = pay(id, "ana@example.com");

            assertRefusedNamingTheLimit(result);
        }
        assertThat(payments.effects()).isZero();
        assertThat(tools.rememberedIntents()).isZero();
    }

    @Test
    void aBlankIntentIdIsRefused() throws Exception {
        for (String blank : List.of("", " ", "\t\n ")) {
            assertRefusedNamingTheLimit(pay(RawLines.JSON.getNodeFactory().stringNode(blank), "ana@example.com"));
        }
        assertThat(payments.effects()).isZero();
    }

    @Test
    void anIntentIdLongerThanTheLimitIsRefusedAndNotRemembered() throws Exception {
        JsonNode megabyte = RawLines.JSON.getNodeFactory().stringNode("x".repeat(1 << 20));
        JsonNode justOver = RawLines.JSON.getNodeFactory().stringNode("y".repeat(257));
        JsonNode atTheLimit = RawLines.JSON.getNodeFactory().stringNode("z".repeat(256));

        assertRefusedNamingTheLimit(pay(megabyte, "ana@example.com"));
        assertRefusedNamingTheLimit(pay(justOver, "ana@example.com"));
        assertThat(payments.effects()).isZero();
        assertThat(tools.rememberedIntents()).isZero();

        assertThat(pay(atTheLimit, "ana@example.com").get("isError").asBoolean()).isFalse();
        assertThat(payments.effects()).isEqualTo(1);
    }

    @Test
    void differentIntentIdsNeverMergeIntoOneIntent() throws Exception {
        Random random = new Random(1912);
        Set<String> ids = new LinkedHashSet<>(List.of("1", "1.0", "01", " 1", "1 ", "true", "null", "{}", "[1]",
                "a", "A", "é", "e\u0301", "mcp-call-1"));
        while (ids.size() < 40) {
            ids.add(randomString(random, 1 + random.nextInt(256)));
        }
        Set<String> keys = new HashSet<>();

        for (String id : ids) {
            JsonNode result = pay(RawLines.JSON.getNodeFactory().stringNode(id), "maria@example.com");

            assertThat(result.get("isError").asBoolean()).as("accepted: %s", result).isFalse();
            assertThat(result.get("_meta").get("dev.idem/intentId").asString()).isEqualTo(id);
            keys.add(result.get("_meta").get("dev.idem/idempotencyKey").asString());
        }

        assertThat(keys).hasSize(ids.size());
        assertThat(payments.effects()).isEqualTo(ids.size());
    }

    @Test
    void rememberedIntentsAreAtMostTheCapacityEachAtMostTheIdLimit() throws Exception {
        Random random = new Random(2026);
        int accepted = 0;
        for (int i = 0; i < 120; i++) {
            int length = 1 + random.nextInt(i % 4 == 0 ? 4096 : 256);
            String id = randomString(random, length);

            JsonNode result = pay(RawLines.JSON.getNodeFactory().stringNode(id), "joao@example.com");

            if (id.length() > 256) {
                assertRefusedNamingTheLimit(result);
            } else {
                assertThat(result.get("isError").asBoolean()).as("accepted: %s", result).isFalse();
                accepted++;
            }
            assertThat(tools.rememberedIntents()).isLessThanOrEqualTo(CAPACITY);
        }
        assertThat(accepted).isGreaterThan(CAPACITY);
        assertThat(payments.effects()).isEqualTo(accepted);
    }

    /** A JSON value that is not a string: a number, a boolean, null, an object or an array. */
    private static JsonNode nonString(Random random, int depth) {
        var nodes = RawLines.JSON.getNodeFactory();
        int kind = random.nextInt(depth > 0 ? 7 : 5);
        return switch (kind) {
            case 0 -> nodes.numberNode(random.nextInt());
            case 1 -> nodes.numberNode(new java.math.BigDecimal(random.nextLong()).movePointLeft(random.nextInt(20)));
            case 2 -> nodes.numberNode(random.nextDouble() * 1e300);
            case 3 -> nodes.booleanNode(random.nextBoolean());
            case 4 -> nodes.nullNode();
            case 5 -> {
                ObjectNode object = nodes.objectNode();
                for (int i = random.nextInt(3); i > 0; i--) {
                    object.set(randomString(random, 1 + random.nextInt(8)), nonString(random, depth - 1));
                }
                yield object;
            }
            default -> {
                ArrayNode array = nodes.arrayNode();
                for (int i = random.nextInt(3); i > 0; i--) {
                    array.add(random.nextBoolean() ? nodes.stringNode(randomString(random, 4)) : nonString(random, depth - 1));
                }
                yield array;
            }
        };
    }

    /** A string of {@code length} characters from a mix of ASCII, accents, CJK and whitespace, not blank. */
    private static String randomString(Random random, int length) {
        String alphabet = "abcXYZ019 .-_:/{}[]\"\\\u00e9\u00e3\u20ac\u4e2d\t";
        StringBuilder text = new StringBuilder(length);
        text.append('k');
        while (text.length() < length) {
            text.append(alphabet.charAt(random.nextInt(alphabet.length())));
        }
        return text.toString();
    }

    @Test
    void theSameIntentIdTwiceIsOneIntent() throws Exception {
        List<JsonNode> results = new ArrayList<>();
        results.add(pay(RawLines.JSON.getNodeFactory().stringNode("ticket-4711"), "ana@example.com"));
        results.add(pay(RawLines.JSON.getNodeFactory().stringNode("ticket-4711"), "ana@example.com"));

        assertThat(results.get(1).get("_meta").get("dev.idem/idempotencyKey"))
                .isEqualTo(results.get(0).get("_meta").get("dev.idem/idempotencyKey"));
        assertThat(payments.effects()).isEqualTo(1);
    }
}
