/**
 * A provider client for the OpenAI-compatible Chat Completions protocol (OpenAI, Ollama, vLLM,
 * LM Studio) over {@code java.net.http}: plain and streamed answers, tools with their schemas.
 * It makes one attempt per call and never retries; failures go to the failover layer with their
 * status, body and headers.
 *
 * <p>Entry type: {@link dev.idem.openai.OpenAiChatModel} (built from the environment or its builder).
 *
 * <pre>{@code
 * ChatModel local = OpenAiChatModel.builder()
 *         .baseUrl("http://localhost:11434/v1").model("llama3.1")
 *         .streamIdleTimeout(Duration.ofSeconds(30))
 *         .build();
 * }</pre>
 */
package dev.idem.openai;
