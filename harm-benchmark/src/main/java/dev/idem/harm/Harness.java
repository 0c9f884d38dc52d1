package dev.idem.harm;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

/**
 * Plays one scenario against one stack: {@code intents} user requests, each with the scenario's
 * fault, on a few threads at once (as users do), then counts, per intent, the payments the
 * service made for its memo against what the user was told.
 */
public final class Harness implements AutoCloseable {
    private final PaymentService service;
    private final long seed;
    private final int threads;
    private final AtomicInteger processes = new AtomicInteger();
    private final Map<Integer, Running> running = new ConcurrentHashMap<>();
    private final ExecutorService workers;
    private final Supplier<SharedJournal> journal;
    private final boolean realKills;
    private final Map<Integer, Process> children = new ConcurrentHashMap<>();

    /** A process whose request is being handled, so that a crash can kill it. */
    private record Running(Stack.StackProcess process, Thread thread) {}

    /**
     * A harness paying through {@code service}.
     *
     * @param service   the payment service
     * @param seed      the seed amounts and accounts are drawn from
     * @param threads   requests handled at once
     * @param journal   the shared journal of the PostgreSQL rows, started on first use
     * @param realKills whether {@link Scenario#CRASH_MID_CALL} SIGKILLs child JVMs (else the
     *                  process is killed in this JVM: cut off from the service and its journal)
     */
    public Harness(PaymentService service, long seed, int threads, Supplier<SharedJournal> journal, boolean realKills) {
        this.service = service;
        this.seed = seed;
        this.threads = threads;
        this.journal = journal;
        this.realKills = realKills;
        this.workers = Executors.newCachedThreadPool(task -> {
            Thread thread = new Thread(task, "harm-process");
            thread.setDaemon(true);
            return thread;
        });
        service.onCrash(this::kill);
    }

