/**
 * Internal: the argument readers behind {@code dev.idem.generated}'s one binder; no compatibility
 * promise. Reads values from a Jackson tree (every problem reported, none thrown one at a time),
 * with the sentences the model sees, without reflection.
 *
 * <p>Entry type: {@link dev.idem.internal.binding.ArgumentReader}.
 *
 * <pre>{@code
 * ArgumentReader reader = new ArgumentReader();
 * reader.object(arguments, "", List.of("city"));
 * String city = reader.readString(reader.requiredValue(arguments, "city", "city"), "city");
 * reader.throwIfProblems();                        // every problem at once, as ArgumentBindingException
 * }</pre>
 */
package dev.idem.internal.binding;
