package dev.idem.processor.model;

import com.palantir.javapoet.ClassName;
import java.util.List;
import java.util.Map;

/**
 * A class with {@code @Tool} methods, ready to be written.
 *
 * @param toolClass  the annotated class
 * @param binaryName its binary name, e.g. {@code com.acme.Outer$Inner}
 * @param toolSet    the generated class, e.g. {@code com.acme.Outer_Inner_ToolSet}
 * @param tools      in source order
 * @param inputTypes  named types reachable from parameters, by key, in first-use order
 * @param outputTypes named types reachable from results, by key, in first-use order
 */
public record ToolClassModel(
        ClassName toolClass, String binaryName, ClassName toolSet, List<ToolModel> tools, Map<String, NamedType> inputTypes,
        Map<String, NamedType> outputTypes) {

    /**
     * Whether every tool is static.
     *
     * @return whether every tool is static
     */
    public boolean allStatic() {
        return tools.stream().allMatch(ToolModel::isStatic);
    }
}
