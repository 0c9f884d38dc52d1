package dev.idem.tool;

import static org.assertj.core.api.Assertions.assertThat;

import dev.idem.ErrorType;
import dev.idem.logging.LogCapture;
import java.net.ConnectException;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.slf4j.event.Level;

/**
 * Issue 13: retry, give-up and outcome-unknown decisions of the tool executor are logged at INFO
 * with the rule that decided; argument values appear only at DEBUG; secrets never.
 */
class DecisionLoggingTest {

    private static final RetryPolicy THREE = RetryPolicy.builder().maxAttempts(3).initialDelayMs(10).build();
    private static final String SECRET = "sk-proj-Abc123Def456Ghi789";

    private final Harness harness = new Harness();

    @Test
    void aRetryIsLoggedAtInfoWithTheRuleThatAllowedItAndArgumentsOnlyAtDebug() {
        harness.script(new LoggingTools.Retried(), "logRetryTool", (run, ctx, args) -> {
            if (run == 1) {
                throw new ConnectException("refused by 10.0.0.7");
            }
            return "ok";
        });

        List<String> info;
        String debug;
        try (LogCapture logs = LogCapture.start("dev.idem.tool", Level.DEBUG)) {
            harness.run().execute(new ToolCall("call-logretry", "logRetryTool", "{\"iban\":\"DE89370400440532013000\"}"));
            info = mine(logs.messages(Level.INFO), "call-logretry");
            debug = String.join("\n", mine(logs.messages(Level.DEBUG), "call-logretry"));
        }

        assertThat(info).singleElement().asString()
                .contains("tool 'logRetryTool' call call-logretry attempt 1/3 failed with CONNECTION_ERROR")
                .contains("retrying in 10 ms with the same key idem-")
                .contains("because CONNECTION_ERROR is transient and the tool is restart-safe")
                .doesNotContain("DE89370400440532013000", "10.0.0.7");
        assertThat(debug).contains("DE89370400440532013000", "refused by 10.0.0.7");
    }

    @Test
    void aGiveUpNamesTheRuleAndAnUnknownOutcomeSaysTheEffectMayHaveHappened() {
        harness.configure(b -> b.defaultTimeout(Duration.ofMillis(50)));
        harness.script(new LoggingTools.RestartUnsafe(), "logUnsafeTool", (run, ctx, args) -> {
            Thread.sleep(5_000);
            return "too late";
        });
        // Its own generous timeout: on a busy machine the refusal must not lose the race to the 50 ms default.
        harness.script(new LoggingTools.Narrow(), "logNarrowTool", (run, ctx, args) -> {
            throw new ConnectException("refused");
        });

        List<String> info;
        try (LogCapture logs = LogCapture.start("dev.idem.tool", Level.INFO)) {
            harness.run().execute(new ToolCall("call-logunsafe", "logUnsafeTool", "{}"));
            harness.run().execute(new ToolCall("call-lognarrow", "logNarrowTool", "{}"));
            info = logs.messages(Level.INFO);
        }

        assertThat(mine(info, "call-logunsafe")).singleElement().asString()
                .contains("attempt 1/1 failed with TIMEOUT: not run again")
                .contains("because it overran its timeout and may still be running; the tool is not idempotent")
                .contains("outcome unknown: the effect may have happened");
        assertThat(mine(info, "call-lognarrow")).singleElement().asString()
                .contains("failed with CONNECTION_ERROR: not run again, because CONNECTION_ERROR is not in the policy's"
                        + " retryOn")
                .doesNotContain("outcome unknown");
    }

    @Test
    void secretsInArgumentsAndErrorMessagesNeverReachTheLogAtAnyLevel() {
        harness.script(new LoggingTools.Secret(), "logSecretTool", (run, ctx, args) -> {
            throw new ConnectException("proxy said 407 for Authorization: Bearer " + SECRET);
        });

        String everything;
        try (LogCapture logs = LogCapture.start("dev.idem", Level.TRACE)) {
            harness.run().execute(new ToolCall("call-logsecret", "logSecretTool",
                    "{\"apiKey\":\"" + SECRET + "\",\"note\":\"x\"}"));
            harness.run().execute(new ToolCall("call-logsecret2", "logSecretTool", "{\"apiKey\":\"" + SECRET));
            everything = logs.allText();
        }

        assertThat(everything).contains("call-logsecret", "call-logsecret2", "[redacted]").doesNotContain(SECRET);
    }

    private static List<String> mine(List<String> lines, String callId) {
        return lines.stream().filter(line -> line.contains("call " + callId + " ")
                || line.contains("call " + callId + ":")).toList();
    }
}
