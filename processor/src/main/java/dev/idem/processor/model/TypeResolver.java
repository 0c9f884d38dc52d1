package dev.idem.processor.model;

import com.palantir.javapoet.TypeName;
import dev.idem.processor.validation.BeanValidationConstraints;
import dev.idem.processor.validation.ConstraintValidator;
import dev.idem.processor.validation.Diagnostic;
import dev.idem.processor.validation.Report;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.RecordComponentElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.ArrayType;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.type.WildcardType;
import javax.lang.model.util.ElementFilter;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;

/**
 * Turns Java types into {@link TypeModel}s for one tool class. Input types (parameters) must be
 * fully supported, else an error names the type, the path and what is supported; output types
 * (results) fall back to their string form with a warning. Named types (records and
 * canonical-constructor classes) are collected once, recursion included.
 */
public final class TypeResolver {

    /** Whether a type is read from arguments or written as a result. */
    public enum Mode { INPUT, OUTPUT }

    /** What the processor can bind, for error messages. */
    public static final String SUPPORTED = "primitives and their boxes, String, char, BigDecimal, BigInteger, UUID, "
            + "java.time (LocalDate, LocalDateTime, LocalTime, OffsetTime, Instant, OffsetDateTime, ZonedDateTime, "
            + "Duration, Period), enums, records and classes with a canonical constructor, arrays, List, Set, "
            + "Collection, Map<String, V>, Optional<T> (parameters and components only), JsonNode";

    private static final String JSON_NODE = "tools.jackson.databind.JsonNode";
    private static final Map<String, ScalarKind> SCALARS = new HashMap<>();

    static {
        for (ScalarKind kind : ScalarKind.values()) {
            SCALARS.put(kind.boxedName(), kind);
        }
    }

    private final Types types;
    private final Elements elements;
    private final Report report;
    private final String generatedPackage;
    private final Map<String, NamedType> inputTypes = new LinkedHashMap<>();
    private final Map<String, NamedType> outputTypes = new LinkedHashMap<>();
    private final Map<String, String> keyByQualifiedName = new HashMap<>();
    private final Map<String, String> qualifiedNameByKey = new HashMap<>();

    public TypeResolver(Types types, Elements elements, Report report, String generatedPackage) {
        this.types = types;
        this.elements = elements;
        this.report = report;
        this.generatedPackage = generatedPackage;
    }

    /** Named types reachable from parameters, by key, in first-use order. */
    public Map<String, NamedType> inputTypes() {
        return inputTypes;
    }

    /** Named types reachable from results, by key, in first-use order. */
    public Map<String, NamedType> outputTypes() {
        return outputTypes;
    }

    /**
     * The property for a tool parameter or a component.
     *
     * @param element     the parameter or component (its {@code @Param} is read; diagnostics go here)
     * @param type        its type
     * @param javaName    its Java name
     * @param docText     its Javadoc {@code @param} text, or empty
     * @param parentPath  the path of the enclosing object ({@code ""} for the arguments)
     */
    public PropertyModel property(Element element, TypeMirror type, String javaName, String docText, String parentPath,
            Mode mode) {
        return property(element, element, type, javaName, docText, parentPath, mode);
    }

