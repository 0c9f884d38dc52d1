package dev.idem.agent;

import dev.idem.llm.ChatMessage;
import dev.idem.tool.ToolCall;
import java.util.List;

/**
 * How much of the conversation the agent keeps and sends: at most {@code maxMessages} messages
 * and at most {@code maxTokens} estimated tokens (one token per four characters, rounded up),
 * the system message not counted and always kept. The retained tail is the longest suffix that
 * fits, moved forward past any tool results at its start: a tool result is never kept without
 * the assistant message whose tool call it answers. When not even that fits, the last message
 * that is not a tool result starts the tail (with the results answering it), so the model
 * always sees a well-formed conversation.
 *
 * <pre>{@code
 * Agent agent = Agent.builder()
 *         .window(ConversationWindow.of(40, 8_000))   // 40 messages, about 8k tokens
 *         ...
 * }</pre>
 *
 * @param maxMessages the most messages kept, at least 1; {@link Integer#MAX_VALUE} for no limit
 * @param maxTokens   the most estimated tokens kept, at least 1; {@link Long#MAX_VALUE} for no limit
 */
public record ConversationWindow(int maxMessages, long maxTokens) {

    /** Keeps everything. */
    public static final ConversationWindow UNLIMITED = new ConversationWindow(Integer.MAX_VALUE, Long.MAX_VALUE);

    /**
     * Checks both limits.
     *
     * @param maxMessages the most messages kept, at least 1; {@link Integer#MAX_VALUE} for no limit
     * @param maxTokens   the most estimated tokens kept, at least 1; {@link Long#MAX_VALUE} for no limit
     * @throws IllegalArgumentException when a limit is below 1
     */
    public ConversationWindow {
        if (maxMessages < 1) {
            throw new IllegalArgumentException("maxMessages must be at least 1, was " + maxMessages);
        }
        if (maxTokens < 1) {
            throw new IllegalArgumentException("maxTokens must be at least 1, was " + maxTokens);
        }
    }

    /**
     * A window of both limits.
     *
     * @param maxMessages the most messages kept, at least 1
     * @param maxTokens the most estimated tokens kept, at least 1
     * @return a window of these limits
     */
    public static ConversationWindow of(int maxMessages, long maxTokens) {
        return new ConversationWindow(maxMessages, maxTokens);
    }

    /**
     * A window limited by message count only.
     *
     * @param maxMessages the most messages kept, at least 1
     * @return a window without a token limit
     */
    public static ConversationWindow ofMessages(int maxMessages) {
        return new ConversationWindow(maxMessages, Long.MAX_VALUE);
    }

    /**
     * A window limited by estimated tokens only.
     *
     * @param maxTokens the most estimated tokens kept, at least 1
     * @return a window without a message limit
     */
    public static ConversationWindow ofTokens(long maxTokens) {
        return new ConversationWindow(Integer.MAX_VALUE, maxTokens);
    }

    /**
     * The retained tail of {@code messages} (no system message in it), oldest first.
     *
     * @param messages the conversation, oldest first, without the system message
     * @return the messages to keep and send, oldest first
     */
    public List<ChatMessage> apply(List<ChatMessage> messages) {
        int size = messages.size();
        int start = size;
        long tokens = 0;
        while (start > 0 && size - start < maxMessages) {
            long next = tokens + estimateTokens(messages.get(start - 1));
            if (next > maxTokens) {
                break;
            }
            tokens = next;
            start--;
        }
        while (start < size && messages.get(start).role() == ChatMessage.Role.TOOL) {
            start++;
        }
        if (start == size) {
            // Nothing fits whole: keep the last message that is not a tool result, and what follows it.
            start = size - 1;
            while (start > 0 && messages.get(start).role() == ChatMessage.Role.TOOL) {
                start--;
            }
            start = Math.max(start, 0);
        }
        return start == 0 ? List.copyOf(messages) : List.copyOf(messages.subList(start, size));
    }

    /**
     * Estimated tokens of one message: its text and its tool calls, one token per four characters.
     *
     * @param message the message
     * @return its estimated tokens
     */
    public static long estimateTokens(ChatMessage message) {
        long tokens = tokens(message.content());
        for (ToolCall call : message.toolCalls()) {
            tokens += tokens(call.name()) + tokens(call.argumentsJson());
        }
        return Math.max(1, tokens);
    }

    private static long tokens(String text) {
        return text == null ? 0 : (text.length() + 3L) / 4;
    }
}
