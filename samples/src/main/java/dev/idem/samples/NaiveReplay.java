package dev.idem.samples;

import dev.idem.samples.bank.BankRequest;
import dev.idem.samples.bank.BankServer;
import dev.idem.samples.bank.Fault;
import java.io.IOException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * The demo's bank faults played again on a fresh bank, this time for a client with the naive
 * policy agent frameworks use: every failure is retried at once (timeouts, 409, 429, 503 alike, up
 * to the same 3 attempts), and no key is born with the intent, so every request is new to the bank.
 * The user's retry after an unknown outcome is replayed too. The duplicates are counted by the
 * bank, as in the real run.
 */
final class NaiveReplay {

    /** Attempts per call, as schedulePix's own policy allows. */
    static final int MAX_ATTEMPTS = 3;
    /** Long enough for a request on a busy machine, shorter than a lost answer's hold. */
    private static final Duration CLIENT_TIMEOUT = Duration.ofMillis(1500);

    /**
     * One intent replayed.
     *
     * @param label    the ledger line it replays
     * @param requests transfer requests the naive client sent
     * @param effects  times money moved for it
     * @param why      what made the duplicates, empty when there were none
     */
    record Line(String label, int requests, int effects, String why) {}

    /**
     * @param lines             per intent, in ledger order
     * @param duplicatedEffects money moved more than once per intent, summed
     */
    record Result(List<Line> lines, int duplicatedEffects) {}

    private NaiveReplay() {}

    /** Replays the faults of {@code stories} (intents whose money never moved are skipped: nothing to replay). */
    static Result replay(List<KeyStory> stories) {
        // The faults, not their timing, matter: a hold just past the client's timeout keeps this quick.
        try (BankServer bank = BankServer.builder().lostResponseHold(Duration.ofMillis(2000))
                .slowResponseDelay(Duration.ofMillis(2000)).retryAfter(Duration.ofMillis(10)).start()) {
            HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
            List<Line> lines = new ArrayList<>();
            int duplicated = 0;
            for (KeyStory story : stories) {
                if (story.transfer() == null) {
                    continue;
                }
                List<String> keys = new ArrayList<>();
                for (KeyStory.Call call : story.calls()) {
                    bank.clearFaults();
                    bank.injectNext(faultsBeforeSuccess(call.requests()));
                    send(bank, http, story, keys);
                }
                bank.clearFaults();
                int effects = 0;
                for (String key : keys) {
                    effects += bank.effectsFor(key);
                }
                lines.add(new Line(story.label(), keys.size(), effects, effects > 1 ? why(story) : ""));
                duplicated += Math.max(0, effects - 1);
            }
            return new Result(lines, duplicated);
        }
    }

    /** What turned into a second transfer: a lost answer retried, a user's retry. */
    private static String why(KeyStory story) {
        List<String> reasons = new ArrayList<>();
        for (KeyStory.Call call : story.calls()) {
            for (BankRequest request : call.requests()) {
                if (request.fault() == Fault.RESPONSE_LOST_AFTER_COMMIT || request.fault() == Fault.SLOW_RESPONSE) {
                    reasons.add("the lost answer was retried as a new transfer");
                    break;
                }
            }
        }
        if (story.calls().size() > 1) {
            reasons.add("the user's retry was a new transfer");
        }
        return String.join("; ", reasons);
    }

    /** The faults the call's requests met, up to the first request that met none. */
    private static Fault[] faultsBeforeSuccess(List<BankRequest> requests) {
        List<Fault> faults = new ArrayList<>();
        for (BankRequest request : requests) {
            if (request.fault() == null) {
                break;
            }
            faults.add(request.fault());
        }
        return faults.toArray(new Fault[0]);
    }

    /** One call of the naive client: retry whatever fails, each request under a fresh key. */
    private static void send(BankServer bank, HttpClient http, KeyStory story, List<String> keys) {
        String body = "{\"pixKey\":\"" + story.transfer().pixKey() + "\",\"cents\":" + story.transfer().cents()
                + ",\"date\":\"" + story.transfer().date() + "\"}";
        for (int attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
            String key = UUID.randomUUID().toString();
            keys.add(key);
            HttpRequest request = HttpRequest.newBuilder(bank.transfersUri())
                    .header("Content-Type", "application/json")
                    .header("Idempotency-Key", key)
                    .timeout(CLIENT_TIMEOUT)
                    .POST(HttpRequest.BodyPublishers.ofString(body))
                    .build();
            try {
                if (http.send(request, HttpResponse.BodyHandlers.ofString()).statusCode() / 100 == 2) {
                    return;
                }
            } catch (IOException lost) {
                // A timeout or a reset: the naive policy retries it like anything else.
            } catch (InterruptedException interrupted) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }
}
