package dev.idem.processor.writing;

import dev.idem.processor.model.RetryModel;
import dev.idem.processor.model.ToolClassModel;
import dev.idem.processor.model.ToolModel;
import dev.idem.processor.schema.JsonText;
import dev.idem.processor.schema.ToolSchemas;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes {@code META-INF/idem/tools/<binary class name>.json}: the class's tool contract as
 * data, reviewable in a diff. Policies are the annotation-level ones; {@code "inherit"} means the
 * executor's policy applies.
 */
public final class DescriptorResourceWriter {

    private DescriptorResourceWriter() {}

    /**
     * The resource path for a class.
     *
     * @param model the tool class
     * @return the path of its descriptor resource
     */
    public static String path(ToolClassModel model) {
        return "META-INF/idem/tools/" + model.binaryName() + ".json";
    }

    /**
     * @param schemas per tool name: its schemas
     * @param model the tool class
     * @return the resource's text
     */
    public static String content(ToolClassModel model, Map<String, ToolSchemas> schemas) {
        List<Object> tools = new ArrayList<>();
        for (ToolModel tool : model.tools()) {
            Map<String, Object> entry = new LinkedHashMap<>();
            entry.put("name", tool.name());
            entry.put("description", tool.description());
            entry.put("method", tool.methodName());
            entry.put("restartSafe", tool.restartSafe() || tool.readOnly());
            entry.put("idempotent", tool.idempotent() || tool.readOnly());
            entry.put("readOnly", tool.readOnly());
            entry.put("retryPolicy", retry(tool.retry()));
            entry.put("timeoutMs", tool.timeoutMs() == -1 ? "inherit" : (Object) tool.timeoutMs());
            entry.put("async", tool.async());
            // Client-facing hints, only when they differ from the defaults (no title, destructive, open world).
            if (!tool.title().isEmpty()) {
                entry.put("title", tool.title());
            }
            if (!tool.destructive() && !tool.readOnly()) {
                entry.put("destructive", false);
            }
            if (!tool.openWorld()) {
                entry.put("openWorld", false);
            }
            if (tool.transactional()) {
                entry.put("transactional", true);
            }
            if (tool.approval() != null) {
                entry.put("requiresApproval", true);
                if (tool.approval().condition() != null) {
                    entry.put("approvalWhen", tool.approval().condition().canonicalName());
                }
                if (!tool.approval().approvers().isEmpty()) {
                    entry.put("approvers", tool.approval().approvers());
                }
            }
            entry.put("inputSchema", schemas.get(tool.name()).standard());
            entry.put("strictSchema", schemas.get(tool.name()).strict());
            tools.add(entry);
        }
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("class", model.binaryName());
        root.put("toolSet", model.toolSet().canonicalName());
        root.put("tools", tools);
        return JsonText.pretty(root);
    }

    private static Object retry(RetryModel retry) {
        if (retry == null) {
            return "inherit";
        }
        Map<String, Object> policy = new LinkedHashMap<>();
        policy.put("maxAttempts", retry.maxAttempts());
        policy.put("initialDelayMs", retry.initialDelayMs());
        policy.put("backoffFactor", retry.backoffFactor());
        policy.put("maxDelayMs", retry.maxDelayMs());
        policy.put("jitter", retry.jitter());
        policy.put("jitterFactor", retry.jitterFactor());
        policy.put("retryOn", new ArrayList<Object>(retry.retryOn()));
        return policy;
    }
}
