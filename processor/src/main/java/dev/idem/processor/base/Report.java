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

    /**
     * Adds a diagnostic on an element.
     *
     * @param diagnostic what is wrong
     * @param element    where
     * @param args       the values of the message's placeholders
     */
    public void add(Diagnostic diagnostic, Element element, Object... args) {
        items.add(new Item(diagnostic, diagnostic.format(args), element, null, null));
    }

    /**
     * Adds a diagnostic on one value of an annotation.
     *
     * @param diagnostic what is wrong
     * @param element    the annotated element
     * @param annotation the annotation
     * @param value      the value at fault
     * @param args       the values of the message's placeholders
     */
    public void add(Diagnostic diagnostic, Element element, AnnotationMirror annotation, AnnotationValue value,
            Object... args) {
        items.add(new Item(diagnostic, diagnostic.format(args), element, annotation, value));
    }

    /**
     * Adds a message whose text is already complete (internal errors with their trace).
     *
     * @param diagnostic what is wrong
     * @param element    where
     * @param detail     the complete text
     */
    public void addRaw(Diagnostic diagnostic, Element element, String detail) {
        items.add(new Item(diagnostic, diagnostic.format(detail), element, null, null));
    }

    /**
     * Whether any error was added.
     *
     * @return whether any error was added
     */
    public boolean hasErrors() {
        return items.stream().anyMatch(item -> item.diagnostic().kind() == Kind.ERROR);
    }

    /**
     * Number of errors, to tell whether a step added any.
     *
     * @return the number of errors
     */
    public int errorCount() {
        return (int) items.stream().filter(item -> item.diagnostic().kind() == Kind.ERROR).count();
    }

    /**
     * Prints every diagnostic, in the order added.
     *
     * @param messager where to print
     */
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
