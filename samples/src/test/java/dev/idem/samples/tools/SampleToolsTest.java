package dev.idem.samples.tools;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.idem.tool.ArgumentBindingException;
import dev.idem.tool.ToolContext;
import dev.idem.tool.ToolDescriptor;
import dev.idem.tool.ToolRegistry;
import dev.idem.tool.ToolSet;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** The sample tools, run through the tool sets the processor generated for them. */
class SampleToolsTest {
    private static final JsonMapper JSON = JsonMapper.builder().build();

    private static JsonNode run(ToolSet tools, String name, String arguments, String key) throws Exception {
        return tools.bind(name, JSON.readTree(arguments)).run(ToolContext.of("call", name, key)).toCompletableFuture().join();
    }

    @Test
    void bookingTheSameIntentTwiceBooksOnce() throws Exception {
        FlightBooking booking = new FlightBooking();
        ToolSet tools = FlightBooking_ToolSet.of(booking);
        String arguments = "{\"flightNumber\":\"ID101\",\"date\":\"2026-12-01\","
                + "\"passengers\":[{\"fullName\":\"Ana Lima\",\"email\":\"ana@example.com\"}]}";
        JsonNode first = run(tools, "bookFlight", arguments, "intent-1");
        JsonNode again = run(tools, "bookFlight", arguments, "intent-1");
        assertThat(again).isEqualTo(first);
        assertThat(booking.bookingCount()).isEqualTo(1);
        assertThat(first.at("/passengers/0/email").asString()).isEqualTo("ana@example.com");
    }

    @Test
    void bookingWithAnInvalidPassengerNeverRuns() {
        FlightBooking booking = new FlightBooking();
        assertThatThrownBy(() -> FlightBooking_ToolSet.of(booking).bind("bookFlight", JSON.readTree(
                "{\"flightNumber\":\"ID101\",\"date\":\"2026-12-01\",\"passengers\":[{\"fullName\":\"Ana\",\"email\":\"nope\"}]}")))
                .isInstanceOfSatisfying(ArgumentBindingException.class, e -> assertThat(e.problems())
                        .containsExactly("parameter 'passengers[0].email' must match the pattern ^[^@\\s]+@[^@\\s]+$, was \"nope\""));
        assertThat(booking.bookingCount()).isZero();
    }

    @Test
    void pixTransferDeclaresItsOwnPolicyAndTimeout() {
        ToolDescriptor pix = PixBank_ToolSet.SCHEDULE_PIX;
        assertThat(pix.restartSafe()).isTrue();
        assertThat(pix.idempotent()).isTrue();
        assertThat(pix.timeoutMs()).isEqualTo(2000);
        assertThat(pix.retryPolicy().maxAttempts()).isEqualTo(3);
        assertThat(pix.retryPolicy().initialDelayMs()).isEqualTo(50);
        assertThat(pix.requiredParameters()).containsExactly("key", "cents", "date");
    }

    @Test
    void generatedSetsAreDiscoveredThroughServiceLoader() throws Exception {
        ToolRegistry registry = ToolRegistry.builder().discover(new Weather(), new FlightBooking()).build();
        assertThat(registry.names()).containsExactly("forecast", "searchFlights", "bookFlight");
        JsonNode forecast = run(registry.find("forecast").toolSet(), "forecast",
                "{\"city\":\"Lisbon\",\"start\":\"2026-12-01\",\"days\":2}", "k");
        assertThat(forecast.size()).isEqualTo(2);
        assertThat(forecast.get(0).get("date").asString()).isEqualTo("2026-12-01");
    }
}
