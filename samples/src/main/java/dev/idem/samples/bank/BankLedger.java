package dev.idem.samples.bank;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The bank's books: the balance, the transfers and, per idempotency key, the parameters it was
 * first used with, whether a request holding it is in flight and the stored response. One
 * monitor guards everything, so "check the key, move the money, store the answer" is one step
 * as far as any other request can tell.
 */
final class BankLedger {
    /** How a request with a key may proceed. */
    enum Admission { EXECUTE, IN_FLIGHT, KEY_REUSED, REPLAY }

    /** An answer as stored for replay. */
    record StoredResponse(int status, String body) {
    }

    record Admitted(Admission admission, StoredResponse stored) {
    }

    record Execution(StoredResponse response, boolean effect) {
    }

    private static final class KeyState {
        TransferRequest request;
        boolean inFlight;
        StoredResponse stored;
        int effects;
        int requests;
        int lastStatus;
    }

    private final Map<String, KeyState> keys = new LinkedHashMap<>();
    private final List<Transfer> transfers = new ArrayList<>();
    private long balanceCents;

    BankLedger(long balanceCents) {
        this.balanceCents = balanceCents;
    }

    synchronized void received(String key) {
        KeyState state = keys.computeIfAbsent(key, k -> new KeyState());
        state.requests++;
        state.lastStatus = 0;
    }

    /** Decides, and for {@code EXECUTE} takes the key's in-flight lock until {@link #complete}. */
    synchronized Admitted admit(String key, TransferRequest request) {
        KeyState state = keys.get(key);
        if (state.inFlight) {
            return new Admitted(Admission.IN_FLIGHT, null);
        }
        if (state.stored != null) {
            return state.request.equals(request)
                    ? new Admitted(Admission.REPLAY, state.stored)
                    : new Admitted(Admission.KEY_REUSED, null);
        }
        state.request = request;
        state.inFlight = true;
        return new Admitted(Admission.EXECUTE, null);
    }

    /** Moves the money (or declines); the caller holds the key's lock from {@link #admit}. */
    synchronized Execution execute(String key, TransferRequest request, boolean decline) {
        if (decline || request.cents() > balanceCents) {
            return new Execution(new StoredResponse(400, BankJson.error("INSUFFICIENT_FUNDS",
                    "balance is too low for a transfer of " + request.cents() + " cents")), false);
        }
        balanceCents -= request.cents();
        Transfer transfer = new Transfer("tr_" + (transfers.size() + 1), key, request.pixKey(), request.cents(),
                request.date());
        transfers.add(transfer);
        keys.get(key).effects++;
        return new Execution(new StoredResponse(200, BankJson.transfer(transfer)), true);
    }

    /** Stores the answer for replay and releases the key. */
    synchronized void complete(String key, StoredResponse response) {
        KeyState state = keys.get(key);
        state.stored = response;
        state.inFlight = false;
    }

    synchronized void answered(String key, int status) {
        keys.get(key).lastStatus = status;
    }

    synchronized Map<String, KeyHistory> history() {
        Map<String, KeyHistory> history = new LinkedHashMap<>();
        keys.forEach((key, state) -> history.put(key,
                new KeyHistory(key, state.effects, state.requests, state.lastStatus)));
        return Collections.unmodifiableMap(history);
    }

    synchronized List<Transfer> transfers() {
        return List.copyOf(transfers);
    }

    synchronized long balanceCents() {
        return balanceCents;
    }
}
