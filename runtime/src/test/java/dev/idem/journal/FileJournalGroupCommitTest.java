package dev.idem.journal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Group commit in the file journal: concurrent appends share a force, and none is acknowledged
 * before a force that began after its line was written has succeeded. The forces go through a
 * hook that can hold each one until the test lets it run, and fail it.
 */
class FileJournalGroupCommitTest {

    private static final Duration LEASE = Duration.ofSeconds(10);
    private static final long WAIT_SECONDS = 10;

    @TempDir
    Path work;

    private final TestClock clock = new TestClock();
    private final ExecutorService callers = Executors.newCachedThreadPool();

    @AfterEach
    void stopCallers() {
        callers.shutdownNow();
    }

    @Test
    void noAppendIsAcknowledgedBeforeAForceCoversIt() throws Exception {
        Path dir = work.resolve("journal");
        HeldForces forces = new HeldForces(2, Set.of());
        try (FileCallJournal journal = open(dir, forces); HeldForces held = forces.arm()) {
            Future<Claim> first = callers.submit(() -> claim(journal, "a"));
            forces.awaitStarted();
            long coveredByTheFirstForce = forces.sizeAtStart(0);

            Future<Claim> second = callers.submit(() -> claim(journal, "b"));
            awaitLogLongerThan(dir, coveredByTheFirstForce); // b's line, written while a's force runs
            assertStillWaiting(first, "a, whose force has not returned");
            assertStillWaiting(second, "b, whose force has not begun");

            forces.releaseOne();
            assertThat(first.get(WAIT_SECONDS, TimeUnit.SECONDS)).isEqualTo(new Claim.Owned(1, false));
            forces.awaitStarted();
            assertStillWaiting(second, "b, written after the force that acknowledged a began");
            assertThat(journal.find("b")).as("a record not yet forced is in no answer").isEmpty();

            forces.releaseOne();
            assertThat(second.get(WAIT_SECONDS, TimeUnit.SECONDS)).isEqualTo(new Claim.Owned(1, false));
            assertThat(journal.find("b")).isPresent();
            assertThat(forces.count()).isEqualTo(2);
        }
    }

    @Test
    void aFailedForceFailsEveryAppendItCovered() throws Exception {
        Path dir = work.resolve("journal");
        HeldForces forces = new HeldForces(2, Set.of(1)); // the second force fails once it is let go
        try (FileCallJournal journal = open(dir, forces); HeldForces held = forces.arm()) {
            Future<Claim> before = callers.submit(() -> claim(journal, "x"));
            forces.awaitStarted();
            long forcedBefore = forces.sizeAtStart(0);
            List<Future<Claim>> covered = new ArrayList<>();
            for (String key : List.of("a", "b", "c")) {
                covered.add(callers.submit(() -> claim(journal, key)));
            }
            awaitLines(dir, 4); // a, b and c written while x's force runs: the next force covers all three

            forces.releaseOne();
            assertThat(before.get(WAIT_SECONDS, TimeUnit.SECONDS)).isEqualTo(new Claim.Owned(1, false));
            forces.awaitStarted();
            forces.releaseOne(); // and it fails

            for (Future<Claim> call : covered) {
                try {
                    fail("acknowledged although its force failed: " + call.get(WAIT_SECONDS, TimeUnit.SECONDS));
                } catch (ExecutionException e) {
                    assertThat(e.getCause()).isInstanceOf(UncheckedIOException.class)
                            .hasMessageContaining("Input/output error").hasMessageContaining("not stored");
                }
            }
            assertThat(forces.count()).as("one force for a, b and c (and one for the cut)").isEqualTo(3);
            assertThat(Files.size(onlyLog(dir))).as("the log cut back to x's line").isEqualTo(forcedBefore);
            for (String key : List.of("a", "b", "c")) {
                assertThat(journal.find(key)).as("memory agrees with the disk: " + key).isEmpty();
            }
            assertThat(claim(journal, "a")).as("the next append works").isEqualTo(new Claim.Owned(1, false));
        }
        try (FileCallJournal journal = FileCallJournal.builder(dir).clock(clock).open()) {
            assertThat(journal.find("x")).isPresent();
            assertThat(journal.find("a")).isPresent();
            assertThat(journal.find("b")).isEmpty();
            assertThat(journal.find("c")).isEmpty();
        }
    }

