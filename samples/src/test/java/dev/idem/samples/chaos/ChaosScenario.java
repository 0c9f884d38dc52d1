package dev.idem.samples.chaos;

import dev.idem.agent.Agent;
import dev.idem.agent.AgentResult;
import dev.idem.agent.AgentStatus;
import dev.idem.journal.CallJournal;
import dev.idem.journal.CallRecord;
import dev.idem.journal.JournalSettings;
import dev.idem.llm.ChatModel;
import dev.idem.llm.failover.FailoverPolicy;
import dev.idem.samples.bank.BankServer;
import dev.idem.samples.bank.Fault;
import dev.idem.samples.bank.Transfer;
import dev.idem.samples.tools.PixBank;
import dev.idem.samples.tools.Weather;
import dev.idem.samples.tools.Weather_ToolSet;
import dev.idem.retry.Sleeper;
import dev.idem.tool.ToolResult;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.http.HttpClient;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;

/**
 * Plays one seed: a fresh loopback bank with the seed's faults, an agent on the seed's scripted
 * model, the user's request run (and re-run with the same intent id after an unknown outcome, as
 * often as the schedule says). Every wait is recorded on the timeline instead of slept. A seed's
 * durability fault ({@link ChaosDurability}) adds a journal, then a crash and a restart, or a
 * second replica racing the same intent.
 */
final class ChaosScenario {
    /** The wait the bank's 429 asks for (sent exactly, as {@code Retry-After-Ms}). */
    static final long BANK_RETRY_AFTER_MS = 25;
    static final int MAX_MODEL_TURNS = 24;
    static final String TRANSFER_TOOL = "schedulePix";
    /** How long a run waits for a model turn held by the other replica (real time; turns take milliseconds). */
    private static final Duration IN_FLIGHT_WAIT = Duration.ofSeconds(10);
    private static final long REPLICA_JOIN_SECONDS = 120;

    // One client for every seed: each seed's bank listens on its own port.
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

    private ChaosScenario() {}

    /** The model failover policy of a seed: the defaults, with jitter drawn from the seed. */
    static FailoverPolicy failoverPolicy(long seed) {
        Random jitter = new Random(seed ^ 0x5DEECE66DL);
        return FailoverPolicy.builder().maxAttempts(4).random(jitter::nextDouble).build();
    }

    static ChaosOutcome play(long seed) {
        ChaosSchedule schedule = ChaosSchedule.draw(seed);
        ChaosDurability durability = ChaosDurability.draw(seed, schedule.transfers().size());
        Timeline timeline = new Timeline();
        List<AgentResult> results = new ArrayList<>();
        JournalFacts.Builder facts = JournalFacts.builder(durability);
        // Lost answers are held a little past the tool's timeout, slow ones well past it.
        try (BankServer bank = BankServer.builder()
                .lostResponseHold(Duration.ofMillis(ChaosPix.TIMEOUT_MS + 40))
                .slowResponseDelay(Duration.ofMillis(ChaosPix.TIMEOUT_MS + 100))
                .retryAfter(Duration.ofMillis(BANK_RETRY_AFTER_MS))
                .threads(4)
                .start()) {
            bank.injectNext(schedule.bankQueue().toArray(Fault[]::new));
            if (schedule.bankProbability() > 0) {
                bank.injectRandomly(seed, schedule.bankProbability(), schedule.bankKinds().toArray(Fault[]::new));
            }
            Throwable escaped = null;
            try {
                switch (durability.kind()) {
                    case NONE -> userRuns(agent(schedule, bank, timeline, schedule.model(timeline), null), schedule,
                            timeline, results);
                    case CRASH -> crashAndResume(schedule, durability, bank, timeline, results, facts);
                    case SECOND_REPLICA -> secondReplica(schedule, bank, timeline, results, facts);
                    default -> throw new IllegalStateException("unhandled durability fault " + durability);
                }
            } catch (Throwable anything) {
                // Whatever it is, it escaped run: the invariants report it with the seed.
                escaped = anything;
            }
            Map<String, String> transferIds = new LinkedHashMap<>();
            for (Transfer transfer : bank.transfers()) {
                transferIds.putIfAbsent(transfer.idempotencyKey(), transfer.id());
            }
            return new ChaosOutcome(schedule, List.copyOf(results), bank.ledger(), bank.faults(), timeline.events(),
                    escaped, facts.transferIds(transferIds).build());
        }
    }

    /** The user's request, and the user's re-runs after an unknown outcome. */
    private static void userRuns(Agent agent, ChaosSchedule schedule, Timeline timeline, List<AgentResult> results) {
        int run = 1;
        timeline.run(run);
        results.add(agent.run(schedule.prompt(), schedule.intentId()));
        while (last(results).status() == AgentStatus.OUTCOME_UNKNOWN && run <= schedule.userRetries()) {
            // The user presses "retry": same request, same intent id, so the same keys.
            run++;
            timeline.run(run);
            results.add(agent.run(schedule.prompt(), schedule.intentId()));
        }
    }

