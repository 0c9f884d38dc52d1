package dev.idem.internal.call;

import dev.idem.journal.JournalSettings;
import dev.idem.retry.Sleeper;
import java.time.Clock;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.ScheduledExecutorService;

/**
 * The executor's call journal and what using it takes, one value shared by every
 * {@link CallClaim} and lease of the executor.
 *
 * @param settings  the journal, its owner name, lease and in-flight wait
 * @param inProcess whether the journal is the executor's own, in memory: its claims need no lease
 *                  renewal or confirmation, since their owner is this process
 * @param io        the threads journal I/O and lease renewals run on when the caller must not block
 * @param timer     schedules lease renewals and the writes of outcomes again
 * @param sleeper   waits between claims of a call running elsewhere
 * @param unwritten outcomes known here whose record could not be written yet
 * @param clock     the time a record's lease is judged by, where the journal does not judge it itself
 */
public record JournalAccess(JournalSettings settings, boolean inProcess, ExecutorService io, ScheduledExecutorService timer,
        Sleeper sleeper, UnwrittenOutcomes unwritten, Clock clock) {}
