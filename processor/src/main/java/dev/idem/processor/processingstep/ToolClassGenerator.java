package dev.idem.processor.processingstep;

import dev.idem.processor.base.Diagnostic;
import dev.idem.processor.base.JavaTypes;
import dev.idem.processor.base.Report;
import dev.idem.processor.base.ToolMethod;
import dev.idem.processor.model.ToolClassModel;
import dev.idem.processor.model.ToolModel;
import dev.idem.processor.model.ToolModelFactory;
import dev.idem.processor.schema.ToolSchemas;
import dev.idem.processor.validation.ModelValidator;
import dev.idem.processor.validation.ToolClassValidator;
import dev.idem.processor.validation.ToolSetNames;
import dev.idem.processor.writing.DescriptorResourceWriter;
import dev.idem.processor.writing.ToolSetWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.annotation.processing.ProcessingEnvironment;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;
import javax.tools.FileObject;
import javax.tools.JavaFileObject;
import javax.tools.StandardLocation;

/**
 * The pipeline for one class with {@code @Tool} methods: validate the elements, build the model
 * from clean input only, validate the model, build each tool's schemas, write. Each stage runs
 * only when the ones before it reported no error.
 */
final class ToolClassGenerator {
    private final ProcessingEnvironment env;
    private final ToolClassValidator elementValidator;
    private final ToolModelFactory models;
    private final ModelValidator modelValidator;
    private final ToolSetNames toolSetNames;

    ToolClassGenerator(ProcessingEnvironment env, boolean strictOpenAi) {
        this.env = env;
        JavaTypes javaTypes = new JavaTypes(env.getTypeUtils(), env.getElementUtils());
        this.elementValidator = new ToolClassValidator(javaTypes);
        this.models = new ToolModelFactory(javaTypes);
        this.modelValidator = new ModelValidator(strictOpenAi);
        this.toolSetNames = new ToolSetNames(env.getElementUtils());
    }

    /** Generates the class's tool set and resource; returns whether errors were reported. */
    boolean generate(TypeElement type, List<ExecutableElement> methods) {
        Report report = new Report();
        try {
            List<ToolMethod> tools = methods.stream().map(method -> ToolMethod.read(method, env.getElementUtils())).toList();
            elementValidator.validate(type, tools, report);
            if (report.hasErrors()) {
                return true;
            }
            ToolClassModel model = models.create(type, tools);
            modelValidator.validate(model, report);
            if (report.hasErrors() || !toolSetNames.claim(model.toolSet().canonicalName(), type, report)) {
                return true;
            }
            Map<String, ToolSchemas> schemas = new LinkedHashMap<>();
            for (ToolModel tool : model.tools()) {
                schemas.put(tool.name(), ToolSchemas.of(tool, model.inputTypes()));
            }
            write(model, schemas, type, report);
            return report.hasErrors();
        } finally {
            report.printTo(env.getMessager());
        }
    }

    private void write(ToolClassModel model, Map<String, ToolSchemas> schemas, TypeElement type, Report report) {
        String text = ToolSetWriter.source(model, schemas, type);
        try {
            JavaFileObject source = env.getFiler().createSourceFile(model.toolSet().canonicalName(), type);
            try (Writer writer = source.openWriter()) {
                writer.write(text);
            }
            FileObject resource = env.getFiler().createResource(StandardLocation.CLASS_OUTPUT, "",
                    DescriptorResourceWriter.path(model), type);
            try (Writer writer = new OutputStreamWriter(resource.openOutputStream(), StandardCharsets.UTF_8)) {
                writer.write(DescriptorResourceWriter.content(model, schemas));
            }
        } catch (IOException e) {
            report.addRaw(Diagnostic.INTERNAL_ERROR, type, "could not write generated files: " + e);
        }
    }
}
