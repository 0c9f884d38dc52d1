package dev.idem.tool;

import java.util.concurrent.atomic.AtomicInteger;
import tools.jackson.databind.JsonNode;

/**
 * The base of the {@code transfer} tools of the verifier tests ({@link TransferTools}): the body
 * and the verifier are the test's, the flags and the verifier's presence the annotations'. Counts
 * body runs and the verifier's questions.
 */
public abstract class Transfers {

    /** The tool's body. */
    @FunctionalInterface
    public interface Body {
        /**
         * Runs once per body run.
         *
         * @param context the call's context
         * @return the transfer's result: JSON, a string, an integer, a boolean or {@code null}
         * @throws Exception as the tool would
         */
        Object run(ToolContext context) throws Exception;
    }

    /** The tool's verifier. */
    @FunctionalInterface
    public interface Check {
        /**
         * Answers whether the transfer with this key took effect.
         *
         * @param idempotencyKey the call's key
         * @return the verdict
         * @throws Exception as a verifier would
         */
        Verification<JsonNode> verify(String idempotencyKey) throws Exception;
    }

    final AtomicInteger bodyRuns;
    final AtomicInteger questions;
    private final Body body;
    private volatile Check check;

    Transfers(Body body, Check check) {
        this(body, check, new AtomicInteger(), new AtomicInteger());
    }

    /** A later release of {@code earlier}'s tool: the same body and the same counts, this class's flags. */
    Transfers(Transfers earlier, Check check) {
        this(earlier.body, check, earlier.bodyRuns, earlier.questions);
    }

    private Transfers(Body body, Check check, AtomicInteger bodyRuns, AtomicInteger questions) {
        this.body = body;
        this.check = check;
        this.bodyRuns = bodyRuns;
        this.questions = questions;
    }

    /** Answers later questions with {@code value}. */
    void check(Check value) {
        check = value;
    }

    /** The body's run. */
    protected final JsonNode transfer(ToolContext context) throws Exception {
        bodyRuns.incrementAndGet();
        return ScriptedTools.json(body.run(context));
    }

    /** The verifier's question. */
    protected final Verification<JsonNode> ask(String idempotencyKey) throws Exception {
        questions.incrementAndGet();
        Check current = check;
        if (current == null) {
            throw new IllegalStateException("the test gave the verifier no answer");
        }
        return current.verify(idempotencyKey);
    }
}
