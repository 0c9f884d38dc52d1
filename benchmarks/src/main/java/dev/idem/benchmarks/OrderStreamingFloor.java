package dev.idem.benchmarks;

import java.util.ArrayList;
import java.util.List;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.databind.json.JsonMapper;

/**
 * The floor for the wide call: what a careful engineer would write by hand for
 * {@link OrderTools#placeOrder}. Jackson streaming parse, then a direct call; no validation beyond
 * what parsing gives.
 */
final class OrderStreamingFloor {
    private final JsonMapper mapper;
    private final OrderTools tools;

    OrderStreamingFloor(JsonMapper mapper, OrderTools tools) {
        this.mapper = mapper;
        this.tools = tools;
    }

    String dispatch(String json) {
        String customer = null;
        List<OrderTools.Line> lines = null;
        OrderTools.Address shipTo = null;
        OrderTools.Priority priority = null;
        boolean giftWrap = false;
        try (JsonParser p = mapper.createParser(json)) {
            p.nextToken();
            while (p.nextToken() == JsonToken.PROPERTY_NAME) {
                String name = p.currentName();
                p.nextToken();
                switch (name) {
                    case "customer" -> customer = p.getString();
                    case "lines" -> {
                        lines = new ArrayList<>();
                        while (p.nextToken() == JsonToken.START_OBJECT) {
                            lines.add(line(p));
                        }
                    }
                    case "shipTo" -> shipTo = address(p);
                    case "priority" -> priority = OrderTools.Priority.valueOf(p.getString());
                    case "giftWrap" -> giftWrap = p.getBooleanValue();
                    default -> p.skipChildren();
                }
            }
        }
        return tools.placeOrder(customer, lines, shipTo, priority, giftWrap);
    }

    private static OrderTools.Line line(JsonParser p) {
        String sku = null;
        String description = null;
        int quantity = 0;
        long unitCents = 0;
        while (p.nextToken() == JsonToken.PROPERTY_NAME) {
            String field = p.currentName();
            p.nextToken();
            switch (field) {
                case "sku" -> sku = p.getString();
                case "description" -> description = p.getString();
                case "quantity" -> quantity = p.getIntValue();
                case "unitCents" -> unitCents = p.getLongValue();
                default -> p.skipChildren();
            }
        }
        return new OrderTools.Line(sku, description, quantity, unitCents);
    }

    private static OrderTools.Address address(JsonParser p) {
        String street = null;
        String city = null;
        String postalCode = null;
        String country = null;
        while (p.nextToken() == JsonToken.PROPERTY_NAME) {
            String field = p.currentName();
            p.nextToken();
            switch (field) {
                case "street" -> street = p.getString();
                case "city" -> city = p.getString();
                case "postalCode" -> postalCode = p.getString();
                case "country" -> country = p.getString();
                default -> p.skipChildren();
            }
        }
        return new OrderTools.Address(street, city, postalCode, country);
    }
}
