package dev.idem.benchmarks;

import dev.idem.journal.CallIntent;
import dev.idem.journal.CallOutcome;
import dev.idem.journal.Claim;
import dev.idem.journal.FileCallJournal;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.stream.Stream;

/**
 * Claims and completions per second on a file journal, and the latency of one call (a claim or a
 * completion, each forced to the device), at 1, 4 and 16 threads. Each thread claims a key of its
 * own and completes it, again and again, for the measured seconds after a warm-up; every thread
 * count gets a fresh journal in a temporary directory (on the disk of {@code java.io.tmpdir}, or the
 * third argument), compacting every 10,000 lines as by default. Not JMH: what matters here is the
 * distribution of single forced calls under contention, measured from outside.
 *
 * <pre>{@code
 * java -cp benchmarks/target/benchmarks.jar dev.idem.benchmarks.JournalLoad 10 3 /var/tmp
 * }</pre>
 */
public final class JournalLoad {

    private static final int[] THREADS = {1, 4, 16};
    private static final Duration LEASE = Duration.ofMinutes(5);

    private JournalLoad() {}

    /**
     * Runs the load and prints one table row per thread count.
     *
     * @param args measured seconds (default 10), warm-up seconds (default 3), parent directory
     * @throws Exception when a thread fails or the directory cannot be made
     */
    public static void main(String[] args) throws Exception {
        int seconds = args.length > 0 ? Integer.parseInt(args[0]) : 10;
        int warmup = args.length > 1 ? Integer.parseInt(args[1]) : 3;
        Path parent = Path.of(args.length > 2 ? args[2] : System.getProperty("java.io.tmpdir"));
        System.out.println("| threads | claims/s | calls/s | p50 of a call (µs) | p99 of a call (µs) | claims/s vs 1 thread |");
        System.out.println("|---:|---:|---:|---:|---:|---:|");
        double single = 0;
        for (int threads : THREADS) {
            Path dir = Files.createTempDirectory(parent, "idem-journal-load");
            try {
                Result result = run(dir, threads, warmup, seconds);
                if (threads == 1) {
                    single = result.claimsPerSecond();
                }
                System.out.printf("| %d | %.0f | %.0f | %.0f | %.0f | %.1fx |%n", threads, result.claimsPerSecond(),
                        2 * result.claimsPerSecond(), result.p50Micros(), result.p99Micros(),
                        result.claimsPerSecond() / single);
            } finally {
                delete(dir);
            }
        }
    }

    private record Result(double claimsPerSecond, double p50Micros, double p99Micros) {}

    private static Result run(Path dir, int threads, int warmupSeconds, int seconds) throws InterruptedException {
        try (FileCallJournal journal = FileCallJournal.builder(dir).open()) {
            long start = System.nanoTime();
            long measureFrom = start + warmupSeconds * 1_000_000_000L;
            long end = measureFrom + seconds * 1_000_000_000L;
            Worker[] workers = new Worker[threads];
            CountDownLatch done = new CountDownLatch(threads);
            for (int i = 0; i < threads; i++) {
                workers[i] = new Worker(journal, "t" + i, measureFrom, end, done);
                Thread thread = new Thread(workers[i], "journal-load-" + i);
                thread.start();
            }
            done.await();
            long claims = 0;
            List<long[]> latencies = new ArrayList<>();
            for (Worker worker : workers) {
                if (worker.failure != null) {
                    throw new IllegalStateException("a load thread failed", worker.failure);
                }
                claims += worker.measuredClaims;
                latencies.add(Arrays.copyOf(worker.latencies, worker.count));
            }
            long[] all = latencies.stream().flatMapToLong(Arrays::stream).sorted().toArray();
            return new Result(claims / (double) seconds, percentile(all, 0.50) / 1000.0, percentile(all, 0.99) / 1000.0);
        }
    }

    private static long percentile(long[] sorted, double rank) {
        return sorted.length == 0 ? 0 : sorted[(int) Math.min(sorted.length - 1, Math.floor(rank * sorted.length))];
    }

    /** Claims and completes keys of its own; keeps the latency of every call made in the measured window. */
    private static final class Worker implements Runnable {
        private final FileCallJournal journal;
        private final String prefix;
        private final long measureFrom;
        private final long end;
        private final CountDownLatch done;
        // Written by this worker only, read after done.await() (the latch orders them).
        private long[] latencies = new long[1 << 16];
        private int count;
        private long measuredClaims;
        private Throwable failure;

        Worker(FileCallJournal journal, String prefix, long measureFrom, long end, CountDownLatch done) {
            this.journal = journal;
            this.prefix = prefix;
            this.measureFrom = measureFrom;
            this.end = end;
            this.done = done;
        }

        @Override
        public void run() {
            try {
                for (long n = 0; ; n++) {
                    String key = prefix + "-" + n;
                    long before = System.nanoTime();
                    if (before >= end) {
                        return;
                    }
                    Claim claim = journal.claim(new CallIntent(key, "load", "pay", "hash"), prefix, LEASE, false);
                    long claimed = System.nanoTime();
                    journal.complete(key, ((Claim.Owned) claim).epoch(), CallOutcome.succeeded("1", 1));
                    long completed = System.nanoTime();
                    if (before >= measureFrom && completed <= end) {
                        keep(claimed - before);
                        keep(completed - claimed);
                        measuredClaims++;
                    }
                }
            } catch (Throwable e) {
                failure = e;
            } finally {
                done.countDown();
            }
        }

        private void keep(long nanos) {
            if (count == latencies.length) {
                latencies = Arrays.copyOf(latencies, count * 2);
            }
            latencies[count++] = nanos;
        }
    }

    private static void delete(Path dir) {
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(file);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
