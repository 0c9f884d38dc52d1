package dev.idem.agent;

import static dev.idem.faults.BoundedCall.resultWithin;
import static org.assertj.core.api.Assertions.assertThat;

import dev.idem.faults.HostileReply;
import dev.idem.faults.RawHttpServer;
import dev.idem.llm.ErrorKind;
import dev.idem.llm.failover.FailoverDecision.Reason;
import dev.idem.llm.failover.FailoverPolicy;
import dev.idem.openai.OpenAiChatModel;
import dev.idem.retry.DispatchPhase;
import dev.idem.retry.Sleeper;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A hostile provider cannot hang an agent or throw out of {@link Agent#run}: a trickling or
 * oversized answer ends the turn as a model failure in the result. The turns offer tools, so the
 * failure (the provider answered 200 and may have acted) surfaces as OUTCOME_UNKNOWN and the
 * request is never sent again.
 */
class AgentHostileProviderTest {

    private static final Duration LIMIT = Duration.ofSeconds(30);
    private static final long MIB = 1024 * 1024;

    private final AgentTestTools tools = new AgentTestTools();
    private final List<Long> modelDelays = new ArrayList<>();
    private RawHttpServer server;

    @AfterEach
    void stopServer() {
        if (server != null) {
            server.close();
        }
    }

    @Test
    void aProviderThatTricklesOneBytePerSecondEndsTheAgentRunAsAModelFailureNotAHang() {
        HostileReply reply = HostileReply.trickle("application/json", "{\"choices\":[]}", Duration.ofSeconds(1));
        Agent agent = agent(client(reply).requestTimeout(Duration.ofSeconds(2)), false);

        AgentResult result = resultWithin(LIMIT, () -> agent.run("pay 7", "ticket-7"));

        assertOutcomeUnknown(result, ErrorKind.IDLE_TIMEOUT);
    }

    @Test
    void aStreamOfEndlessTextDeltasEndsTheAgentRunAtTheCallTimeout() {
        HostileReply reply = HostileReply.repeatEvent(
                "data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":\"la \"}}]}", Duration.ofMillis(50));
        Agent agent = agent(client(reply).callTimeout(Duration.ofMillis(1_500)), true);

        AgentResult result = resultWithin(LIMIT, () -> agent.run("pay 7", "ticket-7"));

        assertOutcomeUnknown(result, ErrorKind.IDLE_TIMEOUT);
    }

    @Test
    void anOversizedAnswerEndsTheAgentRunAsAModelFailureNotAnOutOfMemoryError() {
        HostileReply reply = HostileReply.huge("application/json", "{\"choices\":[{\"index\":0,\"message\":{\"role\":"
                + "\"assistant\",\"content\":\"hi\"},\"finish_reason\":\"stop\"}],\"padding\":[", "1,", 50 * MIB, "1]}");
        Agent agent = agent(client(reply).maxResponseBytes(MIB), false);

        AgentResult result = resultWithin(LIMIT, () -> agent.run("pay 7", "ticket-7"));

        assertOutcomeUnknown(result, ErrorKind.RESPONSE_TOO_LARGE);
    }

    @Test
    void anOversizedStreamEndsTheAgentRunAsAModelFailureNotAnOutOfMemoryError() {
        HostileReply reply = HostileReply.repeatEvent("data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":\""
                + "la ".repeat(300) + "\"}}]}", Duration.ZERO);
        Agent agent = agent(client(reply).maxResponseBytes(MIB), true);

        AgentResult result = resultWithin(LIMIT, () -> agent.run("pay 7", "ticket-7"));

        assertOutcomeUnknown(result, ErrorKind.RESPONSE_TOO_LARGE);
    }

    private void assertOutcomeUnknown(AgentResult result, ErrorKind kind) {
        assertThat(result.status()).isEqualTo(AgentStatus.OUTCOME_UNKNOWN);
        assertThat(result.error().kind()).isEqualTo(kind);
        assertThat(result.error().phase()).isEqualTo(DispatchPhase.MAYBE_PROCESSED);
        assertThat(result.error().decision().reason()).isEqualTo(Reason.PROVIDER_OUTCOME_UNKNOWN);
        assertThat(server.requests()).as("the request the provider may have acted on is not sent again").isEqualTo(1);
        assertThat(modelDelays).isEmpty();
        assertThat(tools.effects()).isZero();
    }

    private Agent agent(OpenAiChatModel.Builder model, boolean streaming) {
        return Agent.builder().model(model.build()).tools(tools).streaming(streaming)
                .failoverPolicy(FailoverPolicy.builder().maxAttempts(2).build())
                .modelSleeper(Sleeper.recording(modelDelays::add))
                .toolSleeper(millis -> CompletableFuture.completedFuture(null)).build();
    }

    private OpenAiChatModel.Builder client(HostileReply reply) {
        server = RawHttpServer.start(reply);
        return OpenAiChatModel.builder().baseUrl(server.baseUrl()).model("gpt-test")
                .requestTimeout(Duration.ofSeconds(20)).streamIdleTimeout(Duration.ofSeconds(20));
    }
}
