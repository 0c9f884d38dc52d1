/**
 * The call journal: carries Idem's rules across crashes, restarts and replicas. A call intent is
 * claimed (with a lease) before a side-effecting body runs and completed with its outcome after;
 * a later claim of the same key replays a recorded outcome, waits for a call in flight elsewhere,
 * refuses other arguments, and re-drives a lost call only when the tool is idempotent.
 *
 * <p>Entry types: {@link dev.idem.journal.CallJournal} (the SPI, with the in-memory and file
 * journals; PostgreSQL in {@code idem-journal-postgres}), {@link dev.idem.journal.JournalSettings}
 * (owner, lease, waits), {@link dev.idem.journal.CallRecord}.
 *
 * <pre>{@code
 * CallJournal journal = CallJournal.file(Path.of("journal"));
 * ToolExecutor executor = ToolExecutor.builder(registry).journal(journal).build();
 * Agent agent = Agent.builder().model(model).toolExecutor(executor).journal(journal).build();
 * }</pre>
 */
package dev.idem.journal;
