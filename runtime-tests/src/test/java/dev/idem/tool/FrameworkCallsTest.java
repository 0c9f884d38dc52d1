package dev.idem.tool;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.idem.ErrorType;
import java.time.Duration;
import java.util.AbstractMap;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The one layer every adapter goes through: which intent, never throwing, one shape of safety flags. */
class FrameworkCallsTest {

    private static final String PAY = "{\"to\":\"ana\"}";

    private final Harness harness = new Harness();
    private final FrameworkTools tools = new FrameworkTools();
    private final ScriptedTool pay = harness.script(tools, "pay", (run, ctx, args) -> "paid " + run);
    private final ScriptedTool look = harness.script(tools, "look", (run, ctx, args) -> "seen");

    private FrameworkCalls calls(int capacity) {
        return FrameworkCalls.builder(harness.executor(), "test").intentCapacity(capacity).build();
    }

    private static Map<String, Object> given(Object intentId) {
        Map<String, Object> entries = new HashMap<>();
        entries.put(FrameworkCalls.INTENT_ID_KEY, intentId);
        return entries;
    }

    private static void assertRefused(ToolResult result) {
        assertThat(result.isError()).as("refused: %s", result).isTrue();
        assertThat(result.errorType()).isEqualTo(ErrorType.REJECTED);
        assertThat(result.attempts()).isZero();
        assertThat(result.idempotencyKey()).isNull();
        assertThat(result.message()).contains(FrameworkCalls.INTENT_ID_KEY).contains("256").contains("NOT executed");
    }

    @Test
    void anIntentIdOverTheBoundIsRefusedAndNeitherRunsNorIsRemembered() throws Exception {
        FrameworkCalls calls = calls(8);
        Random random = new Random(31);
        for (int i = 0; i < 40; i++) {
            String id = "k" + "x".repeat(FrameworkCalls.MAX_INTENT_ID_LENGTH + random.nextInt(1 << 16));

            assertRefused(calls.execute(calls.intent(given(id), "fallback"), "c" + i, "pay", PAY));
            assertRefused(calls.executeAsync(calls.intent(given(id), null), null, "pay", PAY)
                    .toCompletableFuture().get(10, TimeUnit.SECONDS));
        }
        assertThat(pay.runs()).isZero();
        assertThat(calls.rememberedIntents()).isZero();

        String atTheBound = "z".repeat(FrameworkCalls.MAX_INTENT_ID_LENGTH);
        FrameworkCalls.Intent accepted = calls.intent(given(atTheBound), null);
        assertThat(accepted.id()).isEqualTo(atTheBound);
        assertThat(calls.execute(accepted, "c", "pay", PAY).isError()).isFalse();
        assertThat(pay.runs()).isEqualTo(1);
    }

    @Test
    void anIntentIdThatIsNotANonBlankStringIsRefused() {
        FrameworkCalls calls = calls(8);
        List<Object> refused = Arrays.asList(null, "", " ", "\t\n", 42, 1.5, 7L, true, Map.of("a", 1), List.of("a"),
                new String[] {"a"}, new StringBuilder("ticket"), 'c');
        for (Object id : refused) {
            FrameworkCalls.Intent intent = calls.intent(given(id), "fallback");

            assertThat(intent.refused()).as("%s", id).isTrue();
            assertThat(intent.id()).isNull();
            assertRefused(calls.execute(intent, "c", "pay", PAY));
        }
        assertThat(pay.runs()).isZero();
    }

