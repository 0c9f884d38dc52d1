/**
 * Internal: called by the runtime's own packages and by Idem's agent and OpenAI modules (the
 * module descriptor exports it to them alone); no compatibility promise. Generated
 * {@code *_ToolSet} code calls {@code dev.idem.generated} instead (architecture tests check both).
 *
 * <p>What sync and async share, written once: {@link dev.idem.internal.Mode} (blocking or not,
 * with {@code settle}), {@link dev.idem.internal.CauseChain} (the one cause-chain walk and
 * {@code CompletionException} unwrap), {@link dev.idem.internal.DaemonThreads} (the one thread
 * factory), {@link dev.idem.internal.ErrorText}.
 *
 * <pre>{@code
 * return mode.settle(sleeper.sleep(delayMs)).thenCompose(ignored -> attempt(number + 1));
 * }</pre>
 */
package dev.idem.internal;
