/**
 * Immutable records describing a class's tools, built only from input validation accepted; the
 * model reports nothing.
 *
 * <p>Entry types: {@link dev.idem.processor.model.ToolModelFactory} (builds the model),
 * {@link dev.idem.processor.model.ToolClassModel}, {@link dev.idem.processor.model.ToolModel}
 * (which keeps its {@code ExecutableElement}, so diagnostics about a tool land on its own method)
 * and the sealed {@link dev.idem.processor.model.TypeModel}.
 *
 * <pre>{@code
 * ToolClassModel model = new ToolModelFactory(javaTypes).create(type, tools);
 * for (ToolModel tool : model.tools()) {
 *     tool.parameters().forEach(p -> System.out.println(p.jsonName() + ": " + p.type().javaType()));
 * }
 * }</pre>
 */
package dev.idem.processor.model;
