package dev.idem.generated;

import dev.idem.tool.Verification;
import tools.jackson.databind.JsonNode;

/**
 * Calls a tool's verifier with the call's idempotency key and its bound values ({@code values[i]}
 * is parameter {@code i}), its result encoded as the tool's: generated, one per verified tool.
 */
@FunctionalInterface
public interface Verifier {

    /**
     * Asks the verifier whether the call took effect.
     *
     * @param values the bound values, one per parameter
     * @param idempotencyKey the call's idempotency key
     * @return the verifier's answer, its result encoded as JSON
     * @throws Exception whatever the verifier throws, unchanged
     */
    Verification<JsonNode> verify(Object[] values, String idempotencyKey) throws Exception;
}
