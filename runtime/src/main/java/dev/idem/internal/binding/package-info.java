/**
 * Internal: called by generated {@code *_ToolSet} code only; no compatibility promise. Reads
 * arguments from a Jackson tree into parameter values (every problem reported, none thrown
 * one at a time) and encodes results back to JSON, without reflection.
 *
 * <p>Entry types: {@link dev.idem.internal.binding.ArgumentReader},
 * {@link dev.idem.generated.ResultEncoder}.
 *
 * <pre>{@code
 * // generated, in Weather_ToolSet:
 * ArgumentReader reader = new ArgumentReader();
 * reader.object(arguments, "", FORECAST_PARAMETERS);
 * String city = reader.required(arguments, "", "city", reader::readString);
 * reader.throwIfProblems();                        // every problem at once, as ArgumentBindingException
 * }</pre>
 */
package dev.idem.internal.binding;
