package dev.idem.samples.bank;

import java.util.List;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/** The bank's wire format, in one place. */
final class BankJson {
    static final JsonMapper MAPPER = JsonMapper.builder().build();
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private BankJson() {
    }

    /** {@code {"error":{"code":"...","message":"..."}}}. */
    static String error(String code, String message) {
        ObjectNode root = NODES.objectNode();
        ObjectNode error = root.putObject("error").put("code", code);
        if (message != null) {
            error.put("message", message);
        }
        return MAPPER.writeValueAsString(root);
    }

    /** {@code {"id":"tr_1","pixKey":"...","cents":1234,"date":"2026-12-01","status":"scheduled"}}. */
    static String transfer(Transfer transfer) {
        return MAPPER.writeValueAsString(transferNode(transfer).put("status", "scheduled"));
    }

    static String ledger(long balanceCents, List<Transfer> transfers) {
        ObjectNode root = NODES.objectNode().put("balanceCents", balanceCents);
        ArrayNode entries = root.putArray("entries");
        transfers.forEach(transfer -> entries.add(transferNode(transfer).put("idempotencyKey", transfer.idempotencyKey())));
        return MAPPER.writeValueAsString(root);
    }

    private static ObjectNode transferNode(Transfer transfer) {
        return NODES.objectNode()
                .put("id", transfer.id())
                .put("pixKey", transfer.pixKey())
                .put("cents", transfer.cents())
                .put("date", transfer.date().toString());
    }
}