    @Test
    void rememberedIntentsNeverExceedTheCapacity() {
        FrameworkCalls calls = calls(16);
        Random random = new Random(2026);
        for (int i = 0; i < 200; i++) {
            String id = "ticket-" + random.nextInt(1_000_000) + "-" + i;

            assertThat(calls.execute(calls.intent(given(id), null), "c" + i, "pay", PAY).isError()).isFalse();
            assertThat(calls.rememberedIntents()).isLessThanOrEqualTo(16);
        }
        assertThat(pay.runs()).isEqualTo(200);
        assertThatThrownBy(() -> FrameworkCalls.builder(harness.executor(), "test").intentCapacity(0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("intentCapacity");
    }

    @Test
    void callsOfOneIntentShareOneRunAndAnAbsentIdFallsBackToTheFrameworksIntent() {
        FrameworkCalls calls = calls(8);

        ToolResult first = calls.execute(calls.intent(given("ticket-1"), "session-9"), "c1", "pay", PAY);
        ToolResult again = calls.execute(calls.intent(given("ticket-1"), "session-9"), "c2", "pay", PAY);
        ToolResult bySession = calls.execute(calls.intent(Map.of(), "session-9"), "c3", "pay", PAY);
        ToolResult bySessionAgain = calls.execute(calls.intent(null, "session-9"), "c4", "pay", PAY);

        assertThat(again.idempotencyKey()).isEqualTo(first.idempotencyKey());
        assertThat(bySessionAgain.idempotencyKey()).isEqualTo(bySession.idempotencyKey())
                .isNotEqualTo(first.idempotencyKey());
        assertThat(pay.runs()).as("one effect per intent").isEqualTo(2);
        assertThat(calls.rememberedIntents()).isEqualTo(2);
    }

    @Test
    void aCallWithNoIntentAndNoFallbackIsAnIntentOfItsOwnAndIsNotRemembered() {
        FrameworkCalls calls = calls(8);
        Set<String> keys = new HashSet<>();
        for (int i = 0; i < 5; i++) {
            FrameworkCalls.Intent intent = calls.intent(null, null);
            assertThat(intent.id()).startsWith("test-call-");
            keys.add(calls.execute(intent, "c", "pay", PAY).idempotencyKey());
        }
        keys.add(calls.execute(null, "c", "pay", PAY).idempotencyKey());

        assertThat(keys).hasSize(6);
        assertThat(pay.runs()).isEqualTo(6);
        assertThat(calls.rememberedIntents()).isZero();
    }

    /** Entries that fail when read, as a broken framework or user code might hand them over. */
    private static final class FailingEntries extends AbstractMap<String, Object> {
        @Override
        public Set<Entry<String, Object>> entrySet() {
            throw new IllegalStateException("entries unavailable");
        }

        @Override
        public boolean containsKey(Object key) {
            throw new IllegalStateException("entries unavailable");
        }
    }

    @Test
    void anAdapterCallNeverThrows() throws Exception {
        FrameworkCalls calls = calls(4);
        Random random = new Random(1309);
        java.util.concurrent.atomic.AtomicInteger attempts = new java.util.concurrent.atomic.AtomicInteger();
        String[] names = {null, "", "pay", "nope", "look"};
        String[] arguments = {null, "", "{", "[1]", "{\"to\":", "{\"unknown\":1}", "\u0000"};
        for (int i = 0; i < 200; i++) {
            Map<String, ?> entries = switch (random.nextInt(4)) {
                case 0 -> null;
                case 1 -> new FailingEntries();
                case 2 -> given(random.nextBoolean() ? random.nextLong() : "x".repeat(300));
                default -> Map.of();
            };
            FrameworkCalls.Intent intent = random.nextInt(5) == 0 ? null : calls.intent(entries, null);
            String callId = random.nextBoolean() ? null : "c" + i;
            String name = names[random.nextInt(names.length)];
            String args = arguments[random.nextInt(arguments.length)];
            boolean async = random.nextBoolean();

            assertThatCode(() -> {
                ToolResult result = async
                        ? calls.executeAsync(intent, callId, name, args).toCompletableFuture().get(10, TimeUnit.SECONDS)
                        : calls.execute(intent, callId, name, args);
                assertThat(result).isNotNull();
                assertThat(result.callId()).isNotNull();
                attempts.addAndGet(result.attempts());
            }).as("%s %s %s %s", intent, callId, name, args).doesNotThrowAnyException();
        }
        assertThat(pay.runs() + look.runs()).as("every body run is in a result").isEqualTo(attempts.get());

        ToolResult failure = calls.failure(null, null, new java.util.concurrent.CompletionException(new IllegalStateException()));
        assertThat(failure.errorType()).isEqualTo(ErrorType.UNKNOWN);
        assertThat(failure.outcomeUnknown()).as("whether the body ran is not known").isTrue();
        assertThat(failure.message()).contains("test adapter").contains("IllegalStateException");
    }

    @Test
    void safetyFlagsAreOneMapWithTheSameKeysForEveryAdapter() {
        FrameworkCalls calls = calls(4);
        ToolDescriptor payTool = harness.executor().registry().find("pay").descriptor();
        ToolDescriptor lookTool = harness.executor().registry().find("look").descriptor();

        Map<String, Object> payFlags = calls.safetyFlags(payTool);
        Map<String, Object> lookFlags = calls.safetyFlags(lookTool);

        assertThat(payFlags).containsExactly(
                Map.entry("title", "Pay someone"),
                Map.entry("readOnlyHint", false), Map.entry("destructiveHint", false),
                Map.entry("idempotentHint", true), Map.entry("openWorldHint", true),
                Map.entry("dev.idem/restartSafe", false), Map.entry("dev.idem/idempotent", true),
                Map.entry("dev.idem/readOnly", false),
                Map.entry("dev.idem/retryPolicy", Map.of("source", "executor", "maxAttempts", 3,
                        "initialDelayMs", 1000L, "backoffFactor", 2.0, "maxDelayMs", 30000L, "jitter", false,
                        "jitterFactor", 0.25, "retryOn", List.of("TIMEOUT", "RATE_LIMIT", "CONNECTION_ERROR"))));
        assertThat(lookFlags).doesNotContainKey("title")
                .containsEntry("readOnlyHint", true).containsEntry("destructiveHint", false)
                .containsEntry("idempotentHint", true).containsEntry("openWorldHint", false)
                .containsEntry("dev.idem/restartSafe", true).containsEntry("dev.idem/timeoutMs", 2_000L);
        @SuppressWarnings("unchecked")
        Map<String, Object> lookRetry = (Map<String, Object>) lookFlags.get("dev.idem/retryPolicy");
        assertThat(lookRetry).containsEntry("source", "tool").containsEntry("maxAttempts", 5);
        assertThatThrownBy(() -> payFlags.put("readOnlyHint", true)).isInstanceOf(UnsupportedOperationException.class);
        assertThat(Duration.ofMillis((Long) lookFlags.get("dev.idem/timeoutMs"))).isEqualTo(Duration.ofSeconds(2));
    }
}
