/**
 * The model provider SPI and its messages: what a provider client implements, what it is sent
 * and what it answers, and the exceptions (with their {@link dev.idem.llm.ErrorKind} and
 * {@link dev.idem.retry.DispatchPhase}) it reports failures with. A provider needs nothing else.
 *
 * <p>Entry types: {@link dev.idem.llm.ChatModel} (the SPI), {@link dev.idem.llm.ChatRequest} and
 * {@link dev.idem.llm.ChatResponse}, {@link dev.idem.llm.ChatMessage}.
 *
 * <pre>{@code
 * ChatModel model = OpenAiChatModel.fromEnvironment();
 * ChatResponse response = model.chat(ChatRequest.of(List.of(ChatMessage.user("Say hi"))));
 * }</pre>
 */
package dev.idem.llm;
