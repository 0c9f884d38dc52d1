package dev.idem.benchmarks;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.util.LinkedHashSet;
import java.util.Set;
import javax.annotation.processing.AbstractProcessor;
import javax.annotation.processing.RoundEnvironment;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.Element;
import javax.lang.model.element.PackageElement;
import javax.lang.model.element.TypeElement;

/**
 * The floor of any processor that writes sources, for {@link ProcessorOverhead}: it claims
 * {@code @Tool} as the Idem processor does and writes one empty class per tool class, so javac runs
 * the same extra rounds (the round with the generated sources, the final round) and enters every
 * tree again in each, but has next to nothing more to compile. Not registered as a service of the
 * benchmarks jar: {@code ProcessorOverhead} writes a jar of this class alone for {@code -processorpath}.
 */
public final class NullToolProcessor extends AbstractProcessor {

    /** A public no-argument constructor, for javac's service loader. */
    public NullToolProcessor() {}

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
        Set<TypeElement> classes = new LinkedHashSet<>();
        for (TypeElement annotation : annotations) {
            for (Element method : round.getElementsAnnotatedWith(annotation)) {
                classes.add((TypeElement) method.getEnclosingElement());
            }
        }
        for (TypeElement type : classes) {
            String packageName = ((PackageElement) type.getEnclosingElement()).getQualifiedName().toString();
            String simpleName = type.getSimpleName() + "_Null";
            try (Writer out = processingEnv.getFiler()
                    .createSourceFile(packageName + "." + simpleName, type).openWriter()) {
                out.write("package " + packageName + ";\n\nfinal class " + simpleName + " {}\n");
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return true;
    }
}
