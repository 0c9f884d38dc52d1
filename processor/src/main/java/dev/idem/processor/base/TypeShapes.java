package dev.idem.processor.base;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.ArrayType;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.PrimitiveType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.type.WildcardType;
import javax.lang.model.util.ElementFilter;

/**
 * The one rule for which Java types a tool may use, and as what ({@link TypeShape}). Results are
 * a little wider than parameters: any {@code JsonNode} or {@code Collection} subtype, {@code
 * Optional<T>} and {@code ? extends T} can be encoded, though none can be bound.
 *
 * <pre>{@code
 * TypeShape shape = new TypeShapes(javaTypes, "com.acme").classify(parameter.asType(), Direction.INPUT);
 * }</pre>
 */
public final class TypeShapes {
    /** What the processor can bind, for error messages. */
    public static final String SUPPORTED = "primitives and their boxes, String, char, BigDecimal, BigInteger, UUID, "
            + "java.time (LocalDate, LocalDateTime, LocalTime, OffsetTime, Instant, OffsetDateTime, ZonedDateTime, "
            + "Duration, Period), enums, records and classes with a canonical constructor, arrays, List, Set, "
            + "Collection, Map<String, V>, Optional<T> (parameters and components only), JsonNode";

    private final JavaTypes javaTypes;
    private final String generatedPackage;

    /**
     * @param generatedPackage the package of the generated tool set, which must be able to name every type
     * @param javaTypes the compiler's utilities
     */
    public TypeShapes(JavaTypes javaTypes, String generatedPackage) {
        this.javaTypes = javaTypes;
        this.generatedPackage = generatedPackage;
    }

    /**
     * The shape of {@code type}, read as a parameter or as a result.
     *
     * @param type      the type
     * @param direction whether it is bound from arguments or encoded as a result
     * @return its shape
     */
    public TypeShape classify(TypeMirror type, Direction direction) {
        if (type.getKind().isPrimitive()) {
            String boxed = javaTypes.types().boxedClass((PrimitiveType) type).getQualifiedName().toString();
            return new TypeShape.Scalar(type, ScalarKind.forBoxedName(boxed));
        }
        return switch (type.getKind()) {
            case ARRAY -> array((ArrayType) type);
            case DECLARED -> declared((DeclaredType) type, direction);
            case WILDCARD -> {
                TypeMirror bound = ((WildcardType) type).getExtendsBound();
                yield direction == Direction.OUTPUT && bound != null
                        ? classify(bound, direction)
                        : new TypeShape.Unsupported(type, " (wildcards are not supported)");
            }
            default -> new TypeShape.Unsupported(type, "");
        };
    }

    private TypeShape array(ArrayType type) {
        TypeMirror component = type.getComponentType();
        if (component.getKind() == TypeKind.DECLARED && !((DeclaredType) component).getTypeArguments().isEmpty()) {
            return new TypeShape.Unsupported(type, " (arrays of generic types; use a List)");
        }
        SequenceKind kind = component.getKind().isPrimitive() ? SequenceKind.PRIMITIVE_ARRAY : SequenceKind.OBJECT_ARRAY;
        return new TypeShape.Sequence(type, kind, component);
    }

    private TypeShape declared(DeclaredType type, Direction direction) {
        TypeElement element = (TypeElement) type.asElement();
        String name = element.getQualifiedName().toString();
        ScalarKind scalar = ScalarKind.forBoxedName(name);
        if (scalar != null) {
            return new TypeShape.Scalar(type, scalar);
        }
        List<? extends TypeMirror> args = type.getTypeArguments();
        switch (name) {
            case "java.util.List" -> {
                return sequence(type, SequenceKind.LIST);
            }
            case "java.util.Set" -> {
                return sequence(type, SequenceKind.SET);
            }
            case "java.util.Collection" -> {
                return sequence(type, SequenceKind.COLLECTION);
            }
            case "java.util.Map" -> {
                if (args.isEmpty()) {
                    return new TypeShape.Unsupported(type, " (raw Map)");
                }
                return JavaTypes.isType(args.get(0), "java.lang.String")
                        ? new TypeShape.MapOf(type, args.get(1))
                        : new TypeShape.NonStringKey(type, args.get(0));
            }
            case JavaTypes.JSON_NODE -> {
                return new TypeShape.Json(type);
            }
            case "java.util.Optional" -> {
                return direction == Direction.OUTPUT && !args.isEmpty()
                        ? new TypeShape.OptionalOf(type, args.get(0))
                        : new TypeShape.Unsupported(type, " (Optional only as a parameter or component type)");
            }
            default -> {
                // a named type, an enum, or a result-only supertype match below
            }
        }
        if (direction == Direction.OUTPUT) {
            if (javaTypes.isSubtype(type, JavaTypes.JSON_NODE)) {
                return new TypeShape.Json(type);
            }
            if (javaTypes.isSubtype(type, "java.util.Collection") && args.size() == 1) {
                return sequence(type, SequenceKind.COLLECTION);
            }
        }
        if (!accessible(element)) {
            return new TypeShape.Unsupported(type, " (not accessible from " + generatedPackage + ")");
        }
        if (element.getKind() == ElementKind.ENUM) {
            List<String> constants = new ArrayList<>();
            for (Element member : element.getEnclosedElements()) {
                if (member.getKind() == ElementKind.ENUM_CONSTANT) {
                    constants.add(member.getSimpleName().toString());
                }
            }
            return new TypeShape.EnumOf(type, List.copyOf(constants));
        }
        if (!args.isEmpty()) {
            return new TypeShape.Unsupported(type, " (generic types other than List, Set, Collection, Map, Optional)");
        }
        if (direction == Direction.INPUT && element.getKind() == ElementKind.CLASS
                && element.getEnclosingElement() instanceof TypeElement && !element.getModifiers().contains(Modifier.STATIC)) {
            // generated code has no enclosing instance to call `outer.new Inner(...)` on
            return new TypeShape.Unsupported(type, " (an inner class needs an enclosing instance: declare it static)");
        }
        List<? extends VariableElement> parameters = canonicalConstructor(element);
        if (parameters == null) {
            return new TypeShape.Unsupported(type,
                    " (a class needs to be a record or have a constructor taking exactly its fields, in order)");
        }
        List<TypeShape.Component> components = new ArrayList<>();
        for (int i = 0; i < parameters.size(); i++) {
            VariableElement parameter = parameters.get(i);
            Element annotated = element.getKind() == ElementKind.RECORD
                    ? element.getRecordComponents().get(i)
                    : fieldNamed(element, parameter.getSimpleName().toString());
            components.add(new TypeShape.Component(parameter, annotated));
        }
        return new TypeShape.Named(type, element, List.copyOf(components));
    }

