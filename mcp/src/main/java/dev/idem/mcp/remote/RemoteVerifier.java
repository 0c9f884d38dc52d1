package dev.idem.mcp.remote;

import dev.idem.tool.Verification;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * A read-only remote tool the policy names as another tool's verifier: asked, where a call's
 * outcome would otherwise be unknown, whether that call took effect. It gets the call's arguments
 * its own input schema declares and the call's idempotency key ({@code _meta}, and its key
 * argument if its rule names one); only an explicit answer counts: {@code {"applied": true,
 * "result": ...}} is APPLIED with that result, {@code {"applied": false}} NOT_APPLIED (the call then
 * runs as if it never started), anything else UNKNOWN. A guess would repeat a payment.
 */
final class RemoteVerifier {

    /** How long a verifier may take when its rule sets no timeout. */
    private static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(30);

    private final RemoteTool tool;

    private RemoteVerifier(RemoteTool tool) {
        this.tool = tool;
    }

    /** The verifier {@code named} for {@code verified}, or the problem that it is not one. */
    static Optional<RemoteVerifier> of(String server, String verified, RemoteTool found, String named,
            Collection<String> listed, List<String> problems) {
        String where = "server '" + server + "', tool '" + verified + "': the verifier '" + named + "'";
        if (found == null) {
            List<String> close = RemotePolicyFiles.closeTo(named, new ArrayList<>(listed));
            problems.add(where + " is not a tool of the server"
                    + (close.isEmpty() ? "" : "; did you mean '" + String.join("' or '", close) + "'?"));
            return Optional.empty();
        }
        if (!found.descriptor().readOnly()) {
            problems.add(where + " is not read-only: a verifier is asked again and again, so the policy must say"
                    + " idem.remote." + server + ".tool." + named + ".read-only=true (or trust its readOnlyHint)");
            return Optional.empty();
        }
        if (named.equals(verified)) {
            problems.add(where + " is the tool itself");
            return Optional.empty();
        }
        return Optional.of(new RemoteVerifier(found));
    }

    Verification<JsonNode> verify(RemoteConnection connection, ObjectNode callArguments, String idempotencyKey) {
        ObjectNode arguments = RemoteJson.MAPPER.createObjectNode();
        JsonNode declared = tool.validator().schema().path("properties");
        callArguments.properties().forEach(entry -> {
            if (declared.has(entry.getKey())) {
                arguments.set(entry.getKey(), entry.getValue());
            }
        });
        if (tool.keyArgument() != null) {
            arguments.put(tool.keyArgument(), idempotencyKey);
        }
        List<String> problems = tool.validator().problems(arguments);
        if (!problems.isEmpty()) {
            return Verification.unknown("the verifier '" + tool.remoteName() + "' cannot be asked with this call's"
                    + " arguments: " + String.join("; ", problems));
        }
        long timeoutMs = tool.descriptor().timeoutMs();
        JsonNode answer = connection.call(tool.remoteName(), RemoteJson.map(arguments),
                Map.of(McpRemoteTools.IDEMPOTENCY_KEY_META_KEY, idempotencyKey),
                timeoutMs > 0 ? Duration.ofMillis(timeoutMs) : DEFAULT_TIMEOUT);
        return verdict(tool.remoteName(), answer);
    }

    /** What a verifier's {@code tools/call} result says. */
    static Verification<JsonNode> verdict(String verifier, JsonNode result) {
        if (result.path("isError").asBoolean(false)) {
            return Verification.unknown("the verifier '" + verifier + "' answered an error");
        }
        JsonNode answer = RemoteToolCall.value(result);
        if (answer.isString()) {
            try {
                answer = RemoteJson.MAPPER.readTree(answer.asString());
            } catch (JacksonException notJson) {
                answer = null;
            }
        }
        JsonNode applied = answer == null ? null : answer.path("applied");
        if (applied != null && applied.isBoolean()) {
            return applied.asBoolean() ? Verification.applied(answer.path("result").isMissingNode()
                    ? RemoteJson.MAPPER.nullNode() : answer.get("result")) : Verification.notApplied();
        }
        return Verification.unknown("the verifier '" + verifier + "' answered neither {\"applied\": true, ...}"
                + " nor {\"applied\": false}");
    }
}
