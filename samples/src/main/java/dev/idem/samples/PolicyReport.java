package dev.idem.samples;

import dev.idem.config.PolicyConfiguration;
import dev.idem.samples.tools.FlightBooking;
import dev.idem.samples.tools.FlightBooking_ToolSet;
import dev.idem.samples.tools.PixBank;
import dev.idem.samples.tools.PixBank_ToolSet;
import dev.idem.samples.tools.Weather;
import dev.idem.samples.tools.Weather_ToolSet;
import dev.idem.tool.PolicyOverrides;
import dev.idem.tool.ToolExecutor;
import dev.idem.tool.ToolRegistry;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;

/**
 * Prints the policies the demo's tools would run under with the configuration given in program
 * arguments, system properties, {@code IDEM_*} environment variables, {@code idem.config.file} or
 * {@code idem.properties}: each value and where it came from. Nothing is called.
 *
 * <pre>{@code
 * mvn -q -Pdemo -DskipTests verify -Ddemo.mainClass=dev.idem.samples.PolicyReport \
 *     -Dexec.args=--idem.tool.schedulePix.retry.max-attempts=2 -Didem.toolset.Weather.timeout-ms=1500
 * }</pre>
 */
public final class PolicyReport {

    private PolicyReport() {}

    public static void main(String[] args) {
        print(System.out, PolicyConfiguration.standard(args));
    }

    /** Builds the demo's executor with {@code configuration} and prints its effective policies. */
    static void print(PrintStream out, PolicyOverrides configuration) {
        ToolRegistry tools = ToolRegistry.of(FlightBooking_ToolSet.of(new FlightBooking()),
                Weather_ToolSet.of(new Weather()),
                PixBank_ToolSet.of(new PixBank(URI.create("http://127.0.0.1:8080"), HttpClient.newHttpClient())));
        ToolExecutor executor = ToolExecutor.builder(tools).policyOverrides(configuration).build();
        out.print(executor.effectivePolicies());
    }
}
