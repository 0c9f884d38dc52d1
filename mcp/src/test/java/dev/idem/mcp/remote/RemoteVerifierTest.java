package dev.idem.mcp.remote;

import static org.assertj.core.api.Assertions.assertThat;

import dev.idem.tool.Verification;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** Only an explicit answer of a remote verifier counts: anything else leaves the outcome unknown. */
class RemoteVerifierTest {

    private static Verification<JsonNode> verdict(String result) {
        return RemoteVerifier.verdict("find_payment", RemoteJson.MAPPER.readTree(result));
    }

    @Test
    void anAppliedAnswerCarriesItsResult() {
        Verification<JsonNode> structured = verdict("{\"content\":[],\"structuredContent\":"
                + "{\"applied\":true,\"result\":{\"paymentId\":\"pay_1\"}}}");
        Verification<JsonNode> text = verdict("{\"content\":[{\"type\":\"text\",\"text\":"
                + "\"{\\\"applied\\\":true,\\\"result\\\":\\\"pay_1\\\"}\"}]}");

        assertThat(structured.verdict()).isEqualTo(Verification.Verdict.APPLIED);
        assertThat(structured.result().path("paymentId").asString()).isEqualTo("pay_1");
        assertThat(text.verdict()).isEqualTo(Verification.Verdict.APPLIED);
        assertThat(text.result().asString()).isEqualTo("pay_1");
    }

    @Test
    void onlyAnExplicitAppliedFalseIsNotApplied() {
        assertThat(verdict("{\"structuredContent\":{\"applied\":false}}").verdict())
                .isEqualTo(Verification.Verdict.NOT_APPLIED);
        for (String vague : new String[] {
                "{\"structuredContent\":{\"applied\":\"no\"}}",
                "{\"structuredContent\":{\"found\":false}}",
                "{\"content\":[{\"type\":\"text\",\"text\":\"no such payment\"}]}",
                "{\"content\":[]}",
                "{\"isError\":true,\"structuredContent\":{\"applied\":false}}"}) {
            assertThat(verdict(vague).verdict()).as(vague).isEqualTo(Verification.Verdict.UNKNOWN);
        }
    }
}
