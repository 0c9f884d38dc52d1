/**
 * Test and demo infrastructure, shipped apart from the runtime (as OkHttp ships mockwebserver):
 * a loopback server that serves any {@link dev.idem.llm.ChatModel} in the real Chat Completions
 * wire format, so tests and demos on a scripted model exercise the real HTTP client end to end,
 * faults included (HTTP errors, held requests that time out, cut bodies and streams).
 *
 * <p>Entry type: {@link dev.idem.testkit.OpenAiWireServer}.
 *
 * <pre>{@code
 * try (OpenAiWireServer server = OpenAiWireServer.start(scriptedModel)) {
 *     ChatModel client = OpenAiChatModel.builder().baseUrl(server.baseUrl()).model("scripted").build();
 *     ChatResponse answer = client.chat(request);
 * }
 * }</pre>
 */
package dev.idem.testkit;
