package dev.idem.benchmarks;

import java.util.ArrayList;
import java.util.List;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.databind.json.JsonMapper;

/**
 * The floor: what a careful engineer would write by hand for this one tool. Jackson streaming
 * parse of the arguments, then a direct call. No validation beyond what parsing gives.
 */
final class StreamingFloor {
    private final JsonMapper mapper;
    private final BookingTools tools;

    StreamingFloor(JsonMapper mapper, BookingTools tools) {
        this.mapper = mapper;
        this.tools = tools;
    }

    String dispatch(String json) {
        String flight = null;
        int seats = 0;
        BookingTools.Cabin cabin = null;
        List<String> meals = null;
        BookingTools.Passenger lead = null;
        try (JsonParser p = mapper.createParser(json)) {
            p.nextToken();
            while (p.nextToken() == JsonToken.PROPERTY_NAME) {
                String name = p.currentName();
                p.nextToken();
                switch (name) {
                    case "flight" -> flight = p.getString();
                    case "seats" -> seats = p.getIntValue();
                    case "cabin" -> cabin = BookingTools.Cabin.valueOf(p.getString());
                    case "meals" -> {
                        meals = new ArrayList<>();
                        while (p.nextToken() != JsonToken.END_ARRAY) {
                            meals.add(p.getString());
                        }
                    }
                    case "lead" -> lead = passenger(p);
                    default -> p.skipChildren();
                }
            }
        }
        return tools.book(flight, seats, cabin, meals, lead);
    }

    private static BookingTools.Passenger passenger(JsonParser p) {
        String name = null;
        int age = 0;
        while (p.nextToken() == JsonToken.PROPERTY_NAME) {
            String field = p.currentName();
            p.nextToken();
            switch (field) {
                case "name" -> name = p.getString();
                case "age" -> age = p.getIntValue();
                default -> p.skipChildren();
            }
        }
        return new BookingTools.Passenger(name, age);
    }
}
