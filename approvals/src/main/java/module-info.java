/**
 * Idem's approvals: calls awaiting a person's approval and the decisions on them, recorded once in
 * the call journal (in memory, file or PostgreSQL alike). Depends on the runtime alone.
 *
 * <pre>{@code
 * Approvals approvals = Approvals.over(journal);
 * approvals.decide(ApprovalDecision.approve(key, "ana", "invoice 311 checked"));
 * }</pre>
 */
module dev.idem.approvals {
    requires transitive dev.idem.runtime;
    requires org.slf4j;

    exports dev.idem.approvals;
}
