package dev.idem.processor.base;

import java.util.ArrayList;
import java.util.List;
import javax.annotation.processing.Messager;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.tools.Diagnostic.Kind;

/**
 * Diagnostics found about one tool class, each on the most precise place known: an element, an
 * annotation on it, or one value of that annotation. Collected first, printed together.
 */
public final class Report {

    private record Item(Diagnostic diagnostic, String message, Element element, AnnotationMirror annotation,
            AnnotationValue value) {}

    private final List<Item> items = new ArrayList<>();

    public void add(Diagnostic diagnostic, Element element, Object... args) {
        items.add(new Item(diagnostic, diagnostic.format(args), element, null, null));
    }

    public void add(Diagnostic diagnostic, Element element, AnnotationMirror annotation, AnnotationValue value,
            Object... args) {
        items.add(new Item(diagnostic, diagnostic.format(args), element, annotation, value));
    }

    /** Adds a message whose text is already complete (internal errors with their trace). */
    public void addRaw(Diagnostic diagnostic, Element element, String detail) {
        items.add(new Item(diagnostic, diagnostic.format(detail), element, null, null));
    }

    public boolean hasErrors() {
        return items.stream().anyMatch(item -> item.diagnostic().kind() == Kind.ERROR);
    }

    /** Number of errors, to tell whether a step added any. */
    public int errorCount() {
        return (int) items.stream().filter(item -> item.diagnostic().kind() == Kind.ERROR).count();
    }

    public void printTo(Messager messager) {
        for (Item item : items) {
            if (item.value() != null) {
                messager.printMessage(item.diagnostic().kind(), item.message(), item.element(), item.annotation(), item.value());
            } else if (item.annotation() != null) {
                messager.printMessage(item.diagnostic().kind(), item.message(), item.element(), item.annotation());
            } else {
                messager.printMessage(item.diagnostic().kind(), item.message(), item.element());
            }
        }
        items.clear();
    }
}
