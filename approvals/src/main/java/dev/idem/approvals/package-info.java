/**
 * Calls awaiting a person's approval, and the decisions on them, kept as records of their own kind
 * in a {@link dev.idem.journal.CallJournal}: a decision is recorded once even when two replicas
 * decide at the same moment. Calls whose outcome is unknown are offered through the same channel.
 * The operator's command line over both is idem-cli ({@code java -jar idem-cli.jar journal ...}).
 *
 * <p>Entry types: {@link dev.idem.approvals.Approvals}, {@link dev.idem.approvals.ApprovalRequest},
 * {@link dev.idem.approvals.ApprovalDecision}.
 *
 * <pre>{@code
 * Approvals approvals = Approvals.over(journal);
 * approvals.request(key).ifPresent(request -> show(request.tool(), request.argumentsJson()));
 * approvals.decide(ApprovalDecision.approve(key, "ana", "invoice 311 checked"));
 * }</pre>
 */
package dev.idem.approvals;
