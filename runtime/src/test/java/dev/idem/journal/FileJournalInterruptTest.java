package dev.idem.journal;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A caller's interrupt never reaches the file journal's channel: {@code FileChannel} closes itself
 * when a thread blocked in its I/O is interrupted, which would end the journal for every call of
 * every thread. The journal's I/O runs on its own threads; the caller keeps its interrupt.
 */
class FileJournalInterruptTest {

    private static final Duration LEASE = Duration.ofSeconds(10);

    @TempDir
    Path work;

    @Test
    void anInterruptedCallerNeitherFailsNorClosesTheJournal() throws Exception {
        try (FileCallJournal journal = FileCallJournal.builder(work).open()) {
            AtomicBoolean keptItsInterrupt = new AtomicBoolean();
            CompletableFuture<Claim> claimed = new CompletableFuture<>();
            Thread caller = new Thread(() -> {
                Thread.currentThread().interrupt(); // a cancelled request's thread, still flagged
                try {
                    claimed.complete(claim(journal, "k1"));
                } catch (RuntimeException e) {
                    claimed.completeExceptionally(e);
                }
                keptItsInterrupt.set(Thread.currentThread().isInterrupted());
            });
            caller.start();
            caller.join(10_000);

            assertThat(claimed.get(10, TimeUnit.SECONDS)).isEqualTo(new Claim.Owned(1, false));
            assertThat(keptItsInterrupt).as("the caller's interrupt is kept for it").isTrue();
            assertThat(claim(journal, "k2")).as("the journal still serves every other call")
                    .isEqualTo(new Claim.Owned(1, false));
        }
        try (FileCallJournal reopened = FileCallJournal.builder(work).open()) {
            assertThat(reopened.find("k1")).isPresent();
            assertThat(reopened.find("k2")).isPresent();
        }
    }

    @Test
    void anInterruptDuringTheForceNeitherFailsTheGroupNorClosesTheJournal() throws Exception {
        CountDownLatch forcing = new CountDownLatch(1);
        CountDownLatch interrupted = new CountDownLatch(1);
        JournalLog.Force slow = channel -> {
            forcing.countDown();
            try {
                interrupted.await(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                throw new AssertionError("the journal's own force thread was interrupted", e);
            }
            channel.force(false);
        };
        try (FileCallJournal journal = FileCallJournal.builder(work).force(slow).open()) {
            CompletableFuture<Claim> claimed = new CompletableFuture<>();
            Thread caller = new Thread(() -> {
                try {
                    claimed.complete(claim(journal, "k1"));
                } catch (RuntimeException e) {
                    claimed.completeExceptionally(e);
                }
            });
            caller.start();
            assertThat(forcing.await(10, TimeUnit.SECONDS)).isTrue();
            caller.interrupt();
            interrupted.countDown();

            assertThat(claimed.get(10, TimeUnit.SECONDS)).isEqualTo(new Claim.Owned(1, false));
            assertThat(claim(journal, "k2")).isEqualTo(new Claim.Owned(1, false));
        }
    }

    private static Claim claim(CallJournal journal, String key) {
        return journal.claim(new CallIntent(key, "intent-1", "pay", "hash"), "p", LEASE, false);
    }
}
