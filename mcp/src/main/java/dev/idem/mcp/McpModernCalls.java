package dev.idem.mcp;

import dev.idem.ErrorType;
import dev.idem.tool.FrameworkCalls;
import dev.idem.tool.ToolDescriptor;
import dev.idem.tool.ToolResult;
import dev.idem.tool.exchange.ToolExchange;
import io.modelcontextprotocol.modern.McpSchema;
import io.modelcontextprotocol.modern.server.McpAsyncResponse;
import io.modelcontextprotocol.modern.server.McpRequestContext;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;
import tools.jackson.databind.node.ObjectNode;

/**
 * Answers {@code tools/call} from 2026-07-28 clients, where there is no session to be the intent.
 * The intent is, in this order: the client's {@code dev.idem/intentId} (the rules of every
 * revision); else an intent handle this server minted, sent back in the sealed request state, in
 * {@code _meta} {@value #HANDLE_META_KEY} or by the model as the argument {@value #HANDLE_ARGUMENT};
 * else, for a tool that is not read-only, a handle minted now and handed to the client in a
 * state-only input round before anything runs, so that a response lost later is re-issued under
 * it. A read-only call without either is an intent of its own. A handle nobody minted is refused;
 * one minted for another call is a conflict ({@link ErrorType#KEY_CONFLICT}); nothing runs then.
 * A call that needs a person's approval asks in an input round ({@link McpApprovals#executeByRounds}).
 */
final class McpModernCalls {

    /** The {@code _meta} key a handle travels under, in results and, from clients, in requests. */
    static final String HANDLE_META_KEY = McpToolServer.META_PREFIX + "intentHandle";

    /** The argument the model sends the handle back in; Idem adds it to every side-effecting tool's schema. */
    static final String HANDLE_ARGUMENT = "idem_intent_handle";

    /** The sentence written into every side-effecting tool's description on 2026-07-28. */
    static final String HANDLE_SENTENCE = "A result of this tool may name an intent handle. If such a result reports a"
            + " failure or a timeout and you call this tool again for the same purpose, send the same arguments and"
            + " that handle as " + HANDLE_ARGUMENT + ", so it takes effect at most once. Never invent a handle; for"
            + " a new, separate call send none.";

    private final FrameworkCalls calls;
    private final McpApprovals approvals;
    private final McpApprovalRounds rounds;
    private final IntentHandles handles;
    private final Set<String> sideEffecting;

    McpModernCalls(FrameworkCalls calls, McpApprovals approvals, IntentHandles handles) {
        this.calls = calls;
        this.approvals = approvals;
        this.rounds = new McpApprovalRounds(approvals);
        this.handles = handles;
        this.sideEffecting = new java.util.HashSet<>();
        for (ToolDescriptor tool : calls.executor().registry().descriptors()) {
            if (!tool.readOnly()) {
                sideEffecting.add(tool.name());
            }
        }
    }

    /** Whether calls of {@code tool} get an intent handle (and the sentence and argument that go with it). */
    boolean sideEffecting(String tool) {
        return sideEffecting.contains(tool);
    }

