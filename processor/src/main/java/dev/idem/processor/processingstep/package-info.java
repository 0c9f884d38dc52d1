/**
 * One processing round: collects the classes with {@code @Tool} methods, defers those whose
 * signatures mention types not generated yet (by name, to the next round), and runs each class
 * through the pipeline, catching any failure as an internal error on that class.
 *
 * <p>Entry type: {@link dev.idem.processor.processingstep.ToolProcessingStep}.
 *
 * <pre>{@code
 * ToolProcessingStep step = new ToolProcessingStep(processingEnv, strictOpenAi);
 * step.process(roundEnvironment);   // once per round
 * }</pre>
 */
package dev.idem.processor.processingstep;
