/**
 * Executing tool calls under Idem's rules: look up, parse, bind, run under the effective retry
 * policy, timeout, circuit breaker and retry budget, classify every failure, decide in one place
 * whether the body runs again, format one answer for the model.
 *
 * <p>Entry types: {@link dev.idem.tool.ToolRegistry} (the tools, by name),
 * {@link dev.idem.tool.ToolExecutor} and its per-request {@link dev.idem.tool.ToolRun} (run calls,
 * blocking or not), {@link dev.idem.tool.ToolResult} (what the model is told). The decision table
 * itself can be asked without running anything: {@link dev.idem.tool.RetryRule#decide}.
 *
 * <pre>{@code
 * ToolExecutor executor = ToolExecutor.builder(ToolRegistry.of(Bank_ToolSet.of(bank))).build();
 * ToolRun run = executor.newRun("ticket-4711");                  // one per user request
 * ToolResult result = run.execute(new ToolCall("call_1", "schedulePix", argumentsJson));
 * String forTheModel = result.textForModel();
 * }</pre>
 */
package dev.idem.tool;
