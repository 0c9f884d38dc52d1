/**
 * Module {@code idem-regex}: ECMA-262 regular expressions (Unicode mode, with the
 * language's early errors) as JSON Schema's {@code pattern} means them: {@code $} only at the very
 * end, {@code \d \w \b} ASCII, {@code .} any code point but line terminators. Matching is linear
 * in the text for patterns without back references and bounded by a deadline otherwise; no
 * stack overflow on long values.
 *
 * <p>Generated {@code *_ToolSet} code holds its patterns as
 * {@link dev.idem.regex.EcmaRegex} constants and checks them through
 * {@code ArgumentReader.matches}; the processor checks every pattern with the same parser (shaded
 * into its jar), so a pattern it accepts always compiles here.
 *
 * <pre>{@code
 * EcmaRegex currency = EcmaRegex.compile("^[A-Z]{3}$");
 * currency.find("USD");                                // true
 * currency.find("USD\n");                              // false: ECMA-262's $ is the very end
 * currency.find(text, System.nanoTime() + 1_000_000);  // RegexLimitException past the deadline
 * }</pre>
 */
package dev.idem.regex;