    @Test
    void concurrentAppendsShareForces() throws Exception {
        Path dir = work.resolve("journal");
        int threads = 16;
        int callsPerThread = 20;
        AtomicInteger forces = new AtomicInteger();
        JournalLog.Force counted = channel -> {
            forces.incrementAndGet();
            channel.force(false);
        };
        try (FileCallJournal journal = FileCallJournal.builder(dir).clock(clock).force(counted).open()) {
            forces.set(0);
            CountDownLatch start = new CountDownLatch(1);
            List<Future<?>> workers = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                String thread = "t" + t;
                workers.add(callers.submit(() -> {
                    start.await();
                    for (int i = 0; i < callsPerThread; i++) {
                        String key = thread + "-" + i;
                        assertThat(claim(journal, key)).isEqualTo(new Claim.Owned(1, false));
                        assertThat(journal.complete(key, 1, CallOutcome.succeeded("1", 1))).isTrue();
                    }
                    return null;
                }));
            }
            start.countDown();
            for (Future<?> worker : workers) {
                worker.get(60, TimeUnit.SECONDS);
            }
        }
        int appends = threads * callsPerThread * 2;
        assertThat(forces.get()).as("forces for %d appends from %d threads", appends, threads).isLessThan(appends);
        try (FileCallJournal journal = FileCallJournal.builder(dir).clock(clock).open()) {
            assertThat(journal.find("t15-19").orElseThrow().status()).isEqualTo(CallStatus.SUCCEEDED);
            assertThat(journal.unresolved(UnresolvedQuery.all())).isEmpty();
        }
    }

    private FileCallJournal open(Path dir, JournalLog.Force force) {
        return FileCallJournal.builder(dir).clock(clock).force(force).open();
    }

    private static Claim claim(CallJournal journal, String key) {
        return journal.claim(new CallIntent(key, "intent-1", "pay", "hash"), "p", LEASE, false);
    }

    private static void assertStillWaiting(Future<?> call, String what) throws InterruptedException {
        Thread.sleep(200);
        assertThat(call.isDone()).as("answered: " + what).isFalse();
    }

    private static void awaitLogLongerThan(Path dir, long size) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(WAIT_SECONDS);
        while (Files.size(onlyLog(dir)) <= size) {
            if (System.nanoTime() > deadline) {
                fail("no line was written while the force ran (the log stayed at " + size + " bytes)");
            }
            Thread.sleep(5);
        }
    }

    private static void awaitLines(Path dir, int lines) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(WAIT_SECONDS);
        while (Files.readAllLines(onlyLog(dir)).size() < lines) {
            if (System.nanoTime() > deadline) {
                fail("fewer than " + lines + " lines were written while the force ran");
            }
            Thread.sleep(5);
        }
    }

    private static Path onlyLog(Path dir) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            List<Path> logs = files.filter(f -> f.getFileName().toString().endsWith(".log")).toList();
            assertThat(logs).hasSize(1);
            return logs.get(0);
        }
    }

    /**
     * Forces the test lets run one at a time: the first {@code held} wait for {@link #releaseOne},
     * and those numbered in {@code failing} (from 0) then throw instead of forcing. Closed (before
     * the journal, when a test fails), it lets every held force go, so the journal can close.
     */
    private static final class HeldForces implements JournalLog.Force, AutoCloseable {
        private final int held;
        private final Set<Integer> failing;
        private final Semaphore started = new Semaphore(0);
        private final Semaphore released = new Semaphore(0);
        private final AtomicInteger count = new AtomicInteger();
        private final List<Long> sizesAtStart = new CopyOnWriteArrayList<>();
        private volatile boolean armed;

        HeldForces(int held, Set<Integer> failing) {
            this.held = held;
            this.failing = failing;
        }

        HeldForces arm() {
            armed = true;
            return this;
        }

        @Override
        public void close() {
            released.release(held);
        }

        @Override
        public void force(FileChannel channel) throws IOException {
            if (!armed) {
                channel.force(false);
                return;
            }
            int number = count.getAndIncrement();
            sizesAtStart.add(channel.size());
            if (number < held) {
                started.release();
                released.acquireUninterruptibly();
            }
            if (failing.contains(number)) {
                throw new IOException("Input/output error");
            }
            channel.force(false);
        }

        void awaitStarted() throws InterruptedException {
            assertThat(started.tryAcquire(WAIT_SECONDS, TimeUnit.SECONDS)).as("a force began").isTrue();
        }

        void releaseOne() {
            released.release();
        }

        long sizeAtStart(int number) {
            return sizesAtStart.get(number);
        }

        int count() {
            return count.get();
        }
    }
}
