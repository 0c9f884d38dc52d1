package dev.idem.processor.processingstep;

import dev.idem.processor.base.Direction;
import dev.idem.processor.base.JavaTypes;
import dev.idem.processor.base.TypeShape;
import dev.idem.processor.base.TypeShapes;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.ArrayType;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.type.WildcardType;
import javax.lang.model.util.ElementFilter;

/**
 * Classes in tool signatures that Lombok has still to finish. Lombok does not generate sources: its
 * processor writes constructors and getters into the classes of the round when javac asks it, so a
 * processor asked before it in the same round sees a {@code @Value} class with private fields and no
 * constructor. Lombok forces further rounds itself, and from the next round on every processor sees
 * the finished class. Annotations are read by name: Lombok need not be on the processor's path.
 */
final class LombokTypes {
    private static final String LOMBOK_PACKAGE = "lombok.";
    private static final int MAX_DEPTH = 8;

    /**
     * One unfinished class reached from a tool.
     *
     * @param typeName   its qualified name
     * @param annotation the first Lombok annotation on it or its fields, as {@code @lombok.Value}
     * @param usedBy     the parameter that reaches it, or the method when only its result does
     */
    record Use(String typeName, String annotation, Element usedBy) {}

    private final JavaTypes javaTypes;

    LombokTypes(JavaTypes javaTypes) {
        this.javaTypes = javaTypes;
    }

    /**
     * The Lombok-annotated classes, reached from the tools' parameters and results (through type
     * arguments, arrays and fields), that Idem could neither construct nor read as they stand: once
     * per type and tool, on the first parameter reaching it, else on the method.
     */
    List<Use> unfinished(TypeElement toolClass, List<ExecutableElement> tools) {
        TypeShapes shapes = new TypeShapes(javaTypes,
                javaTypes.elements().getPackageOf(toolClass).getQualifiedName().toString());
        List<Use> uses = new ArrayList<>();
        for (ExecutableElement method : tools) {
            Map<String, Use> found = new LinkedHashMap<>();
            Set<String> seen = new HashSet<>();
            for (VariableElement parameter : method.getParameters()) {
                visit(parameter.asType(), parameter, shapes, seen, found, 0);
            }
            visit(method.getReturnType(), method, shapes, seen, found, 0);
            uses.addAll(found.values());
        }
        return uses;
    }

    /** What a class holds now, to tell in a later round whether Lombok has written into it since. */
    String members(String typeName) {
        TypeElement type = javaTypes.elements().getTypeElement(typeName);
        return type == null ? "" : type.getEnclosedElements().toString();
    }

    private void visit(TypeMirror type, Element usedBy, TypeShapes shapes, Set<String> seen, Map<String, Use> found,
            int depth) {
        if (depth > MAX_DEPTH) {
            return;
        }
        if (type instanceof ArrayType array) {
            visit(array.getComponentType(), usedBy, shapes, seen, found, depth + 1);
            return;
        }
        if (type instanceof WildcardType wildcard && wildcard.getExtendsBound() != null) {
            visit(wildcard.getExtendsBound(), usedBy, shapes, seen, found, depth + 1);
            return;
        }
        if (type.getKind() != TypeKind.DECLARED) {
            return;
        }
        DeclaredType declared = (DeclaredType) type;
        for (TypeMirror argument : declared.getTypeArguments()) {
            visit(argument, usedBy, shapes, seen, found, depth + 1);
        }
        TypeElement element = (TypeElement) declared.asElement();
        String name = element.getQualifiedName().toString();
        if (name.startsWith("java.") || !seen.add(name)) {
            return;
        }
        String annotation = lombokAnnotation(element);
        if (annotation != null && unfinished(element, shapes)) {
            found.putIfAbsent(name, new Use(name, annotation, usedBy));
        }
        for (VariableElement field : ElementFilter.fieldsIn(element.getEnclosedElements())) {
            if (!field.getModifiers().contains(Modifier.STATIC)) {
                visit(field.asType(), usedBy, shapes, seen, found, depth + 1);
            }
        }
    }

    /** A plain class Idem could not construct (no constructor taking its fields) or not read (a component with no accessor). */
    private static boolean unfinished(TypeElement element, TypeShapes shapes) {
        if (element.getKind() != ElementKind.CLASS || !element.getTypeParameters().isEmpty()) {
            return false;
        }
        TypeShape shape = shapes.classify(element.asType(), Direction.INPUT);
        if (shape instanceof TypeShape.Named named) {
            return named.components().stream().anyMatch(
                    component -> TypeShapes.accessor(element, component.parameter().getSimpleName().toString()) == null);
        }
        return shape instanceof TypeShape.Unsupported;
    }

    private static String lombokAnnotation(TypeElement element) {
        List<Element> annotated = new ArrayList<>();
        annotated.add(element);
        annotated.addAll(ElementFilter.fieldsIn(element.getEnclosedElements()));
        for (Element each : annotated) {
            for (AnnotationMirror mirror : each.getAnnotationMirrors()) {
                String name = ((TypeElement) mirror.getAnnotationType().asElement()).getQualifiedName().toString();
                if (name.startsWith(LOMBOK_PACKAGE)) {
                    return "@" + name;
                }
            }
        }
        return null;
    }
}
