package dev.idem.llm.scripted;

import dev.idem.llm.ChatMessage;
import dev.idem.llm.ChatModel;
import dev.idem.llm.ChatRequest;
import dev.idem.llm.ChatResponse;
import dev.idem.llm.StreamListener;
import dev.idem.llm.Usage;
import dev.idem.tool.ToolCall;
import dev.idem.tool.ToolDescriptor;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * The embedded default model: plays a fixed script of turns, one step per call, for demos and
 * tests. Deterministic (the n-th call gets the n-th step, whoever makes it) and thread-safe.
 * Usage is estimated at one token per four characters (rounded up) of what is sent and answered,
 * so token accounting can be tested. Serve it over loopback with
 * {@code OpenAiWireServer} (module {@code idem-testkit}) to exercise a real HTTP client.
 *
 * <pre>{@code
 * ScriptedChatModel model = ScriptedChatModel.builder()
 *         .replyWithToolCalls(new ToolCall("call_1", "book_flight", "{\"from\":\"GRU\",\"to\":\"LIS\"}"))
 *         .fail(new ProviderHttpException(503, "{\"error\":{\"message\":\"overloaded\"}}", Map.of()))
 *         .replyWithText("Your flight is booked.")
 *         .expecting(request -> assertThat(request.lastMessage().role()).isEqualTo(Role.TOOL))
 *         .build();
 * }</pre>
 */
public final class ScriptedChatModel implements ChatModel {

    /** The model name scripted answers carry unless the builder sets another. */
    public static final String DEFAULT_MODEL_NAME = "idem-scripted";

    private static final int STREAM_TEXT_PIECE = 8;

    private final List<ScriptStep> steps;
    private final String modelName;
    // Guarded by "this": which step comes next and the requests seen so far must move together,
    // so that requests().get(n) is the request step n answered.
    private final List<ChatRequest> requests = new ArrayList<>();

    private ScriptedChatModel(List<ScriptStep> steps, String modelName) {
        this.steps = List.copyOf(steps);
        this.modelName = modelName;
    }

    /**
     * A builder for a script, played in the order the steps are added.
     *
     * @return a new, empty builder
     */
    public static Builder builder() {
        return new Builder();
    }

    @Override
    public ChatResponse chat(ChatRequest request) {
        ChatMessage message = nextStep(request).play(request);
        return respond(request, message);
    }

    /** Plays the next step, then hands its text in pieces and each tool call's arguments in two halves to the listener. */
    @Override
    public ChatResponse stream(ChatRequest request, StreamListener listener) {
        ChatMessage message = nextStep(request).play(request);
        String text = message.content();
        for (int start = 0; start < text.length(); start += STREAM_TEXT_PIECE) {
            listener.onText(text.substring(start, Math.min(text.length(), start + STREAM_TEXT_PIECE)));
        }
        List<ToolCall> calls = message.toolCalls();
        for (int index = 0; index < calls.size(); index++) {
            ToolCall call = calls.get(index);
            listener.onToolCallStart(index, call.id(), call.name());
            String arguments = call.argumentsJson();
            int half = arguments.length() / 2;
            if (half > 0) {
                listener.onToolCallArguments(index, arguments.substring(0, half));
            }
            if (half < arguments.length()) {
                listener.onToolCallArguments(index, arguments.substring(half));
            }
        }
        return respond(request, message);
    }

    /**
     * The requests received so far, in call order (also those answered with a failure).
     *
     * @return the requests received, oldest first
     */
    public synchronized List<ChatRequest> requests() {
        return List.copyOf(requests);
    }

    /**
     * How many steps have been played.
     *
     * @return the number of steps played
     */
    public synchronized int stepsPlayed() {
        return requests.size();
    }

    /**
     * How many steps are left to play.
     *
     * @return the number of steps not yet played
     */
    public synchronized int remainingSteps() {
        return steps.size() - requests.size();
    }

