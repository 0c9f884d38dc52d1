package dev.idem.processor.schema;

import dev.idem.processor.model.NamedType;
import dev.idem.processor.model.PropertyModel;
import dev.idem.processor.model.ToolModel;
import dev.idem.processor.model.TypeModel;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What OpenAI's strict schema dialect (structured outputs) cannot express: free-form objects. A
 * tool with a {@code Map} or a {@code JsonNode} anywhere in its arguments has no strict schema.
 * The one place that rule lives: the schema stage leaves the strict schema out, validation
 * turns it into an error under {@code -Aidem.strict=openai}.
 */
public final class StrictDialect {
    private final Map<String, NamedType> namedTypes;
    private final Set<String> visited = new HashSet<>();

    private StrictDialect(Map<String, NamedType> namedTypes) {
        this.namedTypes = namedTypes;
    }

    /**
     * Why the tool has no strict schema (the first problem in schema order), or null when it has one.
     *
     * @param tool       the tool
     * @param namedTypes the named types its parameters reach, by key
     * @return the first problem, or null
     */
    public static String incompatibility(ToolModel tool, Map<String, NamedType> namedTypes) {
        return new StrictDialect(namedTypes).properties(tool.parameters());
    }

    private String properties(List<PropertyModel> properties) {
        for (PropertyModel property : properties) {
            String problem = type(property.type());
            if (problem != null) {
                return problem;
            }
        }
        return null;
    }

    private String type(TypeModel type) {
        if (type instanceof TypeModel.MapType) {
            return "a Map is a free-form object";
        }
        if (type instanceof TypeModel.Json) {
            return "a JsonNode is a free-form value";
        }
        if (type instanceof TypeModel.OptionalType optional) {
            return type(optional.element());
        }
        if (type instanceof TypeModel.Sequence sequence) {
            return type(sequence.element());
        }
        if (type instanceof TypeModel.Named named && visited.add(named.key())) {
            return properties(namedTypes.get(named.key()).properties());
        }
        return null;
    }
}
