package dev.idem.llm;

/**
 * Receives a streamed answer as it arrives. Called on the thread that called
 * {@link ChatModel#stream}, in arrival order; the assembled answer is still returned at the end.
 * A streamed call can fail after some deltas were delivered: treat them as provisional until
 * {@code stream} returns.
 *
 * <pre>{@code
 * ChatResponse response = model.stream(request, new StreamListener() {
 *     @Override public void onText(String delta) { System.out.print(delta); }
 * });
 * }</pre>
 */
public interface StreamListener {

    /** A listener that ignores everything. */
    StreamListener NONE = new StreamListener() { };

    /**
     * A piece of the answer's text.
     *
     * @param delta the next characters of the text
     */
    default void onText(String delta) {
    }

    /**
     * A piece of the model's refusal to answer (see {@link ChatResponse#refusal()}).
     *
     * @param delta the next characters of the refusal
     */
    default void onRefusal(String delta) {
    }

    /**
     * The model started tool call number {@code index} (0-based, in the message's order).
     *
     * @param index the call's position in the message, from 0
     * @param id the call's id, as the provider gave it
     * @param name the called tool's name
     */
    default void onToolCallStart(int index, String id, String name) {
    }

    /**
     * A piece of the arguments of tool call {@code index}; the pieces concatenated are its JSON text.
     *
     * @param index the call's position in the message, from 0
     * @param fragment the next characters of the arguments
     */
    default void onToolCallArguments(int index, String fragment) {
    }
}