    /** As above; type problems are reported on {@code reportOn} (the tool parameter that leads here). */
    private PropertyModel property(Element element, Element reportOn, TypeMirror type, String javaName, String docText,
            String parentPath, Mode mode) {
        AnnotationValues param = AnnotationValues.find(element, "dev.idem.Param", elements);
        String jsonName = param == null || param.string("name").isEmpty() ? javaName : param.string("name");
        String description = param == null || param.string("description").isEmpty() ? docText : param.string("description");
        String path = parentPath.isEmpty() ? jsonName : parentPath + "." + jsonName;
        boolean optionalWrapper = isOptional(type);
        boolean nullable = hasNullable(element) || hasNullable(type);
        boolean requiredFalse = param != null && !param.bool("required");
        if (requiredFalse && (optionalWrapper || nullable)) {
            report.add(Diagnostic.REQUIRED_FALSE_ON_OPTIONAL, element, param.mirror(), param.explicit("required"), path);
        }
        Presence presence;
        if (optionalWrapper) {
            presence = Presence.OPTIONAL;
        } else if (nullable || requiredFalse) {
            presence = type.getKind().isPrimitive() ? Presence.ZERO_DEFAULT : Presence.NULLABLE;
        } else {
            presence = Presence.REQUIRED;
        }
        TypeModel model;
        Constraints constraints = Constraints.NONE;
        if (optionalWrapper) {
            TypeMirror element0 = ((DeclaredType) type).getTypeArguments().get(0);
            TypeModel inner = resolve(element0, path, reportOn, mode);
            model = inner == null ? null : new TypeModel.OptionalType(TypeName.get(type), inner);
            if (inner != null && param != null && mode == Mode.INPUT) {
                constraints = ConstraintValidator.validate(element, param, inner, path, report);
            }
            if (inner != null && mode == Mode.INPUT) {
                constraints = BeanValidationConstraints.apply(element, inner, constraints, report);
            }
        } else {
            model = resolve(type, path, reportOn, mode);
            if (model != null && param != null && mode == Mode.INPUT) {
                constraints = ConstraintValidator.validate(element, param, model, path, report);
            }
            if (model != null && mode == Mode.INPUT) {
                constraints = BeanValidationConstraints.apply(element, model, constraints, report);
            }
        }
        return model == null ? null : new PropertyModel(javaName, jsonName, description, model, presence, constraints, null);
    }

    /** The model of {@code type}, or null after reporting why it is not supported (input only). */
    public TypeModel resolve(TypeMirror type, String path, Element reportOn, Mode mode) {
        TypeName javaType = TypeName.get(type);
        switch (type.getKind()) {
            case BOOLEAN:
            case BYTE:
            case SHORT:
            case INT:
            case LONG:
            case CHAR:
            case FLOAT:
            case DOUBLE:
                return new TypeModel.Scalar(javaType, SCALARS.get(javaType.box().toString()));
            case ARRAY:
                return array((ArrayType) type, path, reportOn, mode);
            case DECLARED:
                return declared((DeclaredType) type, path, reportOn, mode);
            case WILDCARD:
                WildcardType wildcard = (WildcardType) type;
                if (mode == Mode.OUTPUT && wildcard.getExtendsBound() != null) {
                    return resolve(wildcard.getExtendsBound(), path, reportOn, mode);
                }
                return unsupported(type, path, reportOn, mode, " (wildcards are not supported)");
            default:
                return unsupported(type, path, reportOn, mode, "");
        }
    }

    private TypeModel array(ArrayType type, String path, Element reportOn, Mode mode) {
        TypeMirror component = type.getComponentType();
        if (component.getKind() == TypeKind.DECLARED && !((DeclaredType) component).getTypeArguments().isEmpty()) {
            return unsupported(type, path, reportOn, mode, " (arrays of generic types; use a List)");
        }
        TypeModel element = resolve(component, path + "[]", reportOn, mode);
        if (element == null) {
            return null;
        }
        TypeModel.SequenceKind kind = component.getKind().isPrimitive()
                ? TypeModel.SequenceKind.PRIMITIVE_ARRAY
                : TypeModel.SequenceKind.OBJECT_ARRAY;
        return new TypeModel.Sequence(TypeName.get(type), kind, element);
    }

