package dev.idem.tool;

import static org.assertj.core.api.Assertions.assertThat;

import dev.idem.ErrorType;
import java.io.EOFException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ConnectException;
import java.net.SocketException;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * What the executor does with a failure's dispatch phase (docs/running-tools.md), on generated
 * tools: a connection error before the request left runs a restart-safe tool again; once the
 * request left, only an idempotent tool is re-driven, under the same key. The phases themselves
 * are {@code ToolDispatchPhaseTest}'s, in the runtime.
 */
class ToolDispatchPhaseRetryTest {

    private final Harness harness = new Harness();

    @ParameterizedTest
    @EnumSource(EntryPoint.class)
    void aRestartSafeToolRunsAgainAfterAConnectionErrorBeforeTheRequestLeft(EntryPoint entry) {
        ScriptedTool mail = harness.script(new DispatchPhaseTools.Mail(), "sendMail", (run, ctx, args) -> {
            if (run == 1) {
                throw new ConnectException("Connection refused");
            }
            return "sent";
        });

        ToolResult result = entry.execute(harness.run(), Harness.call("sendMail", "{}"));

        assertThat(mail.runs()).isEqualTo(2);
        assertThat(result.success()).isTrue();
    }

    @ParameterizedTest
    @EnumSource(EntryPoint.class)
    void aToolThatIsNotIdempotentNeverRunsAgainAfterTheConnectionBrokeOnceTheRequestLeft(EntryPoint entry) {
        ScriptedTool mail = harness.script(new DispatchPhaseTools.Mail(), "sendMail", (run, ctx, args) -> {
            throw new UncheckedIOException(new IOException("HTTP/1.1 header parser received no bytes",
                    new EOFException("EOF reached while reading")));
        });

        ToolResult result = entry.execute(harness.run(), Harness.call("sendMail", "{}"));

        assertThat(mail.runs()).isEqualTo(1);
        assertThat(result.errorType()).isEqualTo(ErrorType.CONNECTION_ERROR);
        assertThat(result.outcomeUnknown()).isTrue();
        assertThat(result.textForModel()).contains("may have taken effect").doesNotContain("could not be reached");
    }

    @ParameterizedTest
    @EnumSource(EntryPoint.class)
    void anIdempotentToolIsReDrivenUnderTheSameKeyAfterTheConnectionBrokeOnceTheRequestLeft(EntryPoint entry) {
        ScriptedTool pay = harness.script(new DispatchPhaseTools.Pay(), "pay", (run, ctx, args) -> {
            if (run == 1) {
                throw new SocketException("Connection reset");
            }
            return "paid";
        });

        ToolResult result = entry.execute(harness.run(), Harness.call("pay", "{}"));

        assertThat(pay.runs()).isEqualTo(2);
        assertThat(pay.keys()).containsOnly(result.idempotencyKey());
        assertThat(result.success()).isTrue();
    }
}
