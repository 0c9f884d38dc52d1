package test;

import dev.idem.ApprovalCondition;
import dev.idem.Tool;
import dev.idem.tool.ToolContext;
import dev.idem.tool.Verification;
import dev.idem.tool.content.ContentItem;
import dev.idem.tool.content.ToolContent;
import java.sql.Connection;

/** Tools with a transaction, a verifier, an approval and content: what Kitchen does not declare. */
public class Ledger {
    /** Transfers above one hundred units need approval. */
    public static final class Large implements ApprovalCondition {
        @Override
        public boolean requiresApproval(Arguments arguments) {
            return arguments.longValue("cents") > 10_000;
        }
    }

    /**
     * Records an entry in the caller's transaction.
     *
     * @param account    the account
     * @param cents      the amount
     * @param connection the call's transaction, never in the schema
     */
    @Tool(restartSafe = false)
    public String record(String account, long cents, Connection connection) {
        return account + ":" + cents;
    }

    /**
     * Pays once; after a crash the verifier tells whether the payment was made.
     *
     * @param to    the payee
     * @param cents the amount
     */
    @Tool(restartSafe = false, verifier = "findPayment")
    public String pay(String to, long cents, ToolContext context) {
        return "paid " + to;
    }

    Verification<String> findPayment(String key, String to, long cents) {
        return Verification.notApplied();
    }

    /**
     * Transfers money; large amounts wait for the treasury's approval.
     *
     * @param to    the payee
     * @param cents the amount
     */
    @Tool(restartSafe = false, requiresApproval = true, approvalWhen = Large.class, approvers = "treasury")
    public long transfer(String to, long cents) {
        return cents;
    }

    /**
     * A statement as text and a link to its document.
     *
     * @param account the account
     */
    @Tool(readOnly = true)
    public ToolContent statement(String account) {
        return ToolContent.of(ContentItem.text("Statement of " + account),
                ContentItem.resourceLink("file:///statements/" + account + ".pdf", account + ".pdf", "application/pdf"));
    }
}