    private static TypeShape sequence(DeclaredType type, SequenceKind kind) {
        if (type.getTypeArguments().size() != 1) {
            return new TypeShape.Unsupported(type, " (raw collection)");
        }
        return new TypeShape.Sequence(type, kind, type.getTypeArguments().get(0));
    }

    /** Parameters of the record's canonical constructor, or of a constructor matching the fields; else null. */
    private List<? extends VariableElement> canonicalConstructor(TypeElement element) {
        if (element.getKind() != ElementKind.RECORD && (element.getKind() != ElementKind.CLASS
                || element.getModifiers().contains(Modifier.ABSTRACT))) {
            return null;
        }
        List<VariableElement> fields = new ArrayList<>();
        for (VariableElement field : ElementFilter.fieldsIn(element.getEnclosedElements())) {
            if (!field.getModifiers().contains(Modifier.STATIC)) {
                fields.add(field);
            }
        }
        for (ExecutableElement constructor : ElementFilter.constructorsIn(element.getEnclosedElements())) {
            if (constructor.getModifiers().contains(Modifier.PRIVATE)) {
                continue;
            }
            List<? extends VariableElement> parameters = constructor.getParameters();
            if (parameters.size() != fields.size() || parameters.isEmpty() && element.getKind() != ElementKind.RECORD) {
                continue;
            }
            boolean matches = true;
            for (int i = 0; i < parameters.size(); i++) {
                matches &= parameters.get(i).getSimpleName().contentEquals(fields.get(i).getSimpleName())
                        && javaTypes.types().isSameType(parameters.get(i).asType(), fields.get(i).asType());
            }
            if (matches) {
                return parameters;
            }
        }
        return null;
    }

    /**
     * How generated code reads a component of {@code element}: {@code name()} on a record, else
     * {@code getName()}, {@code isName()} or {@code name()} when not private, else the field when not
     * private; null when nothing can read it.
     *
     * @param element the type that holds the component
     * @param name    the component's name
     * @return the accessor expression, or null
     */
    public static String accessor(TypeElement element, String name) {
        if (element.getKind() == ElementKind.RECORD) {
            return name + "()";
        }
        String capitalized = Character.toUpperCase(name.charAt(0)) + name.substring(1);
        for (ExecutableElement method : ElementFilter.methodsIn(element.getEnclosedElements())) {
            String methodName = method.getSimpleName().toString();
            if (method.getParameters().isEmpty() && !method.getModifiers().contains(Modifier.PRIVATE)
                    && !method.getModifiers().contains(Modifier.STATIC)
                    && Set.of("get" + capitalized, "is" + capitalized, name).contains(methodName)) {
                return methodName + "()";
            }
        }
        for (VariableElement field : ElementFilter.fieldsIn(element.getEnclosedElements())) {
            if (field.getSimpleName().contentEquals(name) && !field.getModifiers().contains(Modifier.PRIVATE)) {
                return name;
            }
        }
        return null;
    }

    private static Element fieldNamed(TypeElement element, String name) {
        for (VariableElement field : ElementFilter.fieldsIn(element.getEnclosedElements())) {
            if (field.getSimpleName().contentEquals(name)) {
                return field;
            }
        }
        throw new IllegalStateException("no field " + name + " in " + element);
    }

    /** Whether generated code in the tool class's package can name the type and call its constructor. */
    private boolean accessible(TypeElement element) {
        String packageName = javaTypes.elements().getPackageOf(element).getQualifiedName().toString();
        boolean samePackage = packageName.equals(generatedPackage);
        for (Element current = element; current instanceof TypeElement; current = current.getEnclosingElement()) {
            Set<Modifier> modifiers = current.getModifiers();
            if (modifiers.contains(Modifier.PRIVATE) || !samePackage && !modifiers.contains(Modifier.PUBLIC)) {
                return false;
            }
        }
        return true;
    }
}