    /**
     * The usage this model reports for answering {@code request} with {@code answer}.
     *
     * @param request the request answered
     * @param answer the answer given
     * @return the estimated prompt and completion tokens
     */
    public static Usage estimateUsage(ChatRequest request, ChatMessage answer) {
        long prompt = 0;
        for (ChatMessage message : request.messages()) {
            prompt += tokens(message.content()) + toolCallTokens(message.toolCalls());
        }
        for (ToolDescriptor tool : request.tools()) {
            prompt += tokens(tool.name()) + tokens(tool.description()) + tokens(tool.inputSchema());
        }
        long completion = Math.max(1, tokens(answer.content()) + toolCallTokens(answer.toolCalls()));
        return Usage.of(prompt, completion);
    }

    private synchronized ScriptStep nextStep(ChatRequest request) {
        Objects.requireNonNull(request, "request");
        int index = requests.size();
        if (index >= steps.size()) {
            throw new IllegalStateException("the script has " + steps.size()
                    + " steps and all were played; call " + (index + 1) + " has no answer");
        }
        requests.add(request);
        return steps.get(index);
    }

    private ChatResponse respond(ChatRequest request, ChatMessage message) {
        String finishReason = message.hasToolCalls() ? "tool_calls" : "stop";
        return new ChatResponse(message, estimateUsage(request, message), finishReason, modelName);
    }

    private static long toolCallTokens(List<ToolCall> calls) {
        long sum = 0;
        for (ToolCall call : calls) {
            sum += tokens(call.name()) + tokens(call.argumentsJson());
        }
        return sum;
    }

    private static long tokens(String text) {
        return text == null ? 0 : (text.length() + 3) / 4;
    }

    /** Builds a {@link ScriptedChatModel}; each method adds one step unless it says otherwise. */
    public static final class Builder {
        private final List<ScriptStep> steps = new ArrayList<>();
        private String modelName = DEFAULT_MODEL_NAME;

        private Builder() {
        }

        /**
         * Answers with {@code text}.
         *
         * @param text the answer's text
         * @return this builder
         */
        public Builder replyWithText(String text) {
            return then(ScriptStep.text(text));
        }

        /**
         * Answers with these tool calls, verbatim (malformed arguments and unknown names included).
         *
         * @param calls the tool calls of the answer
         * @return this builder
         */
        public Builder replyWithToolCalls(ToolCall... calls) {
            return then(ScriptStep.toolCalls(calls));
        }

        /**
         * Answers with {@code message}, an assistant message (e.g. text and tool calls together).
         *
         * @param message the answer
         * @return this builder
         */
        public Builder replyWith(ChatMessage message) {
            return then(ScriptStep.message(message));
        }

        /**
         * Answers with a message computed from the request.
         *
         * @param answer computes the answer from the request
         * @return this builder
         */
        public Builder replyWith(Function<ChatRequest, ChatMessage> answer) {
            return then(ScriptStep.answer(answer));
        }

        /**
         * Throws {@code failure} instead of answering (see {@link ScriptStep#failure}).
         *
         * @param failure the exception to throw
         * @return this builder
         */
        public Builder fail(Exception failure) {
            return then(ScriptStep.failure(failure));
        }

        /**
         * Adds {@code step}.
         *
         * @param step the step to play next
         * @return this builder
         */
        public Builder then(ScriptStep step) {
            steps.add(Objects.requireNonNull(step, "step"));
            return this;
        }

        /**
         * Adds no step: makes the step added last also check the request it answers.
         *
         * @param check fails (throws) when the request is not the one expected
         * @return this builder
         */
        public Builder expecting(Consumer<ChatRequest> check) {
            if (steps.isEmpty()) {
                throw new IllegalStateException("expecting(...) checks the step added last; add a step first");
            }
            int last = steps.size() - 1;
            steps.set(last, steps.get(last).expecting(check));
            return this;
        }

        /**
         * The model name answers carry; default {@value ScriptedChatModel#DEFAULT_MODEL_NAME}.
         *
         * @param value the model name
         * @return this builder
         */
        public Builder modelName(String value) {
            this.modelName = Objects.requireNonNull(value, "modelName");
            return this;
        }

        /**
         * The model that plays the steps added so far.
         *
         * @return a new scripted model
         */
        public ScriptedChatModel build() {
            return new ScriptedChatModel(steps, modelName);
        }
    }
}
