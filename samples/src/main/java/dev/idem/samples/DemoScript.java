package dev.idem.samples;

import dev.idem.llm.ChatMessage;
import dev.idem.llm.ChatRequest;
import dev.idem.llm.ProviderHttpException;
import dev.idem.llm.ProviderResponseException;
import dev.idem.retry.DispatchPhase;
import dev.idem.llm.ErrorKind;
import dev.idem.llm.scripted.ScriptedChatModel;
import dev.idem.tool.ToolCall;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The conversation the embedded model plays in the demo: a model that makes the mistakes real
 * ones make (arguments cut off, a tool name that does not exist) and a connection that drops
 * after the request was sent.
 */
final class DemoScript {

    static final String TRIP_PROMPT = "Find a flight from LIS to GRU on 2026-12-01 and book it for Ana Souza"
            + " (ana@example.com), tell me the weather in Sao Paulo, and pay by Pix: R$ 150.00 to"
            + " maria@example.com and R$ 80.00 to joao@example.com, both on 2026-12-01.";
    static final String LUIZA_PROMPT = "Also send R$ 42.00 to luiza@example.com on 2026-12-01.";
    static final String RENT_PROMPT = "Pay the rent by Pix on 2026-12-05: R$ 1,200.00 to landlord@example.com"
            + " and the condo fee, R$ 95.00, to condo@example.com.";

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private DemoScript() {}

    /** The script; {@code beforeJoao} runs when the model is asked for the second transfer. */
    static ScriptedChatModel model(Runnable beforeJoao) {
        return ScriptedChatModel.builder()
                // Run "trip-1"
                .replyWithToolCalls(new ToolCall("call_1", "forecast", "{\"city\":\"Sao Paulo\",\"start\":\"2026-12-01\",\"days\":3"))
                .replyWithToolCalls(new ToolCall("call_2", "searchFlight", "{\"from\":\"LIS\",\"to\":\"GRU\",\"date\":\"2026-12-01\"}"))
                // The provider is busy for a moment and says how long to wait.
                .fail(new ProviderHttpException(429, "{\"error\":{\"message\":\"Rate limit reached, try again in 300ms\","
                        + "\"type\":\"requests\",\"code\":\"rate_limit_exceeded\"}}",
                        java.util.Map.of("retry-after-ms", java.util.List.of("300"))))
                .replyWithToolCalls(
                        new ToolCall("call_3", "forecast", "{\"city\":\"Sao Paulo\",\"start\":\"2026-12-01\",\"days\":3}"),
                        new ToolCall("call_4", "searchFlights", "{\"from\":\"LIS\",\"to\":\"GRU\",\"date\":\"2026-12-01\"}"))
                .replyWith(request -> ChatMessage.assistant("", java.util.List.of(new ToolCall("call_5", "bookFlight",
                        "{\"flightNumber\":\"" + cheapestFlight(request) + "\",\"date\":\"2026-12-01\","
                                + "\"passengers\":[{\"fullName\":\"Ana Souza\",\"email\":\"ana@example.com\"}]}"))))
                .replyWithToolCalls(new ToolCall("call_6", "schedulePix",
                        "{\"key\":\"maria@example.com\",\"cents\":15000,\"date\":\"2026-12-01\"}"))
                .replyWithToolCalls(new ToolCall("call_7", "schedulePix",
                        "{\"key\":\"joao@example.com\",\"cents\":8000,\"date\":\"2026-12-01\"}"))
                .expecting(request -> beforeJoao.run())
                .replyWithText("Booked the cheapest flight LIS-GRU on 2026-12-01 for Ana Souza (BK1); pack for"
                        + " the weather in the forecast above. Pix transfers scheduled: R$ 150.00 to Maria and R$ 80.00 to Joao.")
                // Run "pix-luiza", first try: the answer after the transfer never arrives
                .replyWithToolCalls(new ToolCall("call_8", "schedulePix",
                        "{\"key\":\"luiza@example.com\",\"cents\":4200,\"date\":\"2026-12-01\"}"))
                // The answer is cut off after the transfer's result was sent: the model may have acted on it.
                .fail(new ProviderResponseException(ErrorKind.UNKNOWN, DispatchPhase.MAYBE_PROCESSED,
                        "the response was cut off", null))
                // Run "pix-luiza" again, same intent id: the model asks for the same transfer
                .replyWithToolCalls(new ToolCall("call_1", "schedulePix",
                        "{\"date\":\"2026-12-01\",\"cents\":4200,\"key\":\"luiza@example.com\"}"))
                .replyWithText("R$ 42.00 to Luiza is scheduled for 2026-12-01 (the bank confirmed it once).")
                .build();
    }

    /**
     * The rent run's script, played to the agent process that is killed and then to the restarted
     * run: a transfer per turn, then the answer. The killed process asks for turns 1 and 2; the
     * restarted run finds both in the journal and asks only for the answer.
     */
    static ScriptedChatModel rentModel() {
        return ScriptedChatModel.builder()
                .replyWithToolCalls(new ToolCall("call_1", "schedulePix",
                        "{\"key\":\"landlord@example.com\",\"cents\":120000,\"date\":\"2026-12-05\"}"))
                .replyWithToolCalls(new ToolCall("call_2", "schedulePix",
                        "{\"key\":\"condo@example.com\",\"cents\":9500,\"date\":\"2026-12-05\"}"))
                .replyWithText("Rent paid: R$ 1,200.00 to the landlord and R$ 95.00 condo fee, both scheduled for"
                        + " 2026-12-05 (the bank confirmed each once).")
                .build();
    }

    /** Reads the searchFlights result the model was sent and picks the cheapest flight, as a model would. */
    private static String cheapestFlight(ChatRequest request) {
        String best = "ID100";
        double bestPrice = Double.MAX_VALUE;
        for (ChatMessage message : request.messages()) {
            if (message.role() == ChatMessage.Role.TOOL && "call_4".equals(message.toolCallId())) {
                for (JsonNode flight : JSON.readTree(message.content())) {
                    double price = flight.path("priceEur").asDouble();
                    if (price < bestPrice) {
                        bestPrice = price;
                        best = flight.path("number").asString();
                    }
                }
            }
        }
        return best;
    }
}
