package dev.idem.processor.processingstep;

import dev.idem.processor.base.Diagnostic;
import dev.idem.processor.base.JavaTypes;
import dev.idem.processor.base.ToolMethod;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.annotation.processing.ProcessingEnvironment;
import javax.annotation.processing.RoundEnvironment;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.ArrayType;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.ElementFilter;

/**
 * One processing round: collects the classes with {@code @Tool} methods, defers those whose
 * signatures mention types not generated yet (by name, to the next round) or classes Lombok has
 * still to finish ({@link LombokTypes}: once, to the next round, which Lombok itself forces), and
 * hands the others to {@link ToolClassGenerator}. A failure on one class is reported on it, never
 * thrown to javac.
 *
 * <p>Besides the internal error, the diagnostics raised here are {@code UnresolvedType} and
 * {@code LombokNotApplied}: they are about deferral itself, not about a tool. Every rule about
 * tools is raised by {@code validation}.
 */
public final class ToolProcessingStep {
    private final ProcessingEnvironment env;
    private final ToolClassGenerator generator;
    private final LombokTypes lombok;
    private final Set<String> deferred = new LinkedHashSet<>();
    /** Tool class -> (unfinished Lombok class -> its members when the tool class was deferred for it). */
    private final Map<String, Map<String, String>> waitingForLombok = new HashMap<>();
    private boolean errorReported;

    /**
     * A step for this compilation.
     *
     * @param env          the processing environment
     * @param strictOpenAi whether tools without a strict schema are errors
     */
    public ToolProcessingStep(ProcessingEnvironment env, boolean strictOpenAi) {
        this.env = env;
        this.generator = new ToolClassGenerator(env, strictOpenAi);
        this.lombok = new LombokTypes(new JavaTypes(env.getTypeUtils(), env.getElementUtils()));
    }

    /**
     * Generates the tool sets of the round's tool classes, deferring those that wait for Lombok.
     *
     * @param round the round
     */
    public void process(RoundEnvironment round) {
        TypeElement toolAnnotation = env.getElementUtils().getTypeElement(ToolMethod.TOOL);
        if (toolAnnotation == null) {
            return;
        }
        Map<String, TypeElement> classes = new LinkedHashMap<>();
        for (String name : deferred) {
            TypeElement type = env.getElementUtils().getTypeElement(name);
            if (type != null) {
                classes.put(name, type);
            }
        }
        deferred.clear();
        for (Element method : round.getElementsAnnotatedWith(toolAnnotation)) {
            if (method.getEnclosingElement() instanceof TypeElement type) {
                classes.putIfAbsent(type.getQualifiedName().toString(), type);
            }
        }
        for (Map.Entry<String, TypeElement> entry : classes.entrySet()) {
            TypeElement type = entry.getValue();
            List<ExecutableElement> tools = toolMethods(type, toolAnnotation);
            TypeMirror unresolved = firstUnresolved(tools);
            if (unresolved != null) {
                if (round.processingOver()) {
                    if (!errorReported && !round.errorRaised()) {
                        env.getMessager().printMessage(javax.tools.Diagnostic.Kind.ERROR,
                                Diagnostic.UNRESOLVED_TYPE.format(unresolved, type.getQualifiedName()), type);
                    }
                } else {
                    deferred.add(entry.getKey());
                }
                continue;
            }
            if (waitsForLombok(entry.getKey(), type, tools, round)) {
                continue;
            }
            try {
                errorReported |= generator.generate(type, tools);
            } catch (RuntimeException e) {
                StringWriter trace = new StringWriter();
                e.printStackTrace(new PrintWriter(trace));
                env.getMessager().printMessage(javax.tools.Diagnostic.Kind.ERROR,
                        Diagnostic.INTERNAL_ERROR.format(trace), type);
                errorReported = true;
            }
        }
    }

    /**
     * Whether the class waits for Lombok: deferred once while a class in its signatures is Lombok's
     * to finish; when still unfinished a round later and unchanged since, Lombok never ran on it,
     * and each tool that uses it is an error ({@code LombokNotApplied}) instead of a misleading
     * "unsupported type".
     */
    private boolean waitsForLombok(String name, TypeElement type, List<ExecutableElement> tools, RoundEnvironment round) {
        List<LombokTypes.Use> unfinished = lombok.unfinished(type, tools);
        Map<String, String> before = waitingForLombok.remove(name);
        if (unfinished.isEmpty()) {
            return false;
        }
        if (before == null && !round.processingOver()) {
            Map<String, String> members = new HashMap<>();
            unfinished.forEach(use -> members.put(use.typeName(), lombok.members(use.typeName())));
            waitingForLombok.put(name, members);
            deferred.add(name);
            return true;
        }
        boolean reported = false;
        for (LombokTypes.Use use : unfinished) {
            if (before == null || lombok.members(use.typeName()).equals(before.get(use.typeName()))) {
                env.getMessager().printMessage(javax.tools.Diagnostic.Kind.ERROR,
                        Diagnostic.LOMBOK_NOT_APPLIED.format(use.typeName(), use.annotation()), use.usedBy());
                reported = true;
            }
        }
        errorReported |= reported;
        return reported;
    }

    private static List<ExecutableElement> toolMethods(TypeElement type, TypeElement toolAnnotation) {
        List<ExecutableElement> tools = new ArrayList<>();
        for (ExecutableElement method : ElementFilter.methodsIn(type.getEnclosedElements())) {
            for (var mirror : method.getAnnotationMirrors()) {
                if (mirror.getAnnotationType().asElement().equals(toolAnnotation)) {
                    tools.add(method);
                }
            }
        }
        return tools;
    }

    /** A type in a tool signature that javac could not resolve yet (maybe generated later), or null. */
    private static TypeMirror firstUnresolved(List<ExecutableElement> tools) {
        for (ExecutableElement method : tools) {
            List<TypeMirror> types = new ArrayList<>();
            types.add(method.getReturnType());
            method.getParameters().forEach(parameter -> types.add(parameter.asType()));
            for (TypeMirror type : types) {
                TypeMirror error = findError(type, 0);
                if (error != null) {
                    return error;
                }
            }
        }
        return null;
    }

    private static TypeMirror findError(TypeMirror type, int depth) {
        if (type.getKind() == TypeKind.ERROR) {
            return type;
        }
        if (depth > 8) {
            return null;
        }
        if (type instanceof DeclaredType declared && type.getKind() == TypeKind.DECLARED) {
            for (TypeMirror argument : declared.getTypeArguments()) {
                TypeMirror error = findError(argument, depth + 1);
                if (error != null) {
                    return error;
                }
            }
            Element element = declared.asElement();
            if (element instanceof TypeElement record && element.getKind() == ElementKind.RECORD) {
                for (var component : record.getRecordComponents()) {
                    TypeMirror error = findError(component.asType(), depth + 1);
                    if (error != null) {
                        return error;
                    }
                }
            }
        } else if (type instanceof ArrayType array) {
            return findError(array.getComponentType(), depth + 1);
        }
        return null;
    }
}
