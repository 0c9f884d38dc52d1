/**
 * The embedded model: a {@link dev.idem.llm.ChatModel} that plays a fixed script of answers and
 * failures (tool calls, malformed arguments, unknown tools, provider errors). The default for
 * demos and tests; no network, no keys.
 *
 * <p>Entry types: {@link dev.idem.llm.scripted.ScriptedChatModel} and its builder,
 * {@link dev.idem.llm.scripted.ScriptStep}.
 *
 * <pre>{@code
 * ScriptedChatModel model = ScriptedChatModel.builder()
 *         .replyWith(ChatMessage.assistant("", List.of(new ToolCall("c1", "forecast", "{\"city\":\"Lisbon\"}"))))
 *         .replyWithText("Sunny in Lisbon.")
 *         .build();
 * }</pre>
 */
package dev.idem.llm.scripted;
