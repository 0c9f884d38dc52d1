package dev.idem.llm.scripted;

import dev.idem.llm.ChatMessage;
import dev.idem.llm.ChatRequest;
import dev.idem.tool.ToolCall;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * One turn of a {@link ScriptedChatModel}'s script: the answer it gives (text, tool calls, or an
 * answer computed from the request) or the failure it throws, and optionally a check of the
 * request it answers.
 *
 * <pre>{@code
 * ScriptStep step = ScriptStep.text("Booked.")
 *         .expecting(request -> {
 *             if (request.lastMessage().role() != ChatMessage.Role.TOOL) {
 *                 throw new AssertionError("expected a tool result");
 *             }
 *         });
 * }</pre>
 */
public final class ScriptStep {

    private final Function<ChatRequest, ChatMessage> answer;
    private final RuntimeException failure;
    private final Consumer<ChatRequest> check;

    private ScriptStep(Function<ChatRequest, ChatMessage> answer, RuntimeException failure,
            Consumer<ChatRequest> check) {
        this.answer = answer;
        this.failure = failure;
        this.check = check;
    }

    /**
     * Answers with an assistant message of text only.
     *
     * @param text the answer's text
     * @return a step that answers
     */
    public static ScriptStep text(String text) {
        return message(ChatMessage.assistant(text));
    }

    /**
     * Answers with tool calls, passed through verbatim: arguments that are not JSON and names of
     * tools that do not exist reach the caller exactly as written.
     *
     * @param calls the tool calls of the answer
     * @return a step that answers
     */
    public static ScriptStep toolCalls(ToolCall... calls) {
        return message(ChatMessage.assistant("", List.of(calls)));
    }

    /**
     * Answers with {@code message}, which must be an assistant message.
     *
     * @param message the answer
     * @return a step that answers
     */
    public static ScriptStep message(ChatMessage message) {
        if (message.role() != ChatMessage.Role.ASSISTANT) {
            throw new IllegalArgumentException("a scripted answer is an assistant message, not " + message.role());
        }
        return new ScriptStep(request -> message, null, request -> { });
    }

    /**
     * Answers with whatever {@code answer} computes from the request (e.g. echoing who asked).
     *
     * @param answer computes the answer from the request
     * @return a step that answers
     */
    public static ScriptStep answer(Function<ChatRequest, ChatMessage> answer) {
        return new ScriptStep(Objects.requireNonNull(answer, "answer"), null, request -> { });
    }

    /**
     * Fails with {@code failure}, to simulate a provider fault. Checked I/O exceptions (e.g.
     * {@link java.net.http.HttpTimeoutException}) are thrown wrapped in an
     * {@link UncheckedIOException}, exactly as a real client reports them.
     *
     * @param failure the exception to throw
     * @return a step that fails
     */
    public static ScriptStep failure(Exception failure) {
        Objects.requireNonNull(failure, "failure");
        RuntimeException thrown;
        if (failure instanceof RuntimeException runtime) {
            thrown = runtime;
        } else if (failure instanceof IOException io) {
            thrown = new UncheckedIOException(io.getMessage(), io);
        } else {
            thrown = new IllegalStateException(failure.getMessage(), failure);
        }
        return new ScriptStep(null, thrown, request -> { });
    }

    /**
     * This step, also running {@code check} on the request before answering; whatever the check
     * throws (e.g. an {@link AssertionError}) fails the call.
     *
     * @param check fails (throws) when the request is not the one expected
     * @return a copy of this step with the check
     */
    public ScriptStep expecting(Consumer<ChatRequest> check) {
        Objects.requireNonNull(check, "check");
        Consumer<ChatRequest> both = this.check.andThen(check);
        return new ScriptStep(answer, failure, both);
    }

    /**
     * Whether this step fails instead of answering.
     *
     * @return true when the step throws
     */
    public boolean fails() {
        return failure != null;
    }

    /** Plays the step: checks the request, then throws the failure or returns the answer. */
    ChatMessage play(ChatRequest request) {
        check.accept(request);
        if (failure != null) {
            throw failure;
        }
        ChatMessage message = Objects.requireNonNull(answer.apply(request), "scripted answer");
        if (message.role() != ChatMessage.Role.ASSISTANT) {
            throw new IllegalStateException("a scripted answer is an assistant message, not " + message.role());
        }
        return message;
    }
}
