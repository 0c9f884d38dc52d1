package dev.idem.samples;

import dev.idem.agent.Agent;
import dev.idem.agent.AgentResult;
import dev.idem.agent.TraceEvent;
import dev.idem.journal.CallJournal;
import dev.idem.journal.CallRecord;
import dev.idem.samples.bank.BankServer;
import dev.idem.samples.bank.KeyHistory;
import dev.idem.samples.bank.Transfer;
import dev.idem.testkit.OpenAiWireServer;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * The demo's crash: a child JVM runs the rent intent on a file journal and is killed with SIGKILL
 * after the bank moved the money of its second transfer and before the outcome reached the
 * journal; the run is then started again here, on the same journal directory, as a restarted
 * service would. The journal replays the recorded model turns and the recorded transfer, and
 * finds the killed one STARTED with no outcome: schedulePix is idempotent, so it is driven again
 * under the same key and the bank replays its answer. A tool that is not idempotent would be
 * reported OUTCOME_UNKNOWN and not run again.
 */
final class CrashResume {

    /** Generous: a cold JVM on a busy two-core machine. Nothing waits this long when all is well. */
    private static final long CHILD_WAIT_SECONDS = 120;
    private static final String END = "\u0000end";

    /**
     * What happened.
     *
     * @param childPid       the killed process
     * @param childLines     what it reported before the kill, trace events first
     * @param crashKey       the key whose outcome it never journaled
     * @param effectsAtKill  the bank's effects for that key when the kill was sent (1: committed)
     * @param killedBySignal whether the process ended by the kill (exit status 137, SIGKILL)
     * @param resumed        the run started again on the journal
     * @param records        the journal's records of the transfers after the resumed run, by key
     * @param ledger         the bank's ledger, per key
     */
    record Result(long childPid, List<String> childLines, String crashKey, int effectsAtKill, boolean killedBySignal,
            AgentResult resumed, Map<String, CallRecord> records, Map<String, KeyHistory> ledger) {

        /** Money moved more than once for one key, summed over keys: must be 0. */
        int duplicatedEffects() {
            return ledger.values().stream().mapToInt(history -> Math.max(0, history.effects() - 1)).sum();
        }

        /** Model turns the resumed run took from the journal instead of asking the model. */
        long replayedTurns() {
            return resumed.trace().stream().filter(TraceEvent.ModelAnswerReplayed.class::isInstance).count();
        }
    }

    private CrashResume() {}

    /** Plays the crash and the restart, printing to {@code out}. */
    static Result play(PrintStream out) {
        Path journalDir = null;
        Path stderr = null;
        try (BankServer bank = BankServer.start();
                OpenAiWireServer wire = OpenAiWireServer.start(DemoScript.rentModel())) {
            journalDir = Files.createTempDirectory("idem-demo-journal");
            stderr = journalDir.resolveSibling(journalDir.getFileName() + ".child-stderr");
            out.println();
            out.println("== run " + RentAgent.INTENT + " in a separate agent process, journaled in " + journalDir
                    + ": " + DemoScript.RENT_PROMPT);
            Process child = ChildJvm.start(RentChild.class, stderr, bank.baseUri().toString(), wire.baseUrl(),
                    journalDir.toString());
            List<String> childLines = new ArrayList<>();
            String crashKey = awaitCrashPoint(child, childLines, out, stderr);
            int effectsAtKill = bank.effectsFor(crashKey);
            out.println("  the bank moved the money for key " + crashKey.substring(0, 12) + "...; the process has not"
                    + " journaled it yet: SIGKILL (pid " + child.pid() + ")");
            child.destroyForcibly();
            boolean killedBySignal = exitStatus(child) == 137;

            out.println();
            out.println("== the service restarts: run " + RentAgent.INTENT + " again, same intent id, on the same journal");
            AgentResult resumed;
            boolean idempotent;
            Map<String, CallRecord> records = new HashMap<>();
            try (CallJournal journal = CallJournal.file(journalDir)) {
                Agent agent = RentAgent.build(bank.baseUri(), wire.baseUrl(), journal,
                        (intentId, event) -> out.println("  " + Demo.describe(event)));
                idempotent = agent.tools().find(RentAgent.TOOL).descriptor().idempotent();
                resumed = agent.run(DemoScript.RENT_PROMPT, RentAgent.INTENT);
                for (String key : bank.ledger().keySet()) {
                    journal.find(key).ifPresent(record -> records.put(key, record));
                }
            }
            out.println("  " + resumed.status() + ": " + (resumed.answer() != null ? resumed.answer() : resumed.error()));
            Result result = new Result(child.pid(), childLines, crashKey, effectsAtKill, killedBySignal, resumed,
                    records, bank.ledger());
            printLedger(out, result, bank, idempotent);
            return result;
        } catch (IOException e) {
            throw new UncheckedIOException("the crash demo could not run", e);
        } finally {
            deleteQuietly(journalDir);
            deleteQuietly(stderr);
        }
    }