    Mono<McpAsyncResponse<McpSchema.CallToolOutcome>> handle(McpRequestContext ctx, McpSchema.CallToolRequest request) {
        String callId = "mcp-" + UUID.randomUUID();
        String tool = request.name();
        Map<String, Object> arguments = request.arguments() == null ? new LinkedHashMap<>()
                : new LinkedHashMap<>(request.arguments());
        Object argumentHandle = arguments.remove(HANDLE_ARGUMENT);
        String argumentsText;
        try {
            argumentsText = request.arguments() == null ? "" : McpJson.MAPPER.writeValueAsString(arguments);
        } catch (IOException e) {
            return result(toModern(calls.failure(callId, tool, e), null, null));
        }
        RoundState state = RoundState.read(request.requestState());
        Map<String, Object> meta = request.meta() == null ? Map.of() : request.meta();
        FrameworkCalls.Intent intent;
        String handle = null;
        if (meta.containsKey(McpToolServer.INTENT_ID_META_KEY)) {
            intent = calls.intent(meta, null);
        } else {
            Object given = state.handle() != null ? state.handle()
                    : meta.get(HANDLE_META_KEY) != null ? meta.get(HANDLE_META_KEY) : argumentHandle;
            if (given != null) {
                String text = given instanceof String s ? s : null;
                switch (handles.check(text, tool, argumentsText)) {
                    case NOT_MINTED -> {
                        return result(toModern(ToolResult.error(callId, tool, ErrorType.REJECTED, "the intent handle sent"
                                + " was not given by this server for any call; never invent one. To make a new call,"
                                + " send it without a handle; the tool was NOT executed", 0, null), null, null));
                    }
                    case OTHER_CALL -> {
                        return result(toModern(ToolResult.error(callId, tool, ErrorType.KEY_CONFLICT, "the intent handle"
                                + " sent was given for another call (another tool or other arguments), so this is not"
                                + " a retry of it; the tool was NOT executed. To retry that call, send its arguments"
                                + " unchanged with the handle; to make this new call, send it without the handle",
                                0, null), null, null, conflictMeta()));
                    }
                    case THIS_CALL -> {
                        handle = text;
                        intent = calls.intent(Map.of(McpToolServer.INTENT_ID_META_KEY, handle), null);
                    }
                    default -> throw new IllegalStateException("unknown check");
                }
            } else if (sideEffecting(tool)) {
                String minted = handles.mint(tool, argumentsText);
                return Mono.just(McpAsyncResponse.result(McpSchema.InputRequiredResult.builder()
                        .requestState(RoundState.handleOnly(minted).write())
                        .meta(Map.of(HANDLE_META_KEY, minted))
                        .build()));
            } else {
                intent = calls.intent(null, null);
            }
        }
        String intentHandle = handle;
        String text = argumentsText;
        if (approvals.mayNeedApproval(tool)) {
            // journal I/O: never on the transport's threads
            return Mono.fromCallable(() -> rounds.execute(intent, callId, tool, text, intentHandle, ctx, request, state))
                    .subscribeOn(Schedulers.boundedElastic())
                    .map(outcome -> outcome.round() != null ? (McpSchema.CallToolOutcome) outcome.round()
                            : toModern(outcome.result(), intent.id(), intentHandle))
                        .onErrorResume(error -> Mono.just(toModern(calls.failure(callId, tool, error), intent.id(), intentHandle)))
                    .map(McpAsyncResponse::result);
        }
        return Mono.defer(() -> Mono.fromCompletionStage(
                        calls.executeAsync(intent, callId, tool, text, ToolExchange.none())))
                .map(done -> toModern(done, intent.id(), intentHandle))
                .onErrorResume(error -> Mono.just(toModern(calls.failure(callId, tool, error), intent.id(), intentHandle)))
                .map(McpAsyncResponse::result);
    }

    private static Mono<McpAsyncResponse<McpSchema.CallToolOutcome>> result(McpSchema.CallToolOutcome outcome) {
        return Mono.just(McpAsyncResponse.result(outcome));
    }

    private static Map<String, Object> conflictMeta() {
        return Map.of(McpToolServer.META_PREFIX + "conflict", true);
    }

    /**
     * The same result a 2025-11-25 client gets (content, structured content, {@code _meta}), plus,
     * under a handle, the handle in {@code _meta} and a sentence for the model naming it.
     */
    static McpSchema.CallToolResult toModern(ToolResult result, String intentId, String handle) {
        return toModern(result, intentId, handle, null);
    }

    static McpSchema.CallToolResult toModern(ToolResult result, String intentId, String handle,
            Map<String, Object> extraMeta) {
        io.modelcontextprotocol.spec.McpSchema.CallToolResult legacy = McpToolCalls.toMcp(result, intentId);
        ObjectNode json = McpJson.MAPPER.convertValue(legacy, ObjectNode.class);
        ObjectNode meta = json.has("_meta") ? (ObjectNode) json.get("_meta") : json.putObject("_meta");
        if (extraMeta != null) {
            extraMeta.forEach((key, value) -> meta.putPOJO(key, value));
        }
        if (handle != null) {
            meta.put(HANDLE_META_KEY, handle);
            ObjectNode line = McpJson.MAPPER.convertValue(Map.of("type", "text", "text", "Intent handle of this call: "
                    + handle + ". If you call this tool again for the same purpose after a failure or a timeout, send"
                    + " the same arguments and this handle as " + HANDLE_ARGUMENT + "; never invent one."), ObjectNode.class);
            json.withArray("content").add(line);
        }
        return McpJson.MAPPER.convertValue(json, McpSchema.CallToolResult.class);
    }
}
