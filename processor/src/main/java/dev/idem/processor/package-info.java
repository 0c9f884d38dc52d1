/**
 * The Idem annotation processor's front door: turns classes with {@code @Tool} methods into
 * generated {@code <Flat_Name>_ToolSet} sources, descriptor resources and service entries.
 *
 * <p>Entry types: {@link dev.idem.processor.ToolProcessor} (isolating: one tool set per class,
 * option {@code -Aidem.strict=openai}) and {@link dev.idem.processor.ServiceRegistrationProcessor}
 * (aggregating: {@code META-INF/services/dev.idem.tool.ToolSetFactory}). Both only wire; the work
 * is a pipeline, one package per stage:
 *
 * <pre>
 * processingstep  collect @Tool methods per class, defer unresolved types
 *   validation    validate(elements): every rule, reported on the exact element or value
 *   model         built from clean input only: ToolClassModel, ToolModel, TypeModel
 *   validation    validate(model): duplicate JSON names, strict dialect
 *   schema        one ToolSchemas(standard, strict) per tool
 *   writing       the _ToolSet source and the descriptor resource
 * base            what every stage shares: Diagnostic, Report, ToolMethod, TypeShapes
 * </pre>
 *
 * <p>Use it as an annotation processor:
 *
 * <pre>{@code
 * javac -processorpath idem-processor.jar -cp idem-runtime.jar:... Bank.java
 * }</pre>
 */
package dev.idem.processor;
