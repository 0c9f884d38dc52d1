package dev.idem.harm;

import dev.idem.journal.CallJournal;
import dev.idem.journal.JournalSettings;
import dev.idem.tool.ToolExecutor;
import dev.idem.tool.ToolRegistry;
import java.net.URI;
import java.time.Duration;

/**
 * How every Idem row builds its process's executor: the generated tool set, Idem's defaults, and
 * either the default in-memory journal (it dies with the process) or a handle on the shared
 * PostgreSQL journal with a 3 s lease, so that a restarted process takes a dead one's calls over
 * within seconds rather than the default 30.
 */
final class IdemExecutors {
    static final Duration LEASE = Duration.ofSeconds(3);
    static final Duration IN_FLIGHT_WAIT = Duration.ofSeconds(6);

    private IdemExecutors() {
    }

    static ToolExecutor build(URI payUri, SeveredJournal journal, int process) {
        ToolExecutor.Builder builder = ToolExecutor.builder(ToolRegistry.of(IdemPayments_ToolSet.of(new IdemPayments(payUri))));
        if (journal != null) {
            builder.journal(JournalSettings.of((CallJournal) journal).withOwner("process-" + process)
                    .withLease(LEASE).withInFlightWait(IN_FLIGHT_WAIT));
        }
        return builder.build();
    }
}
