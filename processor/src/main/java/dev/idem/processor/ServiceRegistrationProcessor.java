package dev.idem.processor;

import com.google.auto.service.AutoService;
import dev.idem.processor.base.ToolClasses;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import javax.annotation.processing.AbstractProcessor;
import javax.annotation.processing.Processor;
import javax.annotation.processing.RoundEnvironment;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.Element;
import javax.lang.model.element.TypeElement;
import javax.tools.Diagnostic;
import javax.tools.FileObject;
import javax.tools.StandardLocation;

/**
 * Registers every generated {@code ToolSet.Factory} in
 * {@code META-INF/services/dev.idem.tool.ToolSetFactory}, sorted. The one aggregating output of
 * Idem, kept apart so {@link ToolProcessor} stays isolating.
 */
@AutoService(Processor.class)
public final class ServiceRegistrationProcessor extends AbstractProcessor {
    static final String SERVICE_FILE = "META-INF/services/dev.idem.tool.ToolSetFactory";

    private final Set<String> factories = new TreeSet<>();
    private final List<Element> originating = new ArrayList<>();

    @Override
    public Set<String> getSupportedAnnotationTypes() {
        return Set.of("dev.idem.Tool");
    }

    @Override
    public SourceVersion getSupportedSourceVersion() {
        return SourceVersion.latestSupported();
    }

    @Override
    public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
        TypeElement tool = processingEnv.getElementUtils().getTypeElement("dev.idem.Tool");
        if (tool != null) {
            for (Element method : round.getElementsAnnotatedWith(tool)) {
                if (method.getEnclosingElement() instanceof TypeElement type) {
                    if (factories.add(ToolClasses.toolSetName(type).reflectionName() + "$Factory")) {
                        originating.add(type);
                    }
                }
            }
        }
        if (round.processingOver() && !factories.isEmpty()) {
            write();
        }
        return false;
    }

    private void write() {
        try {
            FileObject file = processingEnv.getFiler().createResource(StandardLocation.CLASS_OUTPUT, "", SERVICE_FILE,
                    originating.toArray(new Element[0]));
            try (Writer writer = new java.io.OutputStreamWriter(file.openOutputStream(), StandardCharsets.UTF_8)) {
                for (String factory : factories) {
                    writer.write(factory);
                    writer.write('\n');
                }
            }
        } catch (IOException | RuntimeException e) {
            processingEnv.getMessager().printMessage(Diagnostic.Kind.ERROR,
                    "[Idem/InternalError] could not write " + SERVICE_FILE + ": " + e);
        }
    }
}
