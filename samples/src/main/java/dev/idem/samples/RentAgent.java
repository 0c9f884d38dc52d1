package dev.idem.samples;

import dev.idem.agent.Agent;
import dev.idem.agent.AgentListener;
import dev.idem.journal.CallJournal;
import dev.idem.openai.OpenAiChatModel;
import dev.idem.samples.tools.PixBank;
import dev.idem.samples.tools.PixBank_ToolSet;
import java.net.URI;
import java.net.http.HttpClient;
import java.time.Duration;

/**
 * The agent of the demo's crash: the same agent in the process that is killed and in the one
 * that resumes its run, so the journal's turns and calls belong to one run (a turn's record
 * carries a hash of the instructions, the conversation so far and the prompt).
 */
final class RentAgent {

    static final String INTENT = "pix-rent";
    static final String TOOL = "schedulePix";
    /** Room for a cold JVM's first request on a busy machine; the scripted model answers in milliseconds. */
    private static final Duration MODEL_REQUEST_TIMEOUT = Duration.ofSeconds(30);

    private RentAgent() {}

    /** The agent, journaled in {@code journal}, paying through the bank at {@code bank}. */
    static Agent build(URI bank, String modelUrl, CallJournal journal, AgentListener listener) {
        return Agent.builder()
                .name("rent")
                .instructions("You pay the user's bills by Pix with schedulePix. Amounts are in cents.")
                .model(OpenAiChatModel.builder().baseUrl(modelUrl).model("idem-scripted")
                        .requestTimeout(MODEL_REQUEST_TIMEOUT).build())
                .tools(PixBank_ToolSet.of(new PixBank(bank, HttpClient.newHttpClient())))
                .journal(journal)
                .listener(listener)
                .build();
    }
}
