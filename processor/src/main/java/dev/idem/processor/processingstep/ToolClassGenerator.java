package dev.idem.processor.processingstep;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.JavaFile;
import dev.idem.processor.model.AnnotationValues;
import dev.idem.processor.model.ToolClassModel;
import dev.idem.processor.model.ToolModel;
import dev.idem.processor.model.ToolModelFactory;
import dev.idem.processor.model.TypeResolver;
import dev.idem.processor.schema.JsonText;
import dev.idem.processor.schema.SchemaBuilder;
import dev.idem.processor.validation.Diagnostic;
import dev.idem.processor.validation.Report;
import dev.idem.processor.writing.DescriptorResourceWriter;
import dev.idem.processor.writing.ToolSetWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.annotation.processing.ProcessingEnvironment;
import javax.lang.model.element.Element;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.tools.FileObject;
import javax.tools.StandardLocation;

/** Validate -> model -> schema -> write, for one class with {@code @Tool} methods. */
final class ToolClassGenerator {
    private final ProcessingEnvironment env;
    private final boolean strictOpenAi;
    private final ToolModelFactory tools;

    ToolClassGenerator(ProcessingEnvironment env, boolean strictOpenAi) {
        this.env = env;
        this.strictOpenAi = strictOpenAi;
        this.tools = new ToolModelFactory(env.getTypeUtils(), env.getElementUtils());
    }

    /** Generates the class's tool set and resource; returns whether errors were reported. */
    boolean generate(TypeElement type, List<ExecutableElement> methods) {
        Report report = new Report();
        try {
            ToolClassModel model = model(type, methods, report);
            if (model != null && !report.hasErrors()) {
                write(model, type, report);
            }
            return report.hasErrors();
        } finally {
            report.printTo(env.getMessager());
        }
    }

    private ToolClassModel model(TypeElement type, List<ExecutableElement> methods, Report report) {
        for (Element current = type; current instanceof TypeElement; current = current.getEnclosingElement()) {
            if (current.getModifiers().contains(Modifier.PRIVATE)) {
                report.add(Diagnostic.INACCESSIBLE_TOOL_CLASS, type, current.getSimpleName());
            }
        }
        if (!type.getTypeParameters().isEmpty()) {
            report.add(Diagnostic.GENERIC_TOOL_CLASS, type, type.getSimpleName());
        }
        ClassName toolSet = ToolClasses.toolSetName(type);
        TypeResolver resolver = new TypeResolver(env.getTypeUtils(), env.getElementUtils(), report, toolSet.packageName());
        List<ToolModel> models = new ArrayList<>();
        Map<String, ExecutableElement> byName = new HashMap<>();
        for (ExecutableElement method : methods) {
            AnnotationValues tool = AnnotationValues.find(method, "dev.idem.Tool", env.getElementUtils());
            String name = tool.string("name").isEmpty() ? method.getSimpleName().toString() : tool.string("name");
            ExecutableElement previous = byName.putIfAbsent(name, method);
            if (previous != null) {
                report.add(Diagnostic.DUPLICATE_TOOL_NAME, method, tool.mirror(), tool.explicit("name"), name,
                        previous.getSimpleName() + previous.getParameters().toString().replace('[', '(').replace(']', ')'));
            }
            ToolModel model = tools.create(method, tool, resolver, toolSet.simpleName(), report);
            if (model != null) {
                models.add(model);
            }
        }
        if (report.hasErrors()) {
            return null;
        }
        return new ToolClassModel(ClassName.get(type), env.getElementUtils().getBinaryName(type).toString(), toolSet,
                models, new LinkedHashMap<>(resolver.inputTypes()),
                new LinkedHashMap<>(resolver.outputTypes()));
    }

    private void write(ToolClassModel model, TypeElement type, Report report) {
        Map<String, Map<String, Object>> schemaTrees = new LinkedHashMap<>();
        Map<String, Map<String, Object>> strictTrees = new LinkedHashMap<>();
        Map<String, String> schemas = new HashMap<>();
        Map<String, String> strict = new HashMap<>();
        for (ToolModel tool : model.tools()) {
            Map<String, Object> schema = SchemaBuilder.standard(tool, model.inputTypes());
            SchemaBuilder.StrictResult strictResult = SchemaBuilder.strict(tool, model.inputTypes());
            schemaTrees.put(tool.name(), schema);
            strictTrees.put(tool.name(), strictResult.schema());
            schemas.put(tool.name(), JsonText.compact(schema));
            strict.put(tool.name(), strictResult.schema() == null ? null : JsonText.compact(strictResult.schema()));
            if (strictOpenAi && strictResult.schema() == null) {
                report.add(Diagnostic.STRICT_INCOMPATIBLE, methodOf(type, tool), tool.name(), strictResult.problem());
            }
        }
        if (report.hasErrors()) {
            return;
        }
        JavaFile file = ToolSetWriter.write(model, schemas, strict, type);
        try {
            file.writeTo(env.getFiler());
            FileObject resource = env.getFiler().createResource(StandardLocation.CLASS_OUTPUT, "",
                    DescriptorResourceWriter.path(model), type);
            try (Writer writer = new OutputStreamWriter(resource.openOutputStream(), StandardCharsets.UTF_8)) {
                writer.write(DescriptorResourceWriter.content(model, schemaTrees, strictTrees));
            }
        } catch (IOException e) {
            report.addRaw(Diagnostic.INTERNAL_ERROR, type, "could not write generated files: " + e);
        }
    }

    private static Element methodOf(TypeElement type, ToolModel tool) {
        for (Element member : type.getEnclosedElements()) {
            if (member.getSimpleName().contentEquals(tool.methodName())) {
                return member;
            }
        }
        return type;
    }
}
