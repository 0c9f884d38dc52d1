package dev.idem.tool;

import static org.assertj.core.api.Assertions.assertThat;

import dev.idem.ErrorType;
import dev.idem.faults.RawHttpServer;
import dev.idem.journal.CallJournal;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Safe by default: a re-issued call of an intent whose outcome is unknown never runs again unless
 * the tool is idempotent, with no journal configured (the executor's own, in memory) exactly as
 * with the in-memory and the file journal, in the same run and in a later run of the same intent.
 * A mail relay on loopback acts on every request it reads in full, then drops the connection
 * (FIN or RST) or answers after the tool's timeout; the effects it counts are the figure.
 */
class UnknownOutcomeReissueTest {

    private static final int INTENTS = 40;
    static final long TIMEOUT_MS = 100;

    enum Fault {
        DROPPED_AFTER_ACTING(RawHttpServer::closedAfterReading, ReissueTools.Untimed::new),
        RESET_AFTER_ACTING(RawHttpServer::resetAfterReading, ReissueTools.Untimed::new),
        ANSWERED_AFTER_THE_TIMEOUT(RawHttpServer.answerAfter(3 * TIMEOUT_MS), ReissueTools.Timed::new);

        final RawHttpServer.Reply reply;
        /** The tool, timed out at {@link #TIMEOUT_MS} when the relay answers late, else untimed. */
        final Supplier<ScriptedTools> tools;

        Fault(RawHttpServer.Reply reply, Supplier<ScriptedTools> tools) {
            this.reply = reply;
            this.tools = tools;
        }
    }

    enum Journal {
        NONE(dir -> null),
        IN_MEMORY(dir -> CallJournal.inMemory()),
        FILE(CallJournal::file);

        final Function<Path, CallJournal> open;

        Journal(Function<Path, CallJournal> open) {
            this.open = open;
        }
    }

    static Stream<Arguments> cases() {
        List<Arguments> cases = new ArrayList<>();
        for (Journal journal : Journal.values()) {
            for (Fault fault : Fault.values()) {
                cases.add(Arguments.of(journal, fault));
            }
        }
        return cases.stream();
    }

    @ParameterizedTest(name = "{0} journal, relay {1}")
    @MethodSource("cases")
    void aReIssuedNonIdempotentCallWhoseOutcomeIsUnknownNeverRunsAgain(Journal kind, Fault fault, @TempDir Path dir)
            throws Exception {
        HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
        try (RawHttpServer relay = RawHttpServer.start(fault.reply); CallJournal journal = kind.open.apply(dir)) {
            ScriptedTools tools = fault.tools.get();
            tools.script("sendMail",
                    (run, ctx, args) -> http.send(HttpRequest.newBuilder(URI.create(relay.baseUrl() + "/mail"))
                            .header("Idempotency-Key", ctx.idempotencyKey())
                            .POST(HttpRequest.BodyPublishers.ofString("{\"to\":\"ana@example.com\"}"))
                            .build(), HttpResponse.BodyHandlers.ofString()).body());
            // The breaker would refuse calls after five failures in a row: every intent here must reach the relay.
            ToolExecutor.Builder builder = ToolExecutor.builder(ToolRegistry.builder().discover(tools).build())
                    .circuitBreaker(10 * INTENTS, Duration.ofSeconds(1));
            if (journal != null) {
                builder.journal(journal);
            }
            ToolExecutor executor = builder.build();

            for (int intent = 0; intent < INTENTS; intent++) {
                ToolRun run = executor.newRun("mail-" + intent);
                ToolCall call = new ToolCall("c1", "sendMail", "{}");
                ToolResult first = run.execute(call);
                ToolResult reissued = run.execute(new ToolCall("c2", "sendMail", "{ }"));
                ToolResult laterRun = executor.newRun("mail-" + intent).execute(new ToolCall("c3", "sendMail", "{}"));

                assertThat(first.isError()).as("intent %d, first call", intent).isTrue();
                assertThat(first.outcomeUnknown()).as("intent %d: the relay acted", intent).isTrue();
                assertThat(first.textForModel()).doesNotContain("could not be reached");
                for (ToolResult again : List.of(reissued, laterRun)) {
                    assertThat(again.errorType()).as("intent %d, re-issued", intent).isEqualTo(ErrorType.OUTCOME_UNKNOWN);
                    assertThat(again.attempts()).isZero();
                    assertThat(again.textForModel()).contains("NOT run again");
                }
            }
            if (fault == Fault.ANSWERED_AFTER_THE_TIMEOUT) {
                // An abandoned body may still be on its way to the relay, or stopped before it got there.
                Thread.sleep(10 * TIMEOUT_MS);
                assertThat(relay.requests()).as("effects: at most one per intent").isBetween(1, INTENTS);
            } else {
                assertThat(relay.requests()).as("effects: one per intent").isEqualTo(INTENTS);
            }
        }
    }
}