    /** Echoes the child's trace until it reports the crash point; fails with its stderr otherwise. */
    private static String awaitCrashPoint(Process child, List<String> lines, PrintStream out, Path stderr)
            throws IOException {
        BlockingQueue<String> queue = new LinkedBlockingQueue<>();
        Thread reader = new Thread(() -> {
            try (BufferedReader in = new BufferedReader(new InputStreamReader(child.getInputStream(),
                    StandardCharsets.UTF_8))) {
                for (String line = in.readLine(); line != null; line = in.readLine()) {
                    queue.add(line);
                }
            } catch (IOException killed) {
                // the process died under the reader: what it said before is in the queue
            }
            queue.add(END);
        }, "rent-child-stdout");
        reader.setDaemon(true);
        reader.start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(CHILD_WAIT_SECONDS);
        try {
            while (true) {
                String line = queue.poll(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
                if (line == null || line.equals(END)) {
                    child.destroyForcibly();
                    throw new IllegalStateException("the agent process " + (line == null ? "did not reach the crash"
                            + " point in " + CHILD_WAIT_SECONDS + " s" : "ended before the crash point")
                            + "; it said " + lines + " and on stderr: " + Files.readString(stderr));
                }
                lines.add(line);
                if (line.startsWith(RentChild.CRASH_POINT)) {
                    return line.substring(RentChild.CRASH_POINT.length()).trim();
                }
                if (line.startsWith(RentChild.EVENT)) {
                    out.println("  [pid " + child.pid() + "] " + line.substring(RentChild.EVENT.length()));
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            child.destroyForcibly();
            throw new IllegalStateException("interrupted while waiting for the agent process", e);
        }
    }

    private static int exitStatus(Process child) {
        try {
            if (!child.waitFor(CHILD_WAIT_SECONDS, TimeUnit.SECONDS)) {
                throw new IllegalStateException("the agent process " + child.pid() + " survived SIGKILL");
            }
            return child.exitValue();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while killing the agent process", e);
        }
    }

    private static void printLedger(PrintStream out, Result result, BankServer bank, boolean idempotent) {
        out.println();
        out.println("Bank ledger of the crash, per intent (idempotency key):");
        for (Map.Entry<String, KeyHistory> entry : result.ledger().entrySet()) {
            String key = entry.getKey();
            Transfer transfer = bank.transfers().stream()
                    .filter(t -> t.idempotencyKey().equals(key)).findFirst().orElse(null);
            out.println("  " + RentAgent.INTENT + " " + RentAgent.TOOL + " "
                    + (transfer == null ? key : transfer.pixKey() + " " + transfer.cents() + " cents")
                    + ": attempts=" + entry.getValue().requests() + " effects=" + entry.getValue().effects());
            for (String line : CrashNarration.lines(key, result, bank.requestsFor(key), idempotent)) {
                out.println("      " + line);
            }
        }
        out.println("duplicated effects after the crash and the restart: " + result.duplicatedEffects());
    }

    private static void deleteQuietly(Path directory) {
        if (directory == null) {
            return;
        }
        try (Stream<Path> paths = Files.walk(directory)) {
            paths.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
        } catch (IOException e) {
            // a temporary directory left behind harms nothing
        }
    }
}
