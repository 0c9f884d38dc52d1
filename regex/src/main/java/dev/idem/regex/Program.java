package dev.idem.regex;

/**
 * Instructions for the backtracking matcher: one program for the pattern and one per lookaround,
 * each matching forward or (for lookbehinds) backward.
 */
final class Program {
    /** Consume one code point in {@code sets[a]}. */
    static final int CHARS = 0;
    /** Try {@code a} first, then {@code b}. */
    static final int SPLIT = 1;
    /** Continue at {@code a}. */
    static final int JUMP = 2;
    static final int START = 3;
    static final int END = 4;
    static final int WORD_BOUNDARY = 5;
    static final int NOT_WORD_BOUNDARY = 6;
    /** Program {@code a} must match here ({@code b == 1}: must not). */
    static final int LOOK = 7;
    /** Capture slot {@code a} = position. */
    static final int SAVE = 8;
    /** Clear the captures of groups {@code a..b}. */
    static final int RESET = 9;
    /** Register {@code a} = position (where a loop iteration started). */
    static final int MARK = 10;
    /** Fail when the position still equals register {@code a}: an iteration that matched nothing. */
    static final int CHECK = 11;
    /** The text of group {@code a} again. */
    static final int BACK_REFERENCE = 12;
    static final int MATCH = 13;
    /** As many code points of {@code sets[a]} as there are, then give back one at a time (greedy {@code [set]*}, {@code b} = minimum). */
    static final int SPAN = 14;

    final int[] op;
    final int[] a;
    final int[] b;
    final CodePointSet[] sets;
    final boolean backward;

    Program(int[] op, int[] a, int[] b, CodePointSet[] sets, boolean backward) {
        this.op = op;
        this.a = a;
        this.b = b;
        this.sets = sets;
        this.backward = backward;
    }

    int size() {
        return op.length;
    }

    /** Whether every match must begin at the start of the text (a leading {@code ^} on every path). */
    boolean anchoredAtStart() {
        return !backward && op.length > 0 && op[0] == START;
    }
}
