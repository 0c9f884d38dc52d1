package dev.idem.samples.chaos;

import dev.idem.journal.CallJournal;
import dev.idem.samples.bank.BankServer;
import dev.idem.samples.bank.Fault;
import dev.idem.tool.ToolCall;
import dev.idem.tool.ToolExecutor;
import dev.idem.tool.ToolRegistry;
import dev.idem.tool.ToolResult;
import java.net.http.HttpClient;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletableFuture;

/**
 * The verifier family of the chaos suite, one seed: a loopback bank with one fault drawn from the
 * seed (an answer lost after the transfer, a reset before it, a slow answer past the tool's
 * timeout, a 503, or none), a payment whose verifier answers as the seed's {@link
 * ChaosVerifiedPix.Teller} says, and a user who calls the same intent one to three times (the
 * calls after an unknown outcome are the user's "retry"), on an in-memory call journal.
 */
final class ChaosVerifierScenario {

    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
    private static final Fault[] FAULTS = {Fault.RESPONSE_LOST_AFTER_COMMIT, Fault.RESET_BEFORE_COMMIT,
            Fault.SLOW_RESPONSE, Fault.SERVICE_UNAVAILABLE_503, null};

    /** What one seed did and what the bank saw. */
    record Outcome(long seed, Fault fault, ChaosVerifiedPix.Teller teller, List<ToolResult> results, int questions,
            int bodyRuns, int runsAfterApplied, int effects, boolean lastAnswerRaced) {

        /** Some call's outcome was unknown (its verifier was asked, or a result says so). */
        boolean unknown() {
            return questions > 0 || results.stream().anyMatch(ToolResult::outcomeUnknown);
        }

        /**
         * A verifier that tells the truth within its tries was asked, and its last answer was not
         * "not applied" while an abandoned body was still running (the executor rightly keeps that
         * one unknown: the body may yet take effect).
         */
        boolean answerable() {
            return unknown() && !lastAnswerRaced && (teller == ChaosVerifiedPix.Teller.TRUTHFUL
                    || teller == ChaosVerifiedPix.Teller.FAILS_ONCE_THEN_TRUTHFUL);
        }

        /** The last answer the user got is not "outcome unknown". */
        boolean resolved() {
            return !results.get(results.size() - 1).outcomeUnknown();
        }

        String describe() {
            return "verifier seed " + seed + ": fault " + fault + ", teller " + teller + ", questions " + questions
                    + ", body runs " + bodyRuns + ", runs after APPLIED " + runsAfterApplied + ", effects " + effects
                    + (lastAnswerRaced ? ", last answer raced a running body" : "")
                    + ", results " + results;
        }
    }

    private ChaosVerifierScenario() {}

    static Outcome play(long seed) {
        Random random = new Random(seed * 0x9E3779B97F4A7C15L);
        Fault fault = FAULTS[random.nextInt(FAULTS.length)];
        ChaosVerifiedPix.Teller teller = ChaosVerifiedPix.Teller.values()[
                random.nextInt(ChaosVerifiedPix.Teller.values().length)];
        int calls = 1 + random.nextInt(3);
        try (BankServer bank = BankServer.builder()
                .lostResponseHold(Duration.ofMillis(ChaosVerifiedPix.TIMEOUT_MS + 40))
                .slowResponseDelay(Duration.ofMillis(ChaosVerifiedPix.TIMEOUT_MS + 100))
                .threads(2)
                .start()) {
            if (fault != null) {
                bank.injectNext(fault);
            }
            ChaosVerifiedPix pix = new ChaosVerifiedPix(bank.baseUri(), HTTP, teller);
            ToolExecutor executor = ToolExecutor.builder(ToolRegistry.of(ChaosVerifiedPix_ToolSet.of(pix)))
                    .journal(CallJournal.inMemory())
                    .sleeper(millis -> CompletableFuture.completedFuture(null))
                    .build();
            List<ToolResult> results = new ArrayList<>();
            String intent = "verifier-seed-" + seed;
            for (int call = 0; call < calls; call++) {
                results.add(executor.newRun(intent).execute(new ToolCall("call-" + call, "payPix",
                        "{\"key\":\"ana@example.com\",\"cents\":" + (100 + seed % 900) + ",\"date\":\"2026-12-01\"}")));
            }
            return new Outcome(seed, fault, teller, results, pix.questions.get(), pix.bodyRuns.get(),
                    pix.runsAfterApplied.get(), bank.totalEffects(), pix.lastAnswerRaced);
        }
    }
}
