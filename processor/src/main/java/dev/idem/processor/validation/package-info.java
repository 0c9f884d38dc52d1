/**
 * Every rule about tools, and the only stage that raises diagnostics about them. It runs twice:
 * on the elements before any model exists, and on the model for what only the model shows.
 *
 * <p>Entry types: {@link dev.idem.processor.validation.ToolClassValidator} (the class, tool
 * names, each method, its retry policy, parameter and result types, constraints),
 * {@link dev.idem.processor.validation.ModelValidator} (duplicate JSON names, the strict
 * dialect) and {@link dev.idem.processor.validation.LocalClassScanner} ({@code @Tool} in local
 * and anonymous classes, which javac never hands to processors).
 *
 * <pre>{@code
 * new ToolClassValidator(javaTypes).validate(type, tools, report);
 * if (!report.hasErrors()) {
 *     ToolClassModel model = new ToolModelFactory(javaTypes).create(type, tools);
 *     new ModelValidator(strictOpenAi).validate(model, report);
 * }
 * }</pre>
 */
package dev.idem.processor.validation;
