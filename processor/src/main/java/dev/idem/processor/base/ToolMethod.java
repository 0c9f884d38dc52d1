package dev.idem.processor.base;

import javax.lang.model.element.ExecutableElement;
import javax.lang.model.util.Elements;

/**
 * A {@code @Tool} method with the facts every stage needs, read once: its {@code @Tool}
 * annotation, the tool name and the description.
 *
 * @param element     the method
 * @param annotation  its {@code @Tool}
 * @param name        {@code @Tool(name)}, else the method name
 * @param description {@code @Tool(description)}, else the whole Javadoc main description; may be empty
 * @param doc         the method's Javadoc ({@code @param} texts describe parameters)
 */
public record ToolMethod(ExecutableElement element, AnnotationValues annotation, String name, String description,
        DocComment doc) {

    /** The annotation type. */
    public static final String TOOL = "dev.idem.Tool";

    /**
     * Reads a method known to carry {@code @Tool}.
     *
     * @param method   the method
     * @param elements the compiler's element utilities
     * @return the method's annotation values and parameters
     */
    public static ToolMethod read(ExecutableElement method, Elements elements) {
        AnnotationValues tool = AnnotationValues.find(method, TOOL, elements);
        String name = tool.string("name").isEmpty() ? method.getSimpleName().toString() : tool.string("name");
        DocComment doc = DocComment.parse(elements.getDocComment(method));
        // the whole main description: what a tool must not be used for is rarely in the first sentence
        String description = tool.string("description").isEmpty() ? doc.description() : tool.string("description");
        return new ToolMethod(method, tool, name, description, doc);
    }

    /**
     * {@code pick(int)}: how a message names the method among its overloads.
     *
     * @return the signature, e.g. {@code pick(int)}
     */
    public String signature() {
        return element.getSimpleName() + element.getParameters().toString().replace('[', '(').replace(']', ')');
    }
}