    private TypeModel declared(DeclaredType type, String path, Element reportOn, Mode mode) {
        TypeElement element = (TypeElement) type.asElement();
        String name = element.getQualifiedName().toString();
        TypeName javaType = TypeName.get(type);
        ScalarKind scalar = SCALARS.get(name);
        if (scalar != null) {
            return new TypeModel.Scalar(javaType, scalar);
        }
        List<? extends TypeMirror> args = type.getTypeArguments();
        switch (name) {
            case "java.util.List":
                return sequence(type, TypeModel.SequenceKind.LIST, path, reportOn, mode);
            case "java.util.Set":
                return sequence(type, TypeModel.SequenceKind.SET, path, reportOn, mode);
            case "java.util.Collection":
                return sequence(type, TypeModel.SequenceKind.COLLECTION, path, reportOn, mode);
            case "java.util.Map":
                if (args.isEmpty()) {
                    return unsupported(type, path, reportOn, mode, " (raw Map)");
                }
                if (!isType(args.get(0), "java.lang.String")) {
                    report.add(Diagnostic.NON_STRING_MAP_KEY, reportOn, path, args.get(0));
                    return null;
                }
                TypeModel value = resolve(args.get(1), path + ".*", reportOn, mode);
                return value == null ? null : new TypeModel.MapType(javaType, value);
            case JSON_NODE:
                return new TypeModel.Json(javaType);
            case "java.util.Optional":
                if (mode == Mode.OUTPUT && !args.isEmpty()) {
                    TypeModel inner = resolve(args.get(0), path, reportOn, mode);
                    return new TypeModel.OptionalType(javaType, inner);
                }
                return unsupported(type, path, reportOn, mode, " (Optional only as a parameter or component type)");
            default:
                break;
        }
        if (mode == Mode.OUTPUT) {
            if (isSubtype(type, JSON_NODE)) {
                return new TypeModel.Json(javaType);
            }
            if (isSubtype(type, "java.util.Collection") && args.size() == 1) {
                return sequence(type, TypeModel.SequenceKind.COLLECTION, path, reportOn, mode);
            }
        }
        if (!accessible(element)) {
            return unsupported(type, path, reportOn, mode, " (not accessible from " + generatedPackage + ")");
        }
        if (element.getKind() == ElementKind.ENUM) {
            List<String> constants = new ArrayList<>();
            for (Element member : element.getEnclosedElements()) {
                if (member.getKind() == ElementKind.ENUM_CONSTANT) {
                    constants.add(member.getSimpleName().toString());
                }
            }
            return new TypeModel.EnumType(javaType, constants);
        }
        if (!args.isEmpty()) {
            return unsupported(type, path, reportOn, mode, " (generic types other than List, Set, Collection, Map, Optional)");
        }
        List<? extends VariableElement> constructorParameters = canonicalConstructor(element);
        if (constructorParameters == null) {
            return unsupported(type, path, reportOn, mode,
                    " (a class needs to be a record or have a constructor taking exactly its fields, in order)");
        }
        return named(element, constructorParameters, path, reportOn, mode);
    }

    private TypeModel sequence(DeclaredType type, TypeModel.SequenceKind kind, String path, Element reportOn, Mode mode) {
        if (type.getTypeArguments().size() != 1) {
            return unsupported(type, path, reportOn, mode, " (raw collection)");
        }
        TypeModel element = resolve(type.getTypeArguments().get(0), path + "[]", reportOn, mode);
        return element == null ? null : new TypeModel.Sequence(TypeName.get(type), kind, element);
    }

