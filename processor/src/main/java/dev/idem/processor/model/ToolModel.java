package dev.idem.processor.model;

import java.util.List;
import javax.lang.model.element.ExecutableElement;

/**
 * One {@code @Tool} method.
 *
 * @param name        the tool name
 * @param methodName  the Java method name
 * @param description for the model
 * @param isStatic    whether the method is static
 * @param parameters  schema parameters, in source order (the context excluded)
 * @param callOrder   the Java argument list in order: a parameter's Java name, null for the context, or
 *                    {@link #CONNECTION} for the transaction's connection
 * @param result      the result type; null for void
 * @param async       whether it returns a CompletionStage
 * @param restartSafe as declared
 * @param idempotent  as declared
 * @param readOnly    as declared
 * @param retry       the tool's own policy, or null to inherit
 * @param timeoutMs   -1 inherit, 0 none
 * @param title       as declared; empty for none
 * @param destructive as declared
 * @param openWorld   as declared
 * @param approval    the approval requirement as declared, or null when the tool needs none
 * @param method      the annotated method: diagnostics about the tool land here, never on a namesake
 * @param verifier    the method {@code @Tool(verifier)} names, or null for none
 */
public record ToolModel(
        String name,
        String methodName,
        String description,
        boolean isStatic,
        List<PropertyModel> parameters,
        List<String> callOrder,
        TypeModel result,
        boolean async,
        boolean restartSafe,
        boolean idempotent,
        boolean readOnly,
        RetryModel retry,
        long timeoutMs,
        String title,
        boolean destructive,
        boolean openWorld,
        ExecutableElement method,
        VerifierModel verifier,
        Approval approval) {

    /** In {@link #callOrder()}: the transaction's connection (no Java name can contain {@code <}). */
    public static final String CONNECTION = "<connection>";

    /**
     * Whether the tool takes the transaction's connection: claim, body and outcome commit together.
     *
     * @return whether it is transactional
     */
    public boolean transactional() {
        return callOrder.contains(CONNECTION);
    }

    /**
     * {@code @Tool(requiresApproval = true, approvalWhen = ..., approvers = ...)}.
     *
     * @param condition the condition class, or null for every call
     * @param approvers who may decide, as declared
     */
    public record Approval(com.palantir.javapoet.ClassName condition, List<String> approvers) {}
}