    /**
     * The first process runs until its crash point and is abandoned; a restarted one runs the
     * user's request again on the journal, as a service restarted under the same request would.
     */
    private static void crashAndResume(ChaosSchedule schedule, ChaosDurability durability, BankServer bank,
            Timeline timeline, List<AgentResult> results, JournalFacts.Builder facts) throws IOException {
        Path directory = durability.fileJournal() ? Files.createTempDirectory("idem-chaos-journal") : null;
        JournalClock clock = new JournalClock();
        CallJournal journal = directory != null ? CallJournal.file(directory)
                : CallJournal.inMemory(clock, CallJournal.DEFAULT_RETENTION);
        try {
            CrashingJournal dying = new CrashingJournal(journal, TRANSFER_TOOL, durability.crashAt());
            Timeline deadTimeline = new Timeline(); // what a dead process did is seen only at the bank
            Agent doomed = agent(schedule, bank, deadTimeline, schedule.model(deadTimeline),
                    settings(dying, "process-1"));
            try {
                doomed.run(schedule.prompt(), schedule.intentId());
            } catch (RuntimeException died) {
                // The abandoned run ends however it ends: nobody hears from a dead process.
            }
            String crashKey = dying.crashKey();
            facts.crashKey(crashKey);
            Set<String> keys = new LinkedHashSet<>(bank.ledger().keySet());
            if (crashKey != null) {
                keys.add(crashKey);
            }
            Map<String, CallRecord> atCrash = records(journal, keys);
            // The restart: a file journal is reopened (its STARTED records belong to the dead process);
            // a shared journal's clock moves past the dead owner's leases.
            if (directory != null) {
                journal.close();
                journal = CallJournal.file(directory);
            } else {
                clock.jump(JournalSettings.DEFAULT_LEASE.plusSeconds(1));
            }
            facts.acrossRestart(atCrash, records(journal, keys));
            Agent restarted = agent(schedule, bank, timeline, schedule.model(timeline), settings(journal, "process-2"));
            userRuns(restarted, schedule, timeline, results);
            facts.finalRecords(records(journal, keysOf(bank, results, crashKey)));
        } finally {
            journal.close();
            deleteQuietly(directory);
        }
    }

    /** Two replicas, each its own agent and executor, run the same request on one journal at once. */
    private static void secondReplica(ChaosSchedule schedule, BankServer bank, Timeline timeline,
            List<AgentResult> results, JournalFacts.Builder facts) throws InterruptedException {
        try (CallJournal journal = CallJournal.inMemory()) {
            Timeline otherTimeline = new Timeline();
            Agent first = agent(schedule, bank, timeline, schedule.model(timeline), settings(journal, "replica-a"));
            Agent second = agent(schedule, bank, otherTimeline, schedule.faultFreeModel(otherTimeline),
                    settings(journal, "replica-b"));
            CountDownLatch go = new CountDownLatch(1);
            AtomicReference<AgentResult> other = new AtomicReference<>();
            AtomicReference<Throwable> otherEscaped = new AtomicReference<>();
            Thread replica = new Thread(() -> {
                try {
                    go.await();
                    other.set(second.run(schedule.prompt(), schedule.intentId()));
                } catch (Throwable anything) {
                    otherEscaped.set(anything);
                }
            }, "chaos-replica-b-" + schedule.seed());
            replica.setDaemon(true);
            replica.start();
            go.countDown();
            try {
                userRuns(first, schedule, timeline, results);
            } finally {
                replica.join(TimeUnit.SECONDS.toMillis(REPLICA_JOIN_SECONDS));
                if (replica.isAlive()) {
                    otherEscaped.compareAndSet(null, new IllegalStateException("the second replica's run did not"
                            + " end within " + REPLICA_JOIN_SECONDS + " s"));
                }
                facts.replica(other.get() == null ? List.of() : List.of(other.get()), otherEscaped.get());
            }
            List<AgentResult> all = new ArrayList<>(results);
            if (other.get() != null) {
                all.add(other.get());
            }
            facts.finalRecords(records(journal, keysOf(bank, all, null)));
        }
    }

    private static Agent agent(ChaosSchedule schedule, BankServer bank, Timeline timeline, ChatModel model,
            JournalSettings journal) {
        Agent.Builder builder = Agent.builder()
                .name("chaos")
                .instructions("You schedule Pix transfers; amounts are in cents.")
                .model(model)
                .tools(ChaosPix_ToolSet.of(new ChaosPix(new PixBank(bank.baseUri(), HTTP), timeline)),
                        Weather_ToolSet.of(new Weather()))
                .failoverPolicy(failoverPolicy(schedule.seed()))
                .modelSleeper(Sleeper.recording(timeline::modelWait))
                .toolSleeper(millis -> {
                    timeline.toolWait(millis);
                    return CompletableFuture.completedFuture(null);
                })
                .maxModelTurns(MAX_MODEL_TURNS);
        if (journal != null) {
            builder.journal(journal);
        }
        return builder.build();
    }

    private static JournalSettings settings(CallJournal journal, String owner) {
        return JournalSettings.of(journal).withOwner(owner).withInFlightWait(IN_FLIGHT_WAIT);
    }

    /** Every key the bank saw, the runs named, or the crash left. */
    private static Set<String> keysOf(BankServer bank, List<AgentResult> results, String crashKey) {
        Set<String> keys = new LinkedHashSet<>(bank.ledger().keySet());
        for (AgentResult result : results) {
            for (ToolResult tool : result.toolResults()) {
                if (tool.idempotencyKey() != null && tool.toolName().equals(TRANSFER_TOOL)) {
                    keys.add(tool.idempotencyKey());
                }
            }
        }
        if (crashKey != null) {
            keys.add(crashKey);
        }
        return keys;
    }

    private static Map<String, CallRecord> records(CallJournal journal, Set<String> keys) {
        Map<String, CallRecord> records = new LinkedHashMap<>();
        for (String key : keys) {
            journal.find(key).ifPresent(record -> records.put(key, record));
        }
        return records;
    }

    private static AgentResult last(List<AgentResult> results) {
        return results.get(results.size() - 1);
    }

    private static void deleteQuietly(Path directory) {
        if (directory == null) {
            return;
        }
        try (Stream<Path> paths = Files.walk(directory)) {
            paths.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
        } catch (IOException | UncheckedIOException e) {
            // a temporary directory left behind harms nothing
        }
    }
}
