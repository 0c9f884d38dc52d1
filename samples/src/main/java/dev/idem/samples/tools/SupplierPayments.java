package dev.idem.samples.tools;

import dev.idem.ApprovalCondition;
import dev.idem.Param;
import dev.idem.Tool;
import dev.idem.tool.ToolContext;
import dev.idem.tool.Verification;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.time.LocalDate;
import java.util.Objects;

/**
 * Payments to suppliers: one above {@link AboveLimit#LIMIT_CENTS} waits for a person's approval
 * (ana or bruno) before it runs. Not idempotent, like {@link PixTransfers#payPix}: a payment whose
 * answer is lost is never sent again; its verifier asks the bank's ledger instead.
 *
 * <pre>{@code
 * ToolSet tools = SupplierPayments_ToolSet.of(new SupplierPayments(bankUri, HttpClient.newHttpClient()));
 * }</pre>
 */
public class SupplierPayments {

    /** A payment above R$ 1,000.00 needs approval. */
    public static final class AboveLimit implements ApprovalCondition {

        /** The largest amount paid without approval, in cents. */
        public static final long LIMIT_CENTS = 100_000;

        /** Creates the condition (the generated tool set does, with {@code new}). */
        public AboveLimit() {}

        @Override
        public boolean requiresApproval(Arguments arguments) {
            return arguments.longValue("cents") > LIMIT_CENTS;
        }
    }

    private final PixTransfers transfers;

    public SupplierPayments(URI baseUrl, HttpClient http) {
        this.transfers = new PixTransfers(Objects.requireNonNull(baseUrl, "baseUrl"), Objects.requireNonNull(http, "http"));
    }

    /**
     * Pays a supplier by Pix at once; above R$ 1,000.00 only once a person approved it.
     *
     * @param key   the supplier's Pix key
     * @param cents amount in cents, at least 1
     * @param date  the day of the payment, e.g. 2026-12-01
     */
    @Tool(restartSafe = false, idempotent = false, destructive = false, title = "Pay a supplier by Pix",
            timeoutMs = 2000, verifier = "findPayment", requiresApproval = true, approvalWhen = AboveLimit.class,
            approvers = {"ana", "bruno"})
    public PixBank.Receipt paySupplier(String key, @Param(min = 1) long cents, LocalDate date, ToolContext ctx)
            throws IOException, InterruptedException {
        return transfers.payPix(key, cents, date, ctx);
    }

    /**
     * Read-only: the payment the bank made with this idempotency key, if any.
     *
     * @param idempotencyKey the payment's idempotency key
     * @return APPLIED with the receipt, NOT_APPLIED when the ledger has no such transfer
     * @throws IOException when the bank cannot be reached (the executor asks again)
     * @throws InterruptedException when interrupted
     */
    Verification<PixBank.Receipt> findPayment(String idempotencyKey) throws IOException, InterruptedException {
        return transfers.findTransfer(idempotencyKey);
    }
}
