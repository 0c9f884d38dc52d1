/**
 * The engine that runs one tool call, as stages handing values on (docs/building.md, "One call's
 * route"): {@link dev.idem.internal.call.CallExecution} takes the call from
 * {@link dev.idem.tool.ToolRun} through {@link dev.idem.internal.call.CallPreparation}, the
 * {@link dev.idem.internal.call.JournalStep} and its {@link dev.idem.internal.call.CallClaim}, to
 * {@link dev.idem.internal.call.CallAttempts} under the call's one
 * {@link dev.idem.internal.call.Lease}; {@link dev.idem.internal.call.CallEvents} is the one way
 * its events leave. Not exported by the runtime's module: no compatibility promise; its types are
 * public only so that the API package can start it.
 */
package dev.idem.internal.call;
