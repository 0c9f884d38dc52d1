package dev.idem.processor.model;

import com.palantir.javapoet.TypeName;
import dev.idem.processor.base.Direction;
import dev.idem.processor.base.DocComment;
import dev.idem.processor.base.JavaTypes;
import dev.idem.processor.base.PropertyElement;
import dev.idem.processor.base.TypeShape;
import dev.idem.processor.base.TypeShapes;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.TypeMirror;

/**
 * Turns the (validated) Java types of one tool class into {@link TypeModel}s. Named types
 * (records and canonical-constructor classes) are collected once per direction, recursion
 * included, under a {@code $defs} key: the simple name, qualified when two types share it.
 */
final class TypeModelBuilder {
    private final JavaTypes javaTypes;
    private final TypeShapes shapes;
    private final Map<String, NamedType> inputTypes = new LinkedHashMap<>();
    private final Map<String, NamedType> outputTypes = new LinkedHashMap<>();
    private final Map<String, String> keyByQualifiedName = new HashMap<>();
    private final Map<String, String> qualifiedNameByKey = new HashMap<>();

    TypeModelBuilder(JavaTypes javaTypes, TypeShapes shapes) {
        this.javaTypes = javaTypes;
        this.shapes = shapes;
    }

    /** Named types reachable from parameters, by key, in first-use order. */
    Map<String, NamedType> inputTypes() {
        return inputTypes;
    }

    /** Named types reachable from results, by key, in first-use order. */
    Map<String, NamedType> outputTypes() {
        return outputTypes;
    }

    /**
     * The property for a tool parameter or a component.
     *
     * @param docText its Javadoc {@code @param} text, or empty
     */
    PropertyModel property(PropertyElement property, String docText, Direction direction) {
        Presence presence;
        if (property.optionalWrapper()) {
            presence = Presence.OPTIONAL;
        } else if (property.nullable() || property.requiredFalse()) {
            presence = property.type().getKind().isPrimitive() ? Presence.ZERO_DEFAULT : Presence.NULLABLE;
        } else {
            presence = Presence.REQUIRED;
        }
        TypeModel value = type(property.valueType(), direction);
        TypeModel type = property.optionalWrapper() ? new TypeModel.OptionalType(TypeName.get(property.type()), value) : value;
        Constraints constraints = direction == Direction.INPUT ? ConstraintReader.read(property, value) : Constraints.NONE;
        return new PropertyModel(property.javaName(), property.jsonName(), property.description(docText), type, presence,
                constraints, null, property.element());
    }

    /** The model of a type that validation accepted. */
    TypeModel type(TypeMirror mirror, Direction direction) {
        TypeShape shape = shapes.classify(mirror, direction);
        TypeName javaType = TypeName.get(shape.type());
        if (shape instanceof TypeShape.Scalar scalar) {
            return new TypeModel.Scalar(javaType, scalar.kind());
        }
        if (shape instanceof TypeShape.Sequence sequence) {
            return new TypeModel.Sequence(javaType, sequence.kind(), type(sequence.element(), direction));
        }
        if (shape instanceof TypeShape.MapOf map) {
            return new TypeModel.MapType(javaType, type(map.value(), direction));
        }
        if (shape instanceof TypeShape.Json) {
            return new TypeModel.Json(javaType);
        }
        if (shape instanceof TypeShape.OptionalOf optional) {
            return new TypeModel.OptionalType(javaType, type(optional.element(), direction));
        }
        if (shape instanceof TypeShape.EnumOf enumeration) {
            return new TypeModel.EnumType(javaType, enumeration.constants());
        }
        if (shape instanceof TypeShape.Named named) {
            return named(named, direction);
        }
        if (shape instanceof TypeShape.Unsupported unsupported && direction == Direction.OUTPUT) {
            return new TypeModel.Text(TypeName.get(javaTypes.types().erasure(unsupported.type())));
        }
        throw new IllegalStateException("validation let an unsupported type through: " + shape);
    }

    private TypeModel named(TypeShape.Named shape, Direction direction) {
        TypeElement element = shape.element();
        String key = keyFor(element);
        Map<String, NamedType> registry = direction == Direction.INPUT ? inputTypes : outputTypes;
        TypeModel.Named ref = new TypeModel.Named(TypeName.get(element.asType()), key);
        if (registry.containsKey(key)) {
            return ref;
        }
        // Registered before its components so recursive types end at a $ref.
        registry.put(key, new NamedType(key, ref.javaType(), "", List.of()));
        DocComment doc = DocComment.parse(javaTypes.elements().getDocComment(element));
        List<PropertyModel> properties = new ArrayList<>();
        for (TypeShape.Component component : shape.components()) {
            String javaName = component.parameter().getSimpleName().toString();
            PropertyElement property = PropertyElement.of(component.annotated(), component.parameter().asType(), javaName,
                    javaTypes.elements());
            PropertyModel model = property(property, doc.params().getOrDefault(javaName, ""), direction);
            properties.add(new PropertyModel(model.javaName(), model.jsonName(), model.description(), model.type(),
                    model.presence(), model.constraints(), TypeShapes.accessor(element, javaName), model.element()));
        }
        registry.put(key, new NamedType(key, ref.javaType(), doc.summary(), List.copyOf(properties)));
        return ref;
    }

    private String keyFor(TypeElement element) {
        String qualified = element.getQualifiedName().toString();
        String key = keyByQualifiedName.get(qualified);
        if (key == null) {
            key = element.getSimpleName().toString();
            if (qualifiedNameByKey.containsKey(key)) {
                key = qualified.replace('.', '_');
            }
            // a type may be named like another's qualified fallback (record test_A_Item, class test.A.Item)
            String wanted = key;
            for (int i = 2; qualifiedNameByKey.containsKey(key); i++) {
                key = wanted + "_" + i;
            }
            keyByQualifiedName.put(qualified, key);
            qualifiedNameByKey.put(key, qualified);
        }
        return key;
    }
}
