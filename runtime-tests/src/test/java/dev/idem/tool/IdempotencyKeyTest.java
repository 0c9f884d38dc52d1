package dev.idem.tool;

import static org.assertj.core.api.Assertions.assertThat;

import dev.idem.internal.call.IdempotencyKey;
import dev.idem.internal.call.ToolArguments;
import dev.idem.internal.canonical.CanonicalWriter;
import java.net.ConnectException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** DESIGN.md section 3, step 7: one key per call intent, born with the intent, not the attempt. */
class IdempotencyKeyTest {

    private final Harness harness = new Harness();
    private final ScriptedTool pay = harness.script(new KeyTools.Pay(), "pay", (run, ctx, args) -> {
        if (run == 1) {
            throw new ConnectException("reset");
        }
        return "paid";
    });

    @ParameterizedTest
    @EnumSource(EntryPoint.class)
    void keyIsIdenticalOnEveryAttempt(EntryPoint entry) {
        ToolResult result = entry.execute(harness.run(), Harness.call("pay", "{\"cents\":500}"));

        assertThat(pay.runs()).isEqualTo(2);
        assertThat(pay.keys()).hasSize(2).containsOnly(result.idempotencyKey());
        assertThat(pay.contexts).extracting(ToolContext::attempt).containsExactly(1, 2);
    }

    @ParameterizedTest
    @EnumSource(EntryPoint.class)
    void keyIsIdenticalWhenTheSameCallIsReissuedInALaterTurnOfTheRun(EntryPoint entry) {
        ToolRun run = harness.run();
        ToolResult first = entry.execute(run, new ToolCall("turn1", "pay", "{\"cents\":500,\"to\":\"ana\"}"));
        ToolResult reissued = entry.execute(run, new ToolCall("turn3", "pay", "{ \"to\" : \"ana\", \"cents\" : 500 }"));

        assertThat(reissued.idempotencyKey()).isEqualTo(first.idempotencyKey());
        assertThat(pay.keys()).containsOnly(first.idempotencyKey());
    }

    @ParameterizedTest
    @EnumSource(EntryPoint.class)
    void callerSuppliedIntentIdGivesTheSameKeyInANewRun(EntryPoint entry) {
        ToolResult first = entry.execute(harness.executor().newRun("click-7"), Harness.call("pay", "{\"cents\":500}"));
        ToolResult again = entry.execute(harness.executor().newRun("click-7"), Harness.call("pay", "{\"cents\":500}"));

        assertThat(again.idempotencyKey()).isEqualTo(first.idempotencyKey());
    }

    @ParameterizedTest
    @EnumSource(EntryPoint.class)
    void keyDiffersForOtherArguments(EntryPoint entry) {
        ToolRun run = harness.run();
        ToolResult five = entry.execute(run, Harness.call("pay", "{\"cents\":500}"));
        ToolResult six = entry.execute(run, Harness.call("pay", "{\"cents\":600}"));

        assertThat(six.idempotencyKey()).isNotEqualTo(five.idempotencyKey());
    }

    @ParameterizedTest
    @EnumSource(EntryPoint.class)
    void keyDiffersForAnotherIntent(EntryPoint entry) {
        ToolResult ticketA = entry.execute(harness.executor().newRun("ticket-a"), Harness.call("pay", "{\"cents\":500}"));
        ToolResult ticketB = entry.execute(harness.executor().newRun("ticket-b"), Harness.call("pay", "{\"cents\":500}"));
        ToolResult generated = entry.execute(harness.executor().newRun(), Harness.call("pay", "{\"cents\":500}"));

        assertThat(ticketB.idempotencyKey()).isNotEqualTo(ticketA.idempotencyKey());
        assertThat(generated.idempotencyKey()).isNotIn(ticketA.idempotencyKey(), ticketB.idempotencyKey());
    }

