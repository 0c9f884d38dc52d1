package dev.idem.samples.readme;

import dev.idem.samples.tools.FlightBooking;
import dev.idem.samples.tools.PixBank;
import dev.idem.samples.tools.Weather;
import java.net.URI;
import java.net.http.HttpClient;
import java.util.List;

/**
 * What a README snippet made of statements may take for granted: the sample tools, a ticket id,
 * arguments from a model, the program's arguments, and the application's own callbacks. Each such
 * snippet compiles as the body of a method of a subclass of this one, so a snippet that names
 * anything else fails to compile.
 */
public abstract class SnippetContext {

    protected final PixBank bank = new PixBank(URI.create("http://127.0.0.1:8080"), HttpClient.newHttpClient());
    protected final FlightBooking flights = new FlightBooking();
    protected final Weather weather = new Weather();
    protected final String ticketId = "ticket-4711";
    protected final String argumentsJson = "{\"key\":\"maria@example.com\",\"cents\":15000,\"date\":\"2026-12-01\"}";
    protected String[] args = {};

    /** The application shows an answer to its user. */
    protected void show(String answer) {
    }

    /** The application offers its user to retry the same request. */
    protected void askTheUserToRetry(String ticketId) {
    }

    /** The application reports a failure and what had already happened. */
    protected void report(Exception error, List<?> effectsSoFar) {
    }
}
