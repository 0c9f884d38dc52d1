package dev.idem.samples.trip;

import dev.idem.ErrorType;
import dev.idem.samples.tools.FlightBooking;
import dev.idem.samples.tools.FlightBooking_ToolSet;
import dev.idem.samples.tools.Weather;
import dev.idem.samples.tools.Weather_ToolSet;
import dev.idem.state.StateStore;
import dev.idem.task.TaskResult;
import dev.idem.task.TaskRunResult;
import dev.idem.task.TaskRunner;
import dev.idem.tool.ToolCall;
import dev.idem.tool.ToolContext;
import dev.idem.tool.ToolException;
import dev.idem.tool.ToolExecutor;
import dev.idem.tool.ToolRegistry;
import dev.idem.tool.ToolResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * A trip planned as tasks: the flight search and the weather forecast do not depend on each other,
 * so they run at the same time; the booking waits for both. Every tool call goes through Idem's
 * {@link ToolExecutor} under the trip's id, and every finished task is checkpointed in a
 * {@link StateStore}: a plan run again after a failure or a crash restores the finished searches
 * and runs only what is left. Should the crash fall between a booking and its checkpoint, the
 * booking runs again with the same idempotency key, and the booking service returns the first one.
 *
 * <pre>{@code
 * TaskRunResult run = new TripPlan(trip, new FlightBooking(), new Weather(), StateStore.open(dir), pool).run();
 * }</pre>
 */
public final class TripPlan {
    private static final JsonMapper JSON = JsonMapper.builder().build();

    /**
     * What to plan.
     *
     * @param id        the plan's id: names its checkpoints and is the intent id of its tool calls
     * @param from      departure airport code, e.g. LIS
     * @param to        arrival airport code, e.g. GRU
     * @param date      the day of the flight
     * @param city      the destination, for the forecast
     * @param passenger who flies
     */
    public record Trip(String id, String from, String to, LocalDate date, String city,
                       FlightBooking.Passenger passenger) {}

    private final TaskRunner runner;

    /**
     * A plan over the given tools; nothing runs before {@link #run()}.
     *
     * @param trip        what to plan
     * @param flights     the flight tools, for the search and the booking
     * @param weather     the forecast tool
     * @param checkpoints where finished tasks are saved under the trip's id, and restored from
     * @param pool        where tasks run; two threads let the searches run at the same time
     */
    public TripPlan(Trip trip, FlightBooking flights, Weather weather, StateStore checkpoints, Executor pool) {
        ToolExecutor tools = ToolExecutor.builder(
                ToolRegistry.of(FlightBooking_ToolSet.of(flights), Weather_ToolSet.of(weather))).build();
        runner = TaskRunner.builder()
                .executor(pool)
                .task("searchFlights", inputs -> call(tools, trip, "searchFlights",
                        Map.of("from", trip.from(), "to", trip.to(), "date", trip.date().toString())))
                .task("forecast", inputs -> call(tools, trip, "forecast",
                        Map.of("city", trip.city(), "start", trip.date().toString(), "days", 3)))
                .task("book", List.of("searchFlights", "forecast"), inputs -> {
                    JsonNode cheapest = cheapest(inputs.get("searchFlights"));
                    ObjectNode itinerary = JSON.createObjectNode();
                    itinerary.set("booking", call(tools, trip, "bookFlight", Map.of(
                            "flightNumber", cheapest.get("number").asString(),
                            "date", trip.date().toString(), "passengers", List.of(trip.passenger()))));
                    itinerary.set("arrivalWeather", inputs.get("forecast").get(0));
                    return itinerary;
                })
                .checkpoints(checkpoints, trip.id())
                .build();
    }

    /** Runs the tasks not restored from a checkpoint; failures are in the result, never thrown. */
    public TaskRunResult run() {
        return runner.run();
    }

    /** One tool call under the trip's id: the same call in a later run gets the same idempotency key. */
    private static JsonNode call(ToolExecutor tools, Trip trip, String tool, Map<String, ?> arguments) {
        ToolResult result = tools.newRun(trip.id())
                .execute(new ToolCall(tool, tool, JSON.writeValueAsString(arguments)));
        if (result.isError()) {
            throw new IllegalStateException(tool + " failed: " + result.errorType() + " " + result.message());
        }
        return result.value();
    }

    private static JsonNode cheapest(JsonNode flights) {
        JsonNode cheapest = flights.get(0);
        for (JsonNode flight : flights) {
            if (flight.get("priceEur").decimalValue().compareTo(cheapest.get("priceEur").decimalValue()) < 0) {
                cheapest = flight;
            }
        }
        return cheapest;
    }

    /**
     * Plans one trip twice on the same checkpoints: the first time bookings are closed, the second
     * time (as a restarted process would) the searches are restored and only the booking runs.
     */
    public static void main(String[] args) throws IOException {
        Path state = Files.createTempDirectory("idem-trip-");
        Trip trip = new Trip("trip-42", "LIS", "GRU", LocalDate.of(2026, 12, 1), "Sao Paulo",
                new FlightBooking.Passenger("Ana Souza", "ana@example.com"));
        FlightBooking closed = new FlightBooking() {
            @Override
            public Booking bookFlight(String flightNumber, LocalDate date, List<Passenger> passengers,
                                      ToolContext context) {
                throw new ToolException(ErrorType.REJECTED, "bookings are closed for maintenance");
            }
        };
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            print("run 1, bookings closed:", new TripPlan(trip, closed, new Weather(), StateStore.open(state), pool).run());
            print("run 2, bookings open again, same checkpoints in " + state + ":",
                    new TripPlan(trip, new FlightBooking(), new Weather(), StateStore.open(state), pool).run());
        } finally {
            pool.shutdown();
        }
    }

    private static void print(String title, TaskRunResult run) {
        System.out.println(title);
        for (TaskResult task : run.results().values()) {
            String detail = switch (task.status()) {
                case SUCCEEDED -> "ran";
                case RESTORED -> "restored from its checkpoint, not run again";
                case FAILED -> task.failure().getMessage();
                case DEPENDENCY_FAILED -> "not run: " + task.failedDependency() + " did not succeed";
            };
            System.out.println("  " + task.name() + " " + task.status() + ": " + detail);
        }
        if (run.allSucceeded()) {
            System.out.println("  booked: " + run.result("book").output());
        }
    }
}
