package dev.idem.harm;

import dev.idem.springai.IdemToolCallbackProvider;
import dev.idem.tool.ToolExecutor;
import java.net.URI;
import java.util.Map;
import java.util.function.Supplier;
import org.springframework.ai.chat.client.ChatClient;

/**
 * The Spring AI rows: {@code ChatClient} with the {@code @Tool} methods of
 * {@link SpringAiPayments} (without retry, and with Spring AI's retry template on model calls),
 * and Idem through {@code idem-spring-ai} (its {@code IdemToolCallbackProvider}, the request id
 * as the intent id in the tool context).
 *
 * <pre>{@code
 * String answer = ChatClient.create(model).prompt().user(prompt).tools(new SpringAiPayments(payUri)).call().content();
 * }</pre>
 */
public final class SpringAiStack implements Stack {
    private final boolean retry;
    private final boolean idem;
    private final Supplier<SharedJournal> journal;

    private SpringAiStack(boolean retry, boolean idem, Supplier<SharedJournal> journal) {
        this.retry = retry;
        this.idem = idem;
        this.journal = journal;
    }

    /**
     * Spring AI's own tools.
     *
     * @param retry whether model calls go through Spring AI's default retry template
     * @return the stack
     */
    public static SpringAiStack peer(boolean retry) {
        return new SpringAiStack(retry, false, null);
    }

    /**
     * Idem through idem-spring-ai.
     *
     * @param journal the shared journal, or null for the default in-memory one
     * @return the stack
     */
    public static SpringAiStack idem(Supplier<SharedJournal> journal) {
        return new SpringAiStack(false, true, journal);
    }

    /**
     * Idem through idem-spring-ai, the model calls through Spring AI's retry template.
     *
     * @return the stack
     */
    public static SpringAiStack idemWithModelRetry() {
        return new SpringAiStack(true, true, null);
    }

    @Override
    public String name() {
        if (idem) {
            String name = journal == null ? "Idem via idem-spring-ai" : "Idem via idem-spring-ai, PostgreSQL journal";
            return retry ? name + ", retry template" : name;
        }
        return retry ? "Spring AI ChatClient, retry template" : "Spring AI ChatClient";
    }

    @Override
    public StackProcess start(int number, URI payUri) {
        if (!idem) {
            SpringAiPayments tools = new SpringAiPayments(payUri);
            return (request, script) -> {
                try {
                    return Report.ofAnswer(ChatClient.create(new SpringAiScriptedModel(script, retry)).prompt()
                            .user(request.prompt()).tools(tools).call().content());
                } catch (RuntimeException failed) {
                    return Report.FAILED;
                }
            };
        }
        SeveredJournal handle = journal == null ? null : journal.get().handle();
        ToolExecutor executor = IdemExecutors.build(payUri, handle, number);
        IdemToolCallbackProvider tools = IdemToolCallbackProvider.builder(executor).build();
        return new StackProcess() {
            @Override
            public Report handle(PaymentRequest request, ModelScript script) {
                try {
                    return Report.ofAnswer(ChatClient.create(new SpringAiScriptedModel(script, retry)).prompt()
                            .user(request.prompt()).tools(tools)
                            .toolContext(Map.of(IdemToolCallbackProvider.INTENT_ID, request.requestId()))
                            .call().content());
                } catch (RuntimeException failed) {
                    return Report.FAILED;
                }
            }

            @Override
            public void kill() {
                if (handle != null) {
                    handle.sever();
                }
            }
        };
    }
}
