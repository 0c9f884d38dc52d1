package dev.idem.harm;

import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The hand-written agent loop many applications start with: ask the model, run the calls it
 * asks for, send the results back, until it answers; and one common policy for failures, retry
 * everything: any failed model call or tool call is tried again, up to 3 attempts, 200 ms apart.
 *
 * <pre>{@code
 * for (int attempt = 1; ; attempt++) {
 *     try { return client.pay(account, cents, memo, null); }
 *     catch (Exception e) { if (attempt == 3) throw e; Thread.sleep(200); }
 * }
 * }</pre>
 */
public final class NaiveLoopStack implements Stack {
    static final int ATTEMPTS = 3;
    static final long BACKOFF_MS = 200;
    private static final JsonMapper JSON = JsonMapper.builder().build();

    @Override
    public String name() {
        return "naive loop, retry everything";
    }

    @Override
    public StackProcess start(int number, URI payUri) {
        PaymentClient client = new PaymentClient(payUri);
        return (request, script) -> {
            try {
                return run(client, request, script);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return Report.NONE;
            } catch (RuntimeException e) {
                return Report.FAILED;
            }
        };
    }

    private static Report run(PaymentClient client, PaymentRequest request, ModelScript script) throws InterruptedException {
        List<String> results = new ArrayList<>();
        for (int turn = 0; turn < 8; turn++) {
            ModelScript.Action action = null;
            for (int attempt = 1; action == null; attempt++) {
                ModelScript.Action answer = script.next(turn, results);
                if (!answer.fail()) {
                    action = answer;
                } else if (attempt == ATTEMPTS) {
                    return Report.FAILED;
                } else {
                    Thread.sleep(BACKOFF_MS);
                }
            }
            if (action.calls().isEmpty()) {
                return Report.ofAnswer(action.text());
            }
            for (ModelScript.Call call : action.calls()) {
                results.add(pay(client, call.arguments()));
            }
        }
        return Report.FAILED;
    }

    /** Runs one call under retry-everything and returns the text the model gets. */
    static String pay(PaymentClient client, String arguments) throws InterruptedException {
        JsonNode args;
        try {
            args = JSON.readTree(arguments);
        } catch (RuntimeException malformed) {
            return "Error: the arguments are not valid JSON: " + malformed.getMessage();
        }
        for (int attempt = 1; ; attempt++) {
            try {
                Receipt receipt = client.pay(args.path("account").asString(), args.path("cents").asLong(),
                        args.path("memo").asString(), null);
                return receiptJson(receipt);
            } catch (InterruptedException e) {
                throw e;
            } catch (Exception e) {
                if (attempt == ATTEMPTS) {
                    return "Error: " + e;
                }
                Thread.sleep(BACKOFF_MS);
            }
        }
    }

    static String receiptJson(Receipt receipt) {
        return "{\"paymentId\":\"" + receipt.paymentId() + "\",\"account\":\"" + receipt.account() + "\",\"cents\":"
                + receipt.cents() + ",\"memo\":\"" + receipt.memo() + "\"}";
    }
}
