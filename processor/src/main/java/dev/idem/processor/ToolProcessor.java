package dev.idem.processor;

import com.google.auto.service.AutoService;
import dev.idem.processor.processingstep.ToolProcessingStep;
import java.util.Set;
import javax.annotation.processing.AbstractProcessor;
import javax.annotation.processing.ProcessingEnvironment;
import javax.annotation.processing.Processor;
import javax.annotation.processing.RoundEnvironment;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.TypeElement;

/**
 * Turns every class with {@code @Tool} methods into a generated {@code <Flat_Name>_ToolSet} and a
 * descriptor resource. Isolating: each output has exactly its class as originating element. The
 * work happens in {@link ToolProcessingStep}; this class only wires it.
 *
 * <p>Option {@code -Aidem.strict=openai}: tools that cannot be expressed in OpenAI's strict
 * schema dialect are compile errors.
 */
@AutoService(Processor.class)
public final class ToolProcessor extends AbstractProcessor {
    /** The processor option naming the strict dialect to enforce. */
    public static final String STRICT_OPTION = "idem.strict";

    private ToolProcessingStep step;

    @Override
    public synchronized void init(ProcessingEnvironment processingEnv) {
        super.init(processingEnv);
        step = new ToolProcessingStep(processingEnv, "openai".equals(processingEnv.getOptions().get(STRICT_OPTION)));
    }

    @Override
    public Set<String> getSupportedAnnotationTypes() {
        // "*": javac hands a processor only annotations it sees on members, and @Tool inside a local or
        // anonymous class is invisible to it; this processor must still run to report those.
        return Set.of("*");
    }

    @Override
    public Set<String> getSupportedOptions() {
        return Set.of(STRICT_OPTION);
    }

    @Override
    public SourceVersion getSupportedSourceVersion() {
        return SourceVersion.latestSupported();
    }

    @Override
    public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
        step.process(round);
        return false;
    }
}
