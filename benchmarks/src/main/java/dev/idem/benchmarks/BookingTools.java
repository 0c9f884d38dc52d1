package dev.idem.benchmarks;

import dev.idem.Tool;
import java.util.List;

/**
 * One tool, annotated for Idem, LangChain4j and Spring AI at once, so every framework dispatches
 * to the very same method body.
 */
public class BookingTools {

    /** Cabin class. */
    public enum Cabin { ECONOMY, BUSINESS, FIRST }

    /** The lead passenger. */
    public record Passenger(String name, int age) {}

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
    @dev.langchain4j.agent.tool.Tool("Books seats on a flight")
    @org.springframework.ai.tool.annotation.Tool(description = "Books seats on a flight")
    public String book(String flight, int seats, Cabin cabin, List<String> meals, Passenger lead) {
        return flight + '/' + seats + '/' + cabin + '/' + meals.size() + '/' + lead.name() + '/' + lead.age();
    }

    /** The arguments every benchmark dispatches. */
    public static final String ARGUMENTS = "{\"flight\":\"LA3456\",\"seats\":2,\"cabin\":\"BUSINESS\","
            + "\"meals\":[\"vegan\",\"kosher\"],\"lead\":{\"name\":\"Ana Souza\",\"age\":34}}";

    /** What {@link #book} returns for {@link #ARGUMENTS}. */
    public static final String EXPECTED = "LA3456/2/BUSINESS/2/Ana Souza/34";
}
