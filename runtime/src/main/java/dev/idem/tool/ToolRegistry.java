package dev.idem.tool;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.ServiceLoader;

/**
 * The tools an executor or agent may call, by name. Immutable. Tool names are unique across all
 * sets: a duplicate is an error naming both sets.
 *
 * <pre>{@code
 * ToolRegistry tools = ToolRegistry.builder()
 *         .add(Bank_ToolSet.of(bank))      // explicit
 *         .discover(new Weather())          // found through ServiceLoader
 *         .build();
 * }</pre>
 */
public final class ToolRegistry {

    /** One tool: its descriptor and the set that binds it. */
    public record Entry(ToolDescriptor descriptor, ToolSet toolSet) {}

    private final Map<String, Entry> entries;

    private ToolRegistry(Map<String, Entry> entries) {
        this.entries = Collections.unmodifiableMap(entries);
    }

    /**
     * A registry of the given sets.
     *
     * @param sets the tool sets, in order
     * @return a registry of their tools, in order
     */
    public static ToolRegistry of(ToolSet... sets) {
        Builder builder = builder();
        for (ToolSet set : sets) {
            builder.add(set);
        }
        return builder.build();
    }

    /**
     * A registry of this one's tools followed by those of {@code sets}; this one is unchanged.
     * Tool names stay unique: a duplicate is an error naming both sets.
     *
     * <pre>{@code
     * ToolRegistry all = shared.plus(Bank_ToolSet.of(bank), Weather_ToolSet.of(weather));
     * }</pre>
     *
     * @param sets the tool sets to add, in order
     * @return a new registry
     */
    public ToolRegistry plus(ToolSet... sets) {
        Builder builder = builder();
        builder.entries.putAll(entries);
        for (ToolSet set : sets) {
            builder.add(set);
        }
        return builder.build();
    }

    /**
     * An empty builder.
     *
     * @return an empty builder
     */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * The tool of that name, or {@code null}.
     *
     * @param name the tool's name
     * @return its entry, or {@code null}
     */
    public Entry find(String name) {
        return entries.get(name);
    }

    /**
     * All tool names, in registration order.
     *
     * @return all tool names, in registration order
     */
    public List<String> names() {
        return List.copyOf(entries.keySet());
    }

    /**
     * All descriptors, in registration order.
     *
     * @return all descriptors, in registration order
     */
    public List<ToolDescriptor> descriptors() {
        List<ToolDescriptor> result = new ArrayList<>(entries.size());
        for (Entry entry : entries.values()) {
            result.add(entry.descriptor());
        }
        return result;
    }

    /**
     * The same tools and sets with these descriptors instead (matched by name, each one present):
     * the policies configuration gave them.
     */
    ToolRegistry withDescriptors(List<ToolDescriptor> descriptors) {
        Map<String, ToolDescriptor> byName = new LinkedHashMap<>();
        for (ToolDescriptor descriptor : descriptors) {
            byName.put(descriptor.name(), descriptor);
        }
        if (!byName.keySet().equals(entries.keySet())) {
            throw new IllegalArgumentException("one descriptor per tool expected: " + byName.keySet() + " for "
                    + entries.keySet());
        }
        Map<String, Entry> replaced = new LinkedHashMap<>();
        entries.forEach((name, entry) -> replaced.put(name, new Entry(byName.get(name), entry.toolSet())));
        return new ToolRegistry(replaced);
    }

    /**
     * Number of tools.
     *
     * @return the number of tools
     */
    public int size() {
        return entries.size();
    }

    /** Collects tool sets; {@link #build()} checks names are unique. */
    public static final class Builder {
        private final Map<String, Entry> entries = new LinkedHashMap<>();
        private List<ToolSetFactory> factories;

        private Builder() {}

        /**
         * Adds every tool of {@code set}.
         *
         * @param set a tool set
         * @return this builder
         */
        public Builder add(ToolSet set) {
            Objects.requireNonNull(set, "tool set");
            for (ToolDescriptor descriptor : set.descriptors()) {
                Entry previous = entries.get(descriptor.name());
                if (previous != null) {
                    throw new IllegalArgumentException("duplicate tool name '" + descriptor.name() + "' in "
                            + previous.toolSet().getClass().getName() + " and " + set.getClass().getName());
                }
                entries.put(descriptor.name(), new Entry(descriptor, set));
            }
            return this;
        }

        /**
         * Adds the generated tool set of each instance's class, found through
         * {@link ServiceLoader} ({@link ToolSetFactory}).
         *
         * @param instances objects of annotated classes
         * @return this builder
         * @throws IllegalArgumentException when no generated set exists for an instance's class
         */
        public Builder discover(Object... instances) {
            for (Object instance : instances) {
                add(factoryFor(instance.getClass()).create(instance));
            }
            return this;
        }

        /**
         * Adds the generated tool set of a class whose tools are all static.
         *
         * @param toolClass the annotated class
         * @return this builder
         */
        public Builder discoverStatic(Class<?> toolClass) {
            return add(factoryFor(toolClass).create(null));
        }

        private ToolSetFactory factoryFor(Class<?> type) {
            if (factories == null) {
                factories = new ArrayList<>();
                ServiceLoader.load(ToolSetFactory.class, type.getClassLoader()).forEach(factories::add);
            }
            for (ToolSetFactory factory : factories) {
                if (factory.toolClass() == type) {
                    return factory;
                }
            }
            throw new IllegalArgumentException("no generated tool set for " + type.getName()
                    + ": does it have @Tool methods, and did the Idem processor run on it?");
        }

        /**
         * Builds the registry.
         *
         * @return a registry of the tools added, in order
         */
        public ToolRegistry build() {
            return new ToolRegistry(new LinkedHashMap<>(entries));
        }
    }
}
