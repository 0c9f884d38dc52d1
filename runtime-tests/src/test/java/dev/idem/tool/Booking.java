package dev.idem.tool;

import dev.idem.Tool;
import java.sql.Connection;

/** A transactional tool (its connection parameter makes it one), neither restart-safe nor idempotent. */
public class Booking {
    /** Books, in the call's transaction. */
    @Tool(restartSafe = false, idempotent = false)
    public void book(Connection connection) {
    }
}
