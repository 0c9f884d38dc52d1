package dev.idem.harm;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A stack's process in a JVM of its own, for {@link Scenario#CRASH_MID_CALL}: it handles every
 * request of its file at once, prints {@code done <index> <report>} as each ends, and is killed
 * with SIGKILL by the harness when the service has acted on its requests and not yet answered.
 *
 * <p>Arguments: the stack's name, the service's port, the process's number, the shared journal's
 * JDBC URL (or {@code -}), the requests' file (one {@code index requestId account cents memo} a line).
 */
public final class HarmChild {
    private HarmChild() {
    }

    /**
     * Runs the process.
     *
     * @param args see above
     * @throws Exception when the stack cannot start
     */
    public static void main(String[] args) throws Exception {
        System.setProperty("org.slf4j.simpleLogger.defaultLogLevel", "error");
        java.util.logging.Logger.getLogger("").setLevel(java.util.logging.Level.OFF);
        String name = args[0];
        int port = Integer.parseInt(args[1]);
        int number = Integer.parseInt(args[2]);
        SharedJournal journal = args[3].equals("-") ? null : SharedJournal.connect(args[3]);
        Stack stack = Stacks.all(() -> journal).stream().filter(candidate -> candidate.name().equals(name)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no stack named " + name));
        List<PaymentRequest> requests = new ArrayList<>();
        for (String line : Files.readAllLines(Path.of(args[4]), StandardCharsets.UTF_8)) {
            String[] field = line.split(" ");
            requests.add(new PaymentRequest(Integer.parseInt(field[0]), field[1], field[2], Long.parseLong(field[3]), field[4]));
        }
        Stack.StackProcess process = stack.start(number, URI.create("http://127.0.0.1:" + port + "/g/" + number + "/pay"));
        System.out.println("started");
        List<Thread> threads = new ArrayList<>();
        for (PaymentRequest request : requests) {
            Thread thread = new Thread(() -> {
                Report report = process.handle(request, new ModelScript(Scenario.CRASH_MID_CALL, request));
                synchronized (System.out) {
                    System.out.println("done " + request.index() + " " + report);
                    System.out.flush();
                }
            });
            thread.start();
            threads.add(thread);
        }
        for (Thread thread : threads) {
            thread.join();
        }
        process.close();
        System.exit(0);
    }

    /**
     * The requests' file line of {@code request}.
     *
     * @param request a request
     * @return its line
     */
    static String line(PaymentRequest request) {
        return request.index() + " " + request.requestId() + " " + request.account() + " " + request.cents() + " " + request.memo();
    }
}
