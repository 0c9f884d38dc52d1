package dev.idem.samples;

import dev.idem.samples.tools.FlightBooking;
import dev.idem.samples.tools.FlightBooking_ToolSet;
import dev.idem.samples.tools.Weather;
import dev.idem.samples.tools.Weather_ToolSet;
import dev.idem.tool.ArgumentBindingException;
import dev.idem.tool.BoundCall;
import dev.idem.tool.ToolContext;
import dev.idem.tool.ToolDescriptor;
import dev.idem.tool.ToolRegistry;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Lists the generated tools with their schemas, then runs calls from JSON text through the
 * generated tool sets: real output of generated code, no network. A stand-in main job until the
 * agent lands.
 */
public final class Demo {
    private static final JsonMapper JSON = JsonMapper.builder().build();

    private Demo() {}

    public static void main(String[] args) throws Exception {
        ToolRegistry registry = ToolRegistry.builder()
                .add(Weather_ToolSet.of(new Weather()))
                .add(FlightBooking_ToolSet.of(new FlightBooking()))
                .build();
        for (ToolDescriptor tool : registry.descriptors()) {
            System.out.println("tool " + tool.name() + (tool.readOnly() ? " (read-only)" : "")
                    + (tool.restartSafe() ? "" : " (runs at most once per call)")
                    + (tool.idempotent() ? " (idempotent)" : ""));
            System.out.println("  " + tool.description());
            System.out.println("  schema: " + tool.inputSchema());
        }
        call(registry, "forecast", "{\"city\":\"Lisbon\",\"start\":\"2026-12-01\",\"days\":3}");
        call(registry, "forecast", "{\"city\":\"\",\"start\":\"tomorrow\",\"days\":30,\"units\":\"C\"}");
    }

    private static void call(ToolRegistry registry, String name, String arguments) throws Exception {
        System.out.println();
        System.out.println("call " + name + " " + arguments);
        ToolRegistry.Entry entry = registry.find(name);
        try {
            BoundCall call = entry.toolSet().bind(name, JSON.readTree(arguments));
            JsonNode result = call.run(ToolContext.of("call-1", name, "demo-key-1")).toCompletableFuture().join();
            System.out.println("result " + result);
        } catch (ArgumentBindingException e) {
            System.out.println("not run, invalid arguments:");
            e.problems().forEach(problem -> System.out.println("  - " + problem));
        }
    }
}