    private TypeModel named(TypeElement element, List<? extends VariableElement> constructorParameters, String path,
            Element reportOn, Mode mode) {
        String key = keyFor(element);
        Map<String, NamedType> registry = mode == Mode.INPUT ? inputTypes : outputTypes;
        TypeModel.Named ref = new TypeModel.Named(TypeName.get(element.asType()), key);
        if (registry.containsKey(key)) {
            return ref;
        }
        // Registered before its components so recursive types end at a $ref.
        registry.put(key, new NamedType(key, ref.javaType(), "", List.of()));
        DocComment doc = DocComment.parse(elements.getDocComment(element));
        List<PropertyModel> properties = new ArrayList<>();
        boolean complete = true;
        for (int i = 0; i < constructorParameters.size(); i++) {
            VariableElement parameter = constructorParameters.get(i);
            String javaName = parameter.getSimpleName().toString();
            Element annotated = element.getKind() == ElementKind.RECORD
                    ? element.getRecordComponents().get(i)
                    : fieldNamed(element, javaName);
            int errorsBefore = report.errorCount();
            PropertyModel property = property(annotated, reportOn, parameter.asType(), javaName,
                    doc.params().getOrDefault(javaName, ""), path, mode);
            if (property == null || report.errorCount() != errorsBefore) {
                complete = false;
                continue;
            }
            properties.add(new PropertyModel(property.javaName(), property.jsonName(), property.description(),
                    property.type(), property.presence(), property.constraints(), accessor(element, javaName)));
        }
        registry.put(key, new NamedType(key, ref.javaType(), doc.summary(), List.copyOf(properties)));
        return complete || mode == Mode.OUTPUT ? ref : null;
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
                        && types.isSameType(parameters.get(i).asType(), fields.get(i).asType());
            }
            if (matches) {
                return parameters;
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

    /** How generated code reads a component: {@code name()}, {@code getName()}, {@code isName()} or the field. */
    private static String accessor(TypeElement element, String name) {
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

    private String keyFor(TypeElement element) {
        String qualified = element.getQualifiedName().toString();
        String key = keyByQualifiedName.get(qualified);
        if (key == null) {
            key = element.getSimpleName().toString();
            if (qualifiedNameByKey.containsKey(key)) {
                key = qualified.replace('.', '_');
            }
            keyByQualifiedName.put(qualified, key);
            qualifiedNameByKey.put(key, qualified);
        }
        return key;
    }

    /** Whether generated code in the tool class's package can name the type and call its constructor. */
    private boolean accessible(TypeElement element) {
        String packageName = elements.getPackageOf(element).getQualifiedName().toString();
        boolean samePackage = packageName.equals(generatedPackage);
        for (Element current = element; current instanceof TypeElement; current = current.getEnclosingElement()) {
            Set<Modifier> modifiers = current.getModifiers();
            if (modifiers.contains(Modifier.PRIVATE) || !samePackage && !modifiers.contains(Modifier.PUBLIC)) {
                return false;
            }
        }
        return true;
    }

    private TypeModel unsupported(TypeMirror type, String path, Element reportOn, Mode mode, String reason) {
        if (mode == Mode.OUTPUT) {
            report.add(Diagnostic.UNENCODABLE_RESULT, reportOn, type, path);
            return new TypeModel.Text(TypeName.get(types.erasure(type)));
        }
        report.add(Diagnostic.UNSUPPORTED_PARAMETER_TYPE, reportOn, type, path, reason, SUPPORTED);
        return null;
    }

    private boolean isOptional(TypeMirror type) {
        return isType(type, "java.util.Optional") && !((DeclaredType) type).getTypeArguments().isEmpty();
    }

    private static boolean isType(TypeMirror type, String qualifiedName) {
        return type.getKind() == TypeKind.DECLARED
                && ((TypeElement) ((DeclaredType) type).asElement()).getQualifiedName().contentEquals(qualifiedName);
    }

    private boolean isSubtype(TypeMirror type, String qualifiedName) {
        TypeElement target = elements.getTypeElement(qualifiedName);
        return target != null && types.isSubtype(types.erasure(type), types.erasure(target.asType()));
    }

    /** Any annotation whose simple name is {@code Nullable} (JSpecify, JSR 305, Checker, Jakarta...). */
    private static boolean hasNullable(Element element) {
        if (element instanceof RecordComponentElement || element instanceof VariableElement) {
            return hasNullable(element.getAnnotationMirrors());
        }
        return false;
    }

    private static boolean hasNullable(TypeMirror type) {
        return hasNullable(type.getAnnotationMirrors());
    }

    private static boolean hasNullable(List<? extends AnnotationMirror> annotations) {
        for (AnnotationMirror annotation : annotations) {
            if (annotation.getAnnotationType().asElement().getSimpleName().contentEquals("Nullable")) {
                return true;
            }
        }
        return false;
    }
}
