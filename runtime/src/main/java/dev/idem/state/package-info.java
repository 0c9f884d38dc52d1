/**
 * Durable state on local disk: named JSON documents, each written atomically (temporary file,
 * fsync, rename, fsync of the directory), so a crash leaves the last good version.
 *
 * <p>Entry type: {@link dev.idem.state.StateStore}. Agents save and restore conversations through
 * it; the task runner keeps its checkpoints in it.
 *
 * <pre>{@code
 * StateStore store = StateStore.open(Path.of("state"));
 * agent.saveConversation(store, "chat-42");
 * }</pre>
 */
package dev.idem.state;
