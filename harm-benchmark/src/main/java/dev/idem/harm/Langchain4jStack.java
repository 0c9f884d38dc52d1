package dev.idem.harm;

import dev.idem.langchain4j.IdemToolProvider;
import dev.idem.tool.ToolExecutor;
import dev.langchain4j.invocation.InvocationParameters;
import dev.langchain4j.service.AiServices;
import dev.langchain4j.service.UserMessage;
import java.net.URI;
import java.util.function.Supplier;

/**
 * The LangChain4j rows: {@code AiServices} with the {@code @Tool} methods of
 * {@link Langchain4jPayments} (without retries, and with {@code maxRetries}), and Idem through
 * {@code idem-langchain4j} (its {@code IdemToolProvider}, the request id as the intent id).
 *
 * <pre>{@code
 * Assistant assistant = AiServices.builder(Assistant.class).chatModel(model)
 *         .tools(new Langchain4jPayments(payUri)).build();
 * String answer = assistant.chat(prompt);
 * }</pre>
 */
public final class Langchain4jStack implements Stack {
    /** The peer's AI service. */
    interface Assistant {
        String chat(String message);
    }

    /** The AI service with Idem's tool provider: the intent id travels as an invocation parameter. */
    interface IdemAssistant {
        String chat(@UserMessage String message, InvocationParameters parameters);
    }

    private final int maxRetries;
    private final boolean idem;
    private final Supplier<SharedJournal> journal;

    private Langchain4jStack(int maxRetries, boolean idem, Supplier<SharedJournal> journal) {
        this.maxRetries = maxRetries;
        this.idem = idem;
        this.journal = journal;
    }

    /**
     * LangChain4j's own tools.
     *
     * @param maxRetries the model's {@code maxRetries} (0: none)
     * @return the stack
     */
    public static Langchain4jStack peer(int maxRetries) {
        return new Langchain4jStack(maxRetries, false, null);
    }

    /**
     * Idem through idem-langchain4j.
     *
     * @param journal the shared journal, or null for the default in-memory one
     * @return the stack
     */
    public static Langchain4jStack idem(Supplier<SharedJournal> journal) {
        return new Langchain4jStack(0, true, journal);
    }

    /**
     * Idem through idem-langchain4j, the model with LangChain4j's {@code maxRetries}.
     *
     * @param maxRetries the model's {@code maxRetries}
     * @return the stack
     */
    public static Langchain4jStack idemWithModelRetries(int maxRetries) {
        return new Langchain4jStack(maxRetries, true, null);
    }

    @Override
    public String name() {
        if (idem) {
            String name = journal == null ? "Idem via idem-langchain4j" : "Idem via idem-langchain4j, PostgreSQL journal";
            return maxRetries == 0 ? name : name + ", maxRetries " + maxRetries;
        }
        return maxRetries == 0 ? "LangChain4j AiServices" : "LangChain4j AiServices, maxRetries " + maxRetries;
    }

    @Override
    public StackProcess start(int number, URI payUri) {
        if (!idem) {
            Langchain4jPayments tools = new Langchain4jPayments(payUri);
            return (request, script) -> {
                Assistant assistant = AiServices.builder(Assistant.class)
                        .chatModel(new Langchain4jScriptedModel(script, maxRetries)).tools(tools).build();
                try {
                    return Report.ofAnswer(assistant.chat(request.prompt()));
                } catch (RuntimeException failed) {
                    return Report.FAILED;
                }
            };
        }
        SeveredJournal handle = journal == null ? null : journal.get().handle();
        ToolExecutor executor = IdemExecutors.build(payUri, handle, number);
        IdemToolProvider tools = IdemToolProvider.builder(executor).build();
        return new StackProcess() {
            @Override
            public Report handle(PaymentRequest request, ModelScript script) {
                IdemAssistant assistant = AiServices.builder(IdemAssistant.class)
                        .chatModel(new Langchain4jScriptedModel(script, maxRetries)).toolProvider(tools)
                        .hallucinatedToolNameStrategy(tools.unknownToolAnswer()).build();
                try {
                    return Report.ofAnswer(assistant.chat(request.prompt(),
                            InvocationParameters.from(IdemToolProvider.INTENT_ID, request.requestId())));
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
