package dev.idem.samples.tools;

import dev.idem.Param;
import dev.idem.Tool;
import dev.idem.tool.ToolContext;
import dev.idem.tool.ToolException;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Searches and books flights against an in-memory inventory. Booking deduplicates by the call's
 * idempotency key, so re-driving a booking whose outcome was unknown never books twice.
 */
public class FlightBooking {

    /**
     * A scheduled flight.
     *
     * @param number    flight number, e.g. TP1234
     * @param from      departure airport code
     * @param to        arrival airport code
     * @param date      departure day
     * @param priceEur  price per passenger, in euros
     */
    public record Flight(String number, String from, String to, LocalDate date, BigDecimal priceEur) {}

    /**
     * Someone flying.
     *
     * @param fullName  as on the passport
     * @param email     where the ticket goes
     */
    public record Passenger(@Param(minLength = 1) String fullName,
            @Param(pattern = "^[^@\\s]+@[^@\\s]+$") String email) {}

    /**
     * A confirmed booking.
     *
     * @param reference  the booking reference
     * @param flight     the flight
     * @param passengers who flies
     */
    public record Booking(String reference, Flight flight, List<Passenger> passengers) {}

    private final Map<String, Booking> bookingsByKey = new ConcurrentHashMap<>();
    private final AtomicInteger sequence = new AtomicInteger();

    /**
     * Finds flights between two airports on a day.
     *
     * @param from departure IATA airport code, e.g. LIS
     * @param to   arrival IATA airport code, e.g. GRU
     * @param date the day of departure
     */
    @Tool(readOnly = true, title = "Search flights")
    public List<Flight> searchFlights(@Param(pattern = "^[A-Z]{3}$") String from,
            @Param(pattern = "^[A-Z]{3}$") String to, LocalDate date) {
        List<Flight> flights = new ArrayList<>();
        int base = Math.floorMod((from + to).hashCode(), 300);
        for (int i = 0; i < 2; i++) {
            flights.add(new Flight("ID" + (100 + base + i), from, to, date, BigDecimal.valueOf(200 + base + 75L * i)));
        }
        return flights;
    }

    /**
     * Books seats on a flight for the passengers.
     *
     * @param flightNumber the flight number from searchFlights
     * @param date         the day of departure
     * @param passengers   who flies, 1 to 9 people
     */
    // Not destructive (MCP's destructiveHint): a booking adds to the inventory, it overwrites nothing.
    @Tool(restartSafe = false, idempotent = true, destructive = false, title = "Book a flight")
    public Booking bookFlight(String flightNumber, LocalDate date,
            @Param(minItems = 1, maxItems = 9) List<Passenger> passengers, ToolContext context) {
        if (!flightNumber.startsWith("ID")) {
            throw new ToolException(dev.idem.ErrorType.REJECTED, "no flight " + flightNumber + " on " + date);
        }
        // One booking per intent: a re-driven call with the same key gets the first booking back.
        return bookingsByKey.computeIfAbsent(context.idempotencyKey(), key -> new Booking(
                "BK" + sequence.incrementAndGet(),
                new Flight(flightNumber, "LIS", "GRU", date, BigDecimal.valueOf(420)),
                List.copyOf(passengers)));
    }

    /** Number of distinct bookings made, for demos and tests. */
    public int bookingCount() {
        return bookingsByKey.size();
    }
}
