package dev.idem.samples.readme;

import dev.idem.llm.ChatModel;
import dev.idem.llm.scripted.ScriptedChatModel;
import dev.idem.samples.tools.FlightBooking;
import dev.idem.samples.tools.PixBank;
import dev.idem.samples.tools.PixBank_ToolSet;
import dev.idem.samples.tools.Weather;
import dev.idem.tool.ToolRegistry;
import java.net.URI;
import java.net.http.HttpClient;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import javax.sql.DataSource;
import org.postgresql.ds.PGSimpleDataSource;

/**
 * What a README snippet made of statements may take for granted: the sample tools and a registry
 * of them, a ticket id, arguments from a model, the program's arguments, a model, a data source, a pod
 * name, a scheduler, and the application's own callbacks. Each such
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
    protected final DataSource dataSource = new PGSimpleDataSource();
    protected final ToolRegistry registry = ToolRegistry.of(PixBank_ToolSet.of(bank));
    protected final String podName = "pod-1";
    protected final ChatModel model = ScriptedChatModel.builder().replyWithText("done").build();
    protected final ScheduledExecutorService scheduler = Executors.newSingleThreadScheduledExecutor();

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
