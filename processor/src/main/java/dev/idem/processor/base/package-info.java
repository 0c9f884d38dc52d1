/**
 * The bottom of the processor: facts and vocabulary every stage shares, depending on no stage.
 *
 * <p>Entry types: {@link dev.idem.processor.base.Diagnostic} (the catalog of messages, each with
 * a stable id such as {@code [Idem/PrivateToolMethod]}), {@link dev.idem.processor.base.Report}
 * (diagnostics collected per class, each on the most precise place, printed together),
 * {@link dev.idem.processor.base.ToolMethod} (a {@code @Tool} method with its name and
 * description read once) and {@link dev.idem.processor.base.TypeShapes} (the one rule for which
 * Java types a tool may use).
 *
 * <pre>{@code
 * Report report = new Report();
 * ToolMethod tool = ToolMethod.read(method, elements);
 * if (tool.description().isEmpty()) {
 *     report.add(Diagnostic.MISSING_DESCRIPTION, tool.element(), tool.name());
 * }
 * report.printTo(messager);
 * }</pre>
 */
package dev.idem.processor.base;
