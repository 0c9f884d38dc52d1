package dev.idem.benchmarks;

import dev.idem.Param;
import dev.idem.Tool;
import java.util.List;

/**
 * {@link BookingTools#book} with the checks a careful author adds (a length, a range, an item
 * count): the same body, the same arguments, for what checking costs on Idem's path.
 */
public class CheckedBookingTools {

    private final BookingTools tools = new BookingTools();

    /**
     * Books seats on a flight.
     *
     * @param flight flight number
     * @param seats  number of seats
     * @param cabin  cabin class
     * @param meals  meal preferences
     * @param lead   the lead passenger
     */
    @Tool(description = "Books seats on a flight")
    public String bookChecked(@Param(minLength = 2, maxLength = 8) String flight, @Param(min = 1, max = 9) int seats,
            BookingTools.Cabin cabin, @Param(maxItems = 4) List<String> meals, BookingTools.Passenger lead) {
        return tools.book(flight, seats, cabin, meals, lead);
    }
}