    @Test
    void keyIsIndependentOfKeyOrderAndWhitespaceAtEveryDepth() {
        String compact = ToolArguments.canonical(ToolArguments.parse(
                "{\"b\":{\"y\":[1,{\"q\":true,\"p\":null}],\"x\":\"s\"},\"a\":1}"));
        String spread = ToolArguments.canonical(ToolArguments.parse(
                "{ \"a\" : 1 ,\n\t\"b\" : { \"x\" : \"s\", \"y\" : [ 1 , { \"p\" : null , \"q\" : true } ] } }"));

        assertThat(spread).isEqualTo(compact).isEqualTo("{\"a\":1,\"b\":{\"x\":\"s\",\"y\":[1,{\"p\":null,\"q\":true}]}}");
        assertThat(IdempotencyKey.derive("i", "t", spread)).isEqualTo(IdempotencyKey.derive("i", "t", compact));
    }

    @Test
    void numbersAreCanonicalByValueButArrayOrderMatters() {
        assertThat(ToolArguments.canonical(ToolArguments.parse("{\"n\":1.50}")))
                .isEqualTo(ToolArguments.canonical(ToolArguments.parse("{\"n\":1.5}")));
        assertThat(ToolArguments.canonical(ToolArguments.parse("{\"n\":100}")))
                .isEqualTo(ToolArguments.canonical(ToolArguments.parse("{\"n\":1.0e2}")));
        assertThat(ToolArguments.canonical(ToolArguments.parse("{\"l\":[1,2]}")))
                .isNotEqualTo(ToolArguments.canonical(ToolArguments.parse("{\"l\":[2,1]}")));
        assertThat(ToolArguments.canonical(ToolArguments.parse("{\"s\":\"1\"}")))
                .isNotEqualTo(ToolArguments.canonical(ToolArguments.parse("{\"s\":1}")));
    }

    @Test
    void hugeExponentsStayShortInTheCanonicalForm() {
        String canonical = ToolArguments.canonical(ToolArguments.parse("{\"n\":1e100000000}"));

        assertThat(canonical).isEqualTo("{\"n\":1E+100000000}");
        assertThat(ToolArguments.canonical(ToolArguments.parse("{\"n\":10.0e99999999}"))).isEqualTo(canonical);
    }

    @Test
    void keyIsPrefixedSha256HexAndPartsCannotBleedIntoEachOther() {
        String key = IdempotencyKey.derive("intent", "pay", "{}");

        assertThat(key).matches("idem-[0-9a-f]{64}");
        assertThat(IdempotencyKey.derive("ab", "c", "{}")).isNotEqualTo(IdempotencyKey.derive("a", "bc", "{}"));
    }

    /**
     * Keys outlive a process (journals, services' idempotency stores): the derivation is fixed,
     * SHA-256 over each part's UTF-8 byte length, a colon and the part, checked here against the
     * JDK's digest over the spelled-out message, for ASCII and non-ASCII parts and a large intent.
     */
    @Test
    void keyIsSha256OfLengthPrefixedPartsSoItIsTheSameInEveryVersion() throws Exception {
        String longIntent = "i".repeat(70_000);
        String[][] cases = {
                {"intent", "pay", "{}"},
                {"ticket-4711", "schedulePix", "{\"cents\":500,\"key\":\"a@b.c\"}"},
                {"pedido-ação", "transferência", "{\"nota\":\"café ☕\"}"},
                {longIntent, "pay", "{}"},
        };
        for (String[] parts : cases) {
            StringBuilder message = new StringBuilder();
            for (String part : parts) {
                message.append(part.getBytes(StandardCharsets.UTF_8).length).append(':').append(part);
            }
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(message.toString().getBytes(StandardCharsets.UTF_8));
            String expected = "idem-" + HexFormat.of().formatHex(digest);

            assertThat(IdempotencyKey.derive(parts[0], parts[1], parts[2])).isEqualTo(expected);
            CanonicalWriter canonical = new CanonicalWriter();
            canonical.json(ToolArguments.parse(parts[2]));
            assertThat(IdempotencyKey.derive(parts[0], parts[1], canonical)).isEqualTo(expected);
        }
    }
}
