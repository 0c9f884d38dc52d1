package dev.idem.llm;

import java.net.URI;
import java.util.Objects;

/**
 * What a {@link ChatModel} client says about itself: the provider's protocol, the model it asks
 * for and the address it calls. Telemetry names its spans and metrics after it (the GenAI semantic
 * conventions' {@code gen_ai.provider.name}, {@code gen_ai.request.model}, {@code server.address}
 * and {@code server.port}); nothing in Idem's rules depends on it.
 *
 * <pre>{@code
 * ModelDescription described = OpenAiChatModel.fromEnvironment().build().description().orElseThrow();
 * System.out.println(described.model() + " at " + described.server().getHost());
 * }</pre>
 *
 * @param provider the provider's protocol as the conventions name it ({@code openai}, {@code anthropic} ...)
 * @param model    the model the client asks for
 * @param server   the base address the client sends requests to
 */
public record ModelDescription(String provider, String model, URI server) {

    /**
     * Checks that every part is given.
     *
     * @param provider the provider's protocol
     * @param model    the model the client asks for
     * @param server   the base address the client calls
     */
    public ModelDescription {
        Objects.requireNonNull(provider, "provider");
        Objects.requireNonNull(model, "model");
        Objects.requireNonNull(server, "server");
    }
}
