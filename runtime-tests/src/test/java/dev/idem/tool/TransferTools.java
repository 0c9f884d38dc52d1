package dev.idem.tool;

import dev.idem.Tool;
import tools.jackson.databind.JsonNode;

/** The {@code transfer} tools of the verifier tests, one class per set of flags, with a verifier ({@code lookUp}) or none. */
public final class TransferTools {

    private TransferTools() {
    }

    /** Neither restart-safe nor idempotent, with a verifier. */
    public static class Verified extends Transfers {
        Verified(Body body, Check check) {
            super(body, check);
        }

        /** A later release of {@code earlier}'s tool that names a verifier. */
        Verified(Transfers earlier, Check check) {
            super(earlier, check);
        }

        /** Transfers money. */
        @Tool(name = "transfer", restartSafe = false, idempotent = false, verifier = "lookUp")
        public JsonNode run(ToolContext context) throws Exception {
            return transfer(context);
        }

        Verification<JsonNode> lookUp(String idempotencyKey) throws Exception {
            return ask(idempotencyKey);
        }
    }

    /** Neither restart-safe nor idempotent, a 200 ms timeout, with a verifier. */
    public static class VerifiedWithin200Ms extends Transfers {
        VerifiedWithin200Ms(Body body, Check check) {
            super(body, check);
        }

        /** Transfers money. */
        @Tool(name = "transfer", restartSafe = false, idempotent = false, timeoutMs = 200, verifier = "lookUp")
        public JsonNode run(ToolContext context) throws Exception {
            return transfer(context);
        }

        Verification<JsonNode> lookUp(String idempotencyKey) throws Exception {
            return ask(idempotencyKey);
        }
    }

    /** Neither restart-safe nor idempotent, a 150 ms timeout, with a verifier. */
    public static class VerifiedWithin150Ms extends Transfers {
        VerifiedWithin150Ms(Body body, Check check) {
            super(body, check);
        }

        /** Transfers money. */
        @Tool(name = "transfer", restartSafe = false, idempotent = false, timeoutMs = 150, verifier = "lookUp")
        public JsonNode run(ToolContext context) throws Exception {
            return transfer(context);
        }

        Verification<JsonNode> lookUp(String idempotencyKey) throws Exception {
            return ask(idempotencyKey);
        }
    }

    /** Neither restart-safe nor idempotent, with no verifier. */
    public static class Unverified extends Transfers {
        Unverified(Body body) {
            super(body, null);
        }

        /** Transfers money. */
        @Tool(name = "transfer", restartSafe = false, idempotent = false)
        public JsonNode run(ToolContext context) throws Exception {
            return transfer(context);
        }
    }

    /** Idempotent, not restart-safe, with a verifier. */
    public static class IdempotentVerified extends Transfers {
        IdempotentVerified(Body body, Check check) {
            super(body, check);
        }

        /** Transfers money. */
        @Tool(name = "transfer", restartSafe = false, idempotent = true, verifier = "lookUp")
        public JsonNode run(ToolContext context) throws Exception {
            return transfer(context);
        }

        Verification<JsonNode> lookUp(String idempotencyKey) throws Exception {
            return ask(idempotencyKey);
        }
    }

    /** Idempotent, not restart-safe, with no verifier. */
    public static class IdempotentUnverified extends Transfers {
        IdempotentUnverified(Body body) {
            super(body, null);
        }

        /** Transfers money. */
        @Tool(name = "transfer", restartSafe = false, idempotent = true)
        public JsonNode run(ToolContext context) throws Exception {
            return transfer(context);
        }
    }
}