    /**
     * Plays one cell.
     *
     * @param stack    the row
     * @param rowIndex the row's number (memos are unique per row and scenario)
     * @param scenario the column
     * @param intents  faulted intents to play
     * @return the counts
     * @throws Exception when the stack cannot start
     */
    public Cell play(Stack stack, int rowIndex, Scenario scenario, int intents) throws Exception {
        if (!stack.supported().contains(scenario)) {
            return Cell.notApplicable(stack.name(), scenario);
        }
        Random random = new Random(seed * 31 + rowIndex * 1_000_003L + scenario.ordinal());
        List<PaymentRequest> requests = new ArrayList<>();
        for (int i = 0; i < intents; i++) {
            String memo = "s" + rowIndex + "-" + scenario.ordinal() + "-r" + i;
            requests.add(new PaymentRequest(i, "req-" + memo, "ACC-" + (1 + random.nextInt(9)),
                    100 + random.nextInt(99_900), memo));
        }
        long started = System.nanoTime();
        if (scenario == Scenario.CRASH_MID_CALL && realKills) {
            requests.forEach(request -> service.plan(request.memo(), scenario));
            List<Report> reports = killChildren(stack, requests);
            return tally(stack, scenario, requests, reports, started);
        }
        boolean perIntentProcesses = scenario == Scenario.CRASH_MID_CALL || scenario == Scenario.TWO_REPLICAS;
        Stack.StackProcess shared = perIntentProcesses ? null : start(stack);
        List<Report> reports = new ArrayList<>();
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Future<Report>> futures = new ArrayList<>();
            for (PaymentRequest request : requests) {
                service.plan(request.memo(), scenario);
                ModelScript script = new ModelScript(scenario, request);
                futures.add(pool.submit(() -> switch (scenario) {
                    case USER_RETRY -> {
                        shared.handle(request, script);
                        yield shared.handle(request, script);
                    }
                    case CRASH_MID_CALL -> crashAndRestart(stack, request, script);
                    case TWO_REPLICAS -> replicas(stack, request, script);
                    default -> shared.handle(request, script);
                }));
            }
            for (Future<Report> future : futures) {
                reports.add(future.get(5, TimeUnit.MINUTES));
            }
        } finally {
            pool.shutdownNow();
            if (shared != null) {
                shared.close();
            }
        }
        return tally(stack, scenario, requests, reports, started);
    }

    private Cell tally(Stack stack, Scenario scenario, List<PaymentRequest> requests, List<Report> reports,
            long started) throws InterruptedException {
        int intents = requests.size();
        long millis = (System.nanoTime() - started) / 1_000_000;
        // late effects land after their clients gave up: count once the service is quiet
        Thread.sleep(100);
        service.awaitIdle(requests.stream().map(PaymentRequest::memo).toList(), 10_000);
        int duplicated = 0;
        int lost = 0;
        int wrong = 0;
        int done = 0;
        for (int i = 0; i < intents; i++) {
            int effects = service.effects(requests.get(i).memo());
            Report report = reports.get(i);
            duplicated += Math.max(0, effects - 1);
            if (report == Report.DONE && effects == 0) {
                lost++;
                wrong++;
            } else if (report == Report.FAILED && effects > 0) {
                wrong++;
            } else if (report == Report.DONE && effects == 1) {
                done++;
            }
        }
        long calls = requests.stream().mapToLong(request -> service.requests(request.memo())).sum();
        return new Cell(stack.name(), scenario, true, intents, duplicated, lost, wrong, done, calls, millis);
    }

    private Stack.StackProcess start(Stack stack) throws Exception {
        int number = processes.incrementAndGet();
        return stack.start(number, service.payUri(number));
    }

    /** The first process dies right after the service acted; a new one takes the same request. */
    private Report crashAndRestart(Stack stack, PaymentRequest request, ModelScript script) throws Exception {
        int number = processes.incrementAndGet();
        Stack.StackProcess first = stack.start(number, service.payUri(number));
        Future<Report> dying = workers.submit(() -> {
            running.put(number, new Running(first, Thread.currentThread()));
            try {
                return first.handle(request, script);
            } finally {
                running.remove(number);
            }
        });
        try {
            dying.get(30, TimeUnit.SECONDS);
        } catch (Exception killed) {
            // a killed process answers nothing
        }
        first.close();
        // the restarted process: a new one, on whatever survives a process (the service, a shared journal)
        Stack.StackProcess second = start(stack);
        try {
            return second.handle(request, new ModelScript(Scenario.CRASH_MID_CALL, request));
        } finally {
            second.close();
        }
    }

    /**
     * Crash rounds, then one restart. In a crash round a child JVM takes every request whose crash
     * has not struck yet, all at once; the service holds each right after its effect (gathering
     * them, {@link PaymentService#gatherCrashes}) and then the child is SIGKILLed. A request the
     * kill caught before it reached the service is played again in the next round; one that reached
     * it was paid and never answered. Then one new child takes every request left unanswered, with
     * no fault, as a restarted service re-reads its queue's unacknowledged messages.
     */
    private List<Report> killChildren(Stack stack, List<PaymentRequest> requests) throws Exception {
        Map<Integer, Report> reports = new ConcurrentHashMap<>();
        Path dir = Files.createTempDirectory("harm-child");
        List<PaymentRequest> armed = requests;
        for (int round = 0; !armed.isEmpty() && round < 8; round++) {
            int number = processes.incrementAndGet();
            service.gatherCrashes(number, armed.size());
            runChild(stack, number, armed, dir, reports);
            int before = armed.size();
            armed = armed.stream().filter(request -> !reports.containsKey(request.index()) && service.planned(request.memo()))
                    .toList();
            if (armed.size() == before) {
                break;   // this round struck no crash: the rest are played once more without one
            }
        }
        List<PaymentRequest> unanswered = requests.stream().filter(request -> !reports.containsKey(request.index())).toList();
        unanswered.forEach(request -> service.unplan(request.memo()));
        if (!unanswered.isEmpty()) {
            runChild(stack, processes.incrementAndGet(), unanswered, dir, reports);
        }
        return requests.stream().map(request -> reports.getOrDefault(request.index(), Report.NONE)).toList();
    }

    private void runChild(Stack stack, int number, List<PaymentRequest> requests, Path dir, Map<Integer, Report> reports)
            throws IOException, InterruptedException {
        Path file = dir.resolve("requests-" + number);
        Files.write(file, requests.stream().map(HarmChild::line).toList(), StandardCharsets.UTF_8);
        String url = stack.name().contains("PostgreSQL") ? journal.get().jdbcUrl() : "-";
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-Xmx256m", "-cp", System.getProperty("java.class.path"),
                HarmChild.class.getName(), stack.name(), Integer.toString(service.port()), Integer.toString(number), url,
                file.toString()));
        Path out = dir.resolve("out-" + number);
        Process child = new ProcessBuilder(command).redirectOutput(out.toFile())
                .redirectError(dir.resolve("err-" + number).toFile()).start();
        children.put(number, child);
        if (!child.waitFor(3, TimeUnit.MINUTES)) {
            child.destroyForcibly().waitFor();
        }
        children.remove(number);
        service.kill(number);
        String text = Files.readString(out, StandardCharsets.UTF_8);
        int end = text.lastIndexOf('\n');
        for (String line : (end < 0 ? "" : text.substring(0, end)).split("\n")) {
            if (line.startsWith("done ")) {
                String[] field = line.split(" ");
                reports.put(Integer.parseInt(field[1]), Report.valueOf(field[2]));
            }
        }
    }

    private void kill(int number) {
        service.kill(number);
        Process child = children.get(number);
        if (child != null) {
            child.destroyForcibly();
        }
        Running victim = running.get(number);
        if (victim != null) {
            victim.process().kill();
            victim.thread().interrupt();
        }
    }

    /** Two replicas handle the same request, the second 20 ms after the first; both answers count. */
    private Report replicas(Stack stack, PaymentRequest request, ModelScript script) throws Exception {
        Stack.StackProcess one = start(stack);
        Stack.StackProcess two = start(stack);
        try {
            Future<Report> first = workers.submit(() -> one.handle(request, script));
            Thread.sleep(20);
            Report second = two.handle(request, new ModelScript(Scenario.TWO_REPLICAS, request));
            Report firstReport = first.get(60, TimeUnit.SECONDS);
            // the worse of the two answers is the one the user may have been shown
            if (firstReport == Report.DONE || second == Report.DONE) {
                return firstReport == Report.FAILED || second == Report.FAILED ? Report.FAILED : Report.DONE;
            }
            return firstReport == Report.FAILED || second == Report.FAILED ? Report.FAILED : Report.UNKNOWN;
        } finally {
            one.close();
            two.close();
        }
    }

    @Override
    public void close() {
        workers.shutdownNow();
    }
}
