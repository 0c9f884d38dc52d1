package dev.idem.samples.trip;

import static org.assertj.core.api.Assertions.assertThat;

import dev.idem.ErrorType;
import dev.idem.samples.tools.FlightBooking;
import dev.idem.samples.tools.Weather;
import dev.idem.samples.trip.TripPlan.Trip;
import dev.idem.state.StateStore;
import dev.idem.task.TaskRunResult;
import dev.idem.task.TaskStatus;
import dev.idem.tool.ToolContext;
import dev.idem.tool.ToolException;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The trip plan's rules, counted on the tool bodies that ran and the checkpoint files on disk. */
class TripPlanTest {

    private static final Trip TRIP = new Trip("trip-42", "LIS", "GRU", LocalDate.of(2026, 12, 1), "Recife",
            new FlightBooking.Passenger("Ana Souza", "ana@example.com"));

    @TempDir
    Path state;

    private final ExecutorService pool = Executors.newFixedThreadPool(2);
    private final CountingFlights flights = new CountingFlights();
    private final CountingWeather weather = new CountingWeather();

    @AfterEach
    void stopPool() {
        pool.shutdownNow();
    }

    @Test
    void aResumedPlanRestoresFinishedTasksAndRunsOnlyTheRest() {
        flights.bookingClosed = true;
        TaskRunResult first = plan().run();
        assertThat(first.result("book").status()).isEqualTo(TaskStatus.FAILED);
        assertThat(StateStore.open(state).names()).containsExactlyInAnyOrder("trip-42.searchFlights", "trip-42.forecast");

        flights.bookingClosed = false;
        TaskRunResult resumed = plan().run();

        assertThat(resumed.results().values()).extracting(result -> result.name() + " " + result.status())
                .containsExactly("searchFlights RESTORED", "forecast RESTORED", "book SUCCEEDED");
        assertThat(flights.searches).as("searchFlights bodies run").hasValue(1);
        assertThat(weather.forecasts).as("forecast bodies run").hasValue(1);
        assertThat(flights.bookingRuns).as("bookFlight bodies run: refused once, then booked").hasValue(2);
        assertThat(flights.bookingCount()).isEqualTo(1);
    }

    @Test
    void aFailedSearchFailsTheBookingWithoutRunningIt() {
        flights.searchRefused = true;

        TaskRunResult run = plan().run();

        assertThat(run.result("searchFlights").status()).isEqualTo(TaskStatus.FAILED);
        assertThat(run.result("forecast").status()).isEqualTo(TaskStatus.SUCCEEDED);
        assertThat(run.result("book").status()).isEqualTo(TaskStatus.DEPENDENCY_FAILED);
        assertThat(run.result("book").failedDependency()).isEqualTo("searchFlights");
        assertThat(flights.bookingRuns).as("bookFlight bodies run").hasValue(0);
        assertThat(flights.bookingCount()).isZero();
        assertThat(StateStore.open(state).names()).containsExactly("trip-42.forecast");
    }

    @Test
    void aBookingRunAgainAfterItsCheckpointWasLostBooksOnce() {
        String first = plan().run().result("book").output().get("booking").get("reference").asString();
        // A crash after the booking, before its checkpoint was written: the booking runs again.
        StateStore.open(state).delete("trip-42.book");

        TaskRunResult again = plan().run();

        assertThat(again.result("book").status()).isEqualTo(TaskStatus.SUCCEEDED);
        assertThat(flights.bookingRuns).as("bookFlight bodies run").hasValue(2);
        assertThat(flights.bookingCount()).as("the same idempotency key: one booking").isEqualTo(1);
        assertThat(again.result("book").output().get("booking").get("reference").asString()).isEqualTo(first);
    }

    /** A new plan on the same checkpoint directory, as a restarted process would build it. */
    private TripPlan plan() {
        return new TripPlan(TRIP, flights, weather, StateStore.open(state), pool);
    }

    /** Flight tools that count their body runs and can refuse searches or bookings. */
    static final class CountingFlights extends FlightBooking {
        final AtomicInteger searches = new AtomicInteger();
        final AtomicInteger bookingRuns = new AtomicInteger();
        volatile boolean searchRefused;
        volatile boolean bookingClosed;

        @Override
        public List<Flight> searchFlights(String from, String to, LocalDate date) {
            searches.incrementAndGet();
            if (searchRefused) {
                throw new ToolException(ErrorType.REJECTED, "no flights from " + from + " to " + to);
            }
            return super.searchFlights(from, to, date);
        }

        @Override
        public Booking bookFlight(String flightNumber, LocalDate date, List<Passenger> passengers, ToolContext context) {
            bookingRuns.incrementAndGet();
            if (bookingClosed) {
                throw new ToolException(ErrorType.REJECTED, "bookings are closed for maintenance");
            }
            return super.bookFlight(flightNumber, date, passengers, context);
        }
    }

    /** A forecast that counts its body runs. */
    static final class CountingWeather extends Weather {
        final AtomicInteger forecasts = new AtomicInteger();

        @Override
        public List<Forecast> forecast(String city, LocalDate start, int days) {
            forecasts.incrementAndGet();
            return super.forecast(city, start, days);
        }
    }
}
