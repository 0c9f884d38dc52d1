/**
 * OpenTelemetry spans and metrics for Idem: {@code execute_tool} spans for tool calls and
 * {@code chat} spans for model calls, as the GenAI semantic conventions define them, with Idem's
 * own facts (attempts, the deciding rule, the idempotency key, an unknown outcome, the journal's
 * verdict) under {@code idem.*}. Start at {@link dev.idem.opentelemetry.IdemTelemetry}.
 */
package dev.idem.opentelemetry;
