package dev.idem.processor;

import com.google.auto.service.AutoService;
import dev.idem.processor.base.AnnotationValues;
import dev.idem.processor.base.PropertyElement;
import dev.idem.processor.base.ToolMethod;
import dev.idem.processor.processingstep.ToolProcessingStep;
import java.util.Set;
import javax.annotation.processing.AbstractProcessor;
import javax.annotation.processing.ProcessingEnvironment;
import javax.annotation.processing.Processor;
import javax.annotation.processing.RoundEnvironment;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.Element;
import javax.lang.model.element.TypeElement;

/**
 * Turns every class with {@code @Tool} methods into a generated {@code <Flat_Name>_ToolSet} and a
 * descriptor resource. Isolating: each output has exactly its class as originating element. The
 * work happens in {@link ToolProcessingStep}; this class only wires it.
 *
 * <p>It claims Idem's own annotations ({@code @Tool}, {@code @Param}, {@code @Retry}, and the
 * {@code @Generated} on its own output), so a user build with {@code -Xlint:all -Werror} does not
 * fail on "no processor claimed" warnings. A claim hides the annotations from processors asked
 * after this one, so the other Idem processors, which also need to see {@code @Tool}, come first
 * in the service file (a test keeps that order).
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

    private static final String GENERATED = "javax.annotation.processing.Generated";

    @Override
    public Set<String> getSupportedAnnotationTypes() {
        // Not "*": returning true would then claim every annotation of the compilation. @Tool in local
        // and anonymous classes, which javac never shows a processor, is LocalToolClassProcessor's.
        return Set.of(ToolMethod.TOOL, PropertyElement.PARAM, "dev.idem.Retry", GENERATED);
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
        return onlyIdemOutputIsMarkedGenerated(round);
    }

    /**
     * Whether claiming this round's annotations takes nothing from another processor: the claim
     * covers {@code @Generated}, which must then mark only what this processor wrote. A round with
     * another generator's {@code @Generated} is left unclaimed (javac warns about that one anyway).
     */
    private boolean onlyIdemOutputIsMarkedGenerated(RoundEnvironment round) {
        TypeElement generated = processingEnv.getElementUtils().getTypeElement(GENERATED);
        if (generated == null) {
            return true;
        }
        for (Element element : round.getElementsAnnotatedWith(generated)) {
            AnnotationValues marker = AnnotationValues.find(element, GENERATED, processingEnv.getElementUtils());
            if (marker == null || !marker.value("value").toString().contains(getClass().getName())) {
                return false;
            }
        }
        return true;
    }
}
