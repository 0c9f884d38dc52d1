package dev.idem.tool;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The policies an executor runs under, per tool and for itself, with where every value came
 * from; {@link #toString()} prints them as a table.
 *
 * <pre>{@code
 * System.out.println(executor.effectivePolicies());
 * }</pre>
 */
public final class EffectivePolicies {

    private final ExecutorPolicy executor;
    private final Map<String, EffectivePolicy> tools;

    /**
     * @param executor the executor's own policy
     * @param tools    one per tool, in registration order
     */
    public EffectivePolicies(ExecutorPolicy executor, List<EffectivePolicy> tools) {
        this.executor = Objects.requireNonNull(executor, "executor");
        Map<String, EffectivePolicy> byName = new LinkedHashMap<>();
        for (EffectivePolicy tool : tools) {
            if (byName.put(tool.toolName(), tool) != null) {
                throw new IllegalArgumentException("two policies for tool '" + tool.toolName() + "'");
            }
        }
        this.tools = Collections.unmodifiableMap(byName);
    }

    /**
     * The policies as compiled: each tool's flags, {@code @Retry} and timeout, else the executor's.
     *
     * @param registry the tools, with their compiled descriptors
     * @param executor the executor's own policy, inherited by tools without their own
     * @return the policies of every tool and of the executor
     */
    public static EffectivePolicies compiled(ToolRegistry registry, ExecutorPolicy executor) {
        List<EffectivePolicy> tools = new ArrayList<>(registry.size());
        for (String name : registry.names()) {
            ToolRegistry.Entry entry = registry.find(name);
            ToolDescriptor descriptor = entry.descriptor();
            Map<PolicySetting, String> origins = new EnumMap<>(PolicySetting.class);
            for (PolicySetting setting : PolicySetting.values()) {
                if (!setting.forTools()) {
                    continue;
                }
                boolean inherited = setting == PolicySetting.TIMEOUT_MS
                        ? descriptor.timeoutMs() == ToolDescriptor.INHERIT_TIMEOUT
                        : setting.isRetryField() && descriptor.retryPolicy() == null;
                origins.put(setting, inherited ? "executor: " + executor.origins().get(setting)
                        : setting.isRetryField() ? "@Retry" : "@Tool");
            }
            tools.add(new EffectivePolicy(name, setName(entry.toolSet()), descriptor,
                    descriptor.ownRetryPolicy().orElse(executor.retryPolicy()),
                    descriptor.timeoutMs() == ToolDescriptor.INHERIT_TIMEOUT ? executor.timeoutMs() : descriptor.timeoutMs(),
                    origins));
        }
        return new EffectivePolicies(executor, tools);
    }

    /**
     * The executor's own policy.
     *
     * @return the executor's own policy
     */
    public ExecutorPolicy executor() {
        return executor;
    }

    /**
     * One per tool, in registration order.
     *
     * @return one policy per tool, in registration order
     */
    public List<EffectivePolicy> tools() {
        return List.copyOf(tools.values());
    }

    /**
     * The named tool's policy.
     *
     * @param name the tool's name
     * @return the tool's policy
     * @throws IllegalArgumentException when there is no such tool
     */
    public EffectivePolicy tool(String name) {
        EffectivePolicy tool = tools.get(name);
        if (tool == null) {
            throw new IllegalArgumentException("no tool named '" + name + "'; tools: " + tools.keySet());
        }
        return tool;
    }

    /**
     * The descriptors the executor uses, in registration order.
     *
     * @return the descriptors the executor uses, in registration order
     */
    public List<ToolDescriptor> descriptors() {
        List<ToolDescriptor> descriptors = new ArrayList<>(tools.size());
        for (EffectivePolicy tool : tools.values()) {
            descriptors.add(tool.descriptor());
        }
        return descriptors;
    }

    /** A set's name: the annotated class's flat name for generated sets ({@code PixBank}), else the class's. */
    static String setName(ToolSet set) {
        String simple = set.getClass().getSimpleName();
        return simple.endsWith("_ToolSet") ? simple.substring(0, simple.length() - "_ToolSet".length()) : simple;
    }

    /** Every tool's settings and the executor's, one line each with its value and where it came from. */
    @Override
    public String toString() {
        List<String[]> rows = new ArrayList<>();
        for (EffectivePolicy tool : tools.values()) {
            rows.add(new String[] {"tool " + tool.toolName() + (tool.toolSet().isEmpty() ? "" : " (" + tool.toolSet() + ")")});
            for (PolicySetting setting : PolicySetting.values()) {
                if (setting.forTools()) {
                    rows.add(new String[] {"  " + setting.key(), tool.value(setting), tool.origins().get(setting)});
                }
            }
        }
        rows.add(new String[] {"executor (tools without their own @Retry or timeout)"});
        for (PolicySetting setting : PolicySetting.values()) {
            if (setting.forExecutor()) {
                rows.add(new String[] {"  " + setting.key(), executor.value(setting), executor.origins().get(setting)});
            }
        }
        int keyWidth = 0;
        int valueWidth = 0;
        for (String[] row : rows) {
            if (row.length == 3) {
                keyWidth = Math.max(keyWidth, row[0].length());
                valueWidth = Math.max(valueWidth, row[1].length());
            }
        }
        StringBuilder text = new StringBuilder();
        for (String[] row : rows) {
            if (row.length == 1) {
                text.append(row[0]).append('\n');
            } else {
                text.append(pad(row[0], keyWidth + 2)).append(pad(row[1], valueWidth + 2)).append(row[2]).append('\n');
            }
        }
        return text.toString();
    }

    private static String pad(String text, int width) {
        return text.length() >= width ? text : text + " ".repeat(width - text.length());
    }
}
