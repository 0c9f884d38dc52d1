package dev.idem.llm;

import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * A language model behind a Chat Completions style API: the provider SPI of Idem.
 *
 * <p>Implementations make exactly one attempt per call and never retry: failures go to the one
 * classifier of model errors, which decides. They report failures as thrown exceptions, each
 * carrying what the classifier needs: {@link ProviderHttpException} for an HTTP error answer,
 * {@link ProviderResponseException} for an unusable answer, and the transport's own exception
 * (possibly wrapped in {@link java.io.UncheckedIOException}, the original as cause) for network
 * failures. Implementations are safe to share between threads and agents.
 *
 * <pre>{@code
 * ChatModel model = OpenAiChatModel.fromEnvironment().build();
 * ChatResponse response = model.chat(ChatRequest.of(List.of(ChatMessage.user("Say hi"))));
 * }</pre>
 */
public interface ChatModel {

    /**
     * Sends {@code request} and waits for the whole answer.
     *
     * @param request the request
     * @return the answer
     */
    ChatResponse chat(ChatRequest request);

    /**
     * Sends {@code request} asking for a streamed answer, hands the pieces to {@code listener} as
     * they arrive and returns the assembled answer.
     *
     * @param request the request
     * @param listener receives the pieces of the answer, in order
     * @return the whole answer
     */
    ChatResponse stream(ChatRequest request, StreamListener listener);

    /**
     * Sends {@code request} without blocking the caller where the implementation can. This
     * default runs {@link #chat} on the calling thread and returns a completed stage (failed when
     * it threw); implementations doing I/O override it.
     *
     * @param request the request
     * @return completes with the answer, or with the failure
     */
    default CompletionStage<ChatResponse> chatAsync(ChatRequest request) {
        try {
            return CompletableFuture.completedFuture(chat(request));
        } catch (Exception e) {
            // Exception, so that a checked exception thrown sneakily by chat() fails the stage too.
            return CompletableFuture.failedFuture(e);
        }
    }

    /**
     * What this client asks for and where it sends it, for telemetry; empty (the default) when the
     * client does not say. Clients that know their model and address override it.
     *
     * @return the client's description, or empty
     */
    default Optional<ModelDescription> description() {
        return Optional.empty();
    }
}
