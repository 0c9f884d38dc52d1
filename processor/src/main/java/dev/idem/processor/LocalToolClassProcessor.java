package dev.idem.processor;

import com.google.auto.service.AutoService;
import dev.idem.processor.validation.LocalClassScanner;
import java.util.Set;
import javax.annotation.processing.AbstractProcessor;
import javax.annotation.processing.ProcessingEnvironment;
import javax.annotation.processing.Processor;
import javax.annotation.processing.RoundEnvironment;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.TypeElement;

/**
 * Reports {@code @Tool} methods in local and anonymous classes, which javac never hands to
 * processors: without this scan they would be silently ignored. It claims nothing and generates
 * nothing (isolating).
 *
 * <p>It supports {@code "*"} so that it runs even when the only {@code @Tool} of a compilation
 * is inside a method body. That is also why it is a processor of its own: {@link ToolProcessor}
 * claims Idem's annotations, and a processor that supports {@code "*"} and returns {@code true}
 * would claim every other processor's annotations too.
 */
@AutoService(Processor.class)
public final class LocalToolClassProcessor extends AbstractProcessor {
    private LocalClassScanner scanner;

    @Override
    public synchronized void init(ProcessingEnvironment processingEnv) {
        super.init(processingEnv);
        scanner = new LocalClassScanner(processingEnv);
    }

    @Override
    public Set<String> getSupportedAnnotationTypes() {
        return Set.of("*");
    }

    @Override
    public SourceVersion getSupportedSourceVersion() {
        return SourceVersion.latestSupported();
    }

    @Override
    public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
        if (processingEnv.getElementUtils().getTypeElement("dev.idem.Tool") != null) {
            scanner.scan(round.getRootElements());
        }
        return false;
    }
}
