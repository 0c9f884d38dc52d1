package dev.idem.benchmarks;

import dev.idem.journal.FileCallJournal;
import dev.idem.tool.ToolCall;
import dev.idem.tool.ToolExecutor;
import dev.idem.tool.ToolRegistry;
import dev.idem.tool.ToolResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * How many of Idem's source files a reader opens to follow one call: the runtime's top-level
 * classes that load between an executor on a file journal being built and the end of one
 * side-effecting call and its replay (a class loads when the call first runs its code). Run it with
 * {@code -verbose:class} and read the lines between the markers this prints; the count is of source
 * files (nested classes count with their file), without the benchmark's own classes, the regex
 * engine and the generated set.
 *
 * <pre>{@code
 * java -verbose:class -cp benchmarks/target/benchmarks.jar dev.idem.benchmarks.RouteFiles \
 *     | sed -n '/^ROUTE-START/,/^ROUTE-END/p' | grep -o 'dev\.idem\.[A-Za-z0-9_.$]*' | cut -d'$' -f1 \
 *     | grep -v -e '^dev\.idem\.benchmarks' -e '^dev\.idem\.regex' -e '_ToolSet$' | sort -u | wc -l
 * }</pre>
 */
public final class RouteFiles {

    private RouteFiles() {}

    /**
     * Runs one call and its replay between the markers.
     *
     * @param args none
     * @throws IOException when the journal's directory cannot be made
     */
    public static void main(String[] args) throws IOException {
        Path directory = Files.createTempDirectory("idem-route");
        try (FileCallJournal journal = FileCallJournal.builder(directory).open()) {
            ToolExecutor executor = ToolExecutor.builder(ToolRegistry.of(OrderTools_ToolSet.of(new OrderTools())))
                    .journal(journal).build();
            ToolCall call = new ToolCall("call_1", "placeOrder", OrderTools.arguments(2));
            System.out.println("ROUTE-START");
            ToolResult first = executor.newRun("intent-1").execute(call);
            ToolResult replay = executor.newRun("intent-1").execute(call);
            System.out.println("ROUTE-END " + List.of(first.success(), replay.replayed()));
        }
    }
}
