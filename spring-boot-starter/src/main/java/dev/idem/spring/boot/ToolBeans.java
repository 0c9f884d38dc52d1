package dev.idem.spring.boot;

import dev.idem.tool.ToolRegistry;
import dev.idem.tool.ToolSetFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;
import org.springframework.beans.factory.ListableBeanFactory;

/**
 * The application's tool beans as a {@link ToolRegistry}: every bean whose class (or a superclass,
 * for a proxy) the Idem processor generated a tool set for, bound through that set's
 * {@link ToolSetFactory}, which the processor registers with {@link ServiceLoader}. No reflection:
 * the factory is generated code that calls the tool methods directly.
 */
final class ToolBeans {

    private ToolBeans() {}

    /** The tool sets of every singleton bean of an annotated class, factory by factory, beans by name. */
    static ToolRegistry registry(ListableBeanFactory beans, ClassLoader loader) {
        ToolRegistry.Builder registry = ToolRegistry.builder();
        for (ToolSetFactory factory : factories(loader)) {
            for (String name : beans.getBeanNamesForType(factory.toolClass(), false, true)) {
                registry.add(factory.create(beans.getBean(name)));
            }
        }
        return registry.build();
    }

    private static List<ToolSetFactory> factories(ClassLoader loader) {
        List<ToolSetFactory> factories = new ArrayList<>();
        ServiceLoader.load(ToolSetFactory.class, loader).forEach(factories::add);
        // a deterministic order whatever the order of jars on the class path
        factories.sort((a, b) -> a.toolClass().getName().compareTo(b.toolClass().getName()));
        return factories;
    }
}
