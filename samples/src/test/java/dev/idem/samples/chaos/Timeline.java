package dev.idem.samples.chaos;

import java.util.ArrayList;
import java.util.List;

/**
 * What happened in one scenario, in the order it happened, on both sides: attempts, the
 * Retry-After hints they met, and the waits the sleepers were asked for (recorded, not slept).
 * The trace says what the agent decided; the timeline says what it actually did, so the two can
 * be checked against each other.
 */
public final class Timeline {

    /** Which side of the agent an event belongs to. */
    enum Side { USER, MODEL, TOOL }

    /** What an event is. */
    enum What { RUN, ATTEMPT, HINT, WAIT, MISTAKE }

    /**
     * One event.
     *
     * @param side    model, tool, or the user starting a run
     * @param what    the event
     * @param callId  the tool call (tool side), the fault or mistake (model side), else empty
     * @param attempt the tool attempt, the model call index, or the run number
     * @param millis  the hint or the wait, else 0
     */
    record Event(Side side, What what, String callId, int attempt, long millis) {
        @Override
        public String toString() {
            return side + " " + what + (callId.isEmpty() ? "" : " " + callId) + " #" + attempt
                    + (millis == 0 ? "" : " " + millis + " ms");
        }
    }

    // Tool bodies run on the executor's threads, the sleepers on others: every write is guarded.
    private final List<Event> events = new ArrayList<>();

    synchronized void run(int number) {
        events.add(new Event(Side.USER, What.RUN, "", number, 0));
    }

    synchronized void modelAttempt(int callIndex, String fault, long hintMs) {
        events.add(new Event(Side.MODEL, What.ATTEMPT, fault, callIndex, 0));
        if (hintMs > 0) {
            events.add(new Event(Side.MODEL, What.HINT, fault, callIndex, hintMs));
        }
    }

    synchronized void modelMistake(int callIndex, String mistake) {
        events.add(new Event(Side.MODEL, What.MISTAKE, mistake, callIndex, 0));
    }

    synchronized void modelWait(long millis) {
        events.add(new Event(Side.MODEL, What.WAIT, "", 0, millis));
    }

    synchronized void toolAttempt(String callId, int attempt) {
        events.add(new Event(Side.TOOL, What.ATTEMPT, callId, attempt, 0));
    }

    synchronized void toolHint(String callId, int attempt, long hintMs) {
        events.add(new Event(Side.TOOL, What.HINT, callId, attempt, hintMs));
    }

    synchronized void toolWait(long millis) {
        events.add(new Event(Side.TOOL, What.WAIT, "", 0, millis));
    }

    synchronized List<Event> events() {
        return List.copyOf(events);
    }
}
