package dev.idem.regex;

import java.util.Arrays;

/**
 * Searches one text with a compiled pattern by backtracking on an explicit stack (deep inputs
 * cannot overflow the thread's stack), with ECMA-262's rules: leftmost start, options in order,
 * captures cleared on each iteration and an iteration that matches nothing ends its loop.
 *
 * <p>Without back references, captures cannot change whether the pattern matches, so a failed
 * (instruction, position) state fails forever: each is visited at most once, and a search costs
 * at most (program size x text length) steps, whatever the pattern ({@code (a|aa)*b},
 * {@code (.*a){12}}). With back references no such bound exists; the deadline then ends the
 * search. Not thread-safe: one matcher per search.
 */
final class Matcher {
    /** Memo bits allowed per search (8 MiB); above, the search runs without memo, under its deadline. */
    private static final long MAX_MEMO_BITS = 1L << 26;
    /** Backtracking stack entries allowed (3 ints each, 96 MiB). */
    private static final int MAX_STACK = 8 << 20;
    private static final int BRANCH = 0;
    private static final int RESTORE_SLOT = 1;
    private static final int RESTORE_REGISTER = 2;
    private static final int GIVE_BACK = 3;

    private final Compiler.Compiled compiled;
    private final String text;
    private final int length;
    private final long deadline;
    private final boolean bounded;
    private final boolean memo;
    private final long[][] visited;
    private final byte[][] looks;
    private final int[] registers;
    private int ticks;

    Matcher(Compiler.Compiled compiled, String text, long deadlineNanos, boolean bounded) {
        this.compiled = compiled;
        this.text = text;
        this.length = text.length();
        this.deadline = deadlineNanos;
        this.bounded = bounded;
        long instructions = 0;
        for (Program program : compiled.programs()) {
            instructions += program.size();
        }
        this.memo = !compiled.captures() && instructions * (length + 1L) <= MAX_MEMO_BITS;
        this.visited = new long[compiled.programs().length][];
        this.looks = new byte[compiled.programs().length][];
        this.registers = new int[compiled.registers()];
    }

    boolean find() {
        Program main = compiled.programs()[0];
        int[] slots = compiled.captures() ? new int[compiled.slots()] : null;
        for (int start = 0; start <= length; start = next(start)) {
            if (slots != null) {
                Arrays.fill(slots, -1);
            }
            if (run(0, start, slots, null)) {
                return true;
            }
            if (main.anchoredAtStart()) {
                return false;
            }
        }
        return false;
    }

    private int next(int position) {
        return position < length ? position + Character.charCount(text.codePointAt(position)) : position + 1;
    }

    /**
     * Whether program {@code index} matches from {@code start}. {@code slots} (captures, or null) end
     * as the match left them; {@code outer}, when given, receives undo entries for the caller.
     */
    private boolean run(int index, int start, int[] slots, IntStack outer) {
        Program program = compiled.programs()[index];
        long[] seen = memo ? seen(index) : null;
        // States marked during a lookaround's search that then succeeds did not fail: unmark them,
        // so a later search of the same lookaround from another position may pass through them.
        IntStack marked = seen != null && index != 0 ? new IntStack() : null;
        IntStack stack = new IntStack();
        int pc = 0;
        int pos = start;
        int width = length + 1;
        while (true) {
            boolean failed = false;
            while (!failed) {
                tick();
                if (seen != null) {
                    int key = pc * width + pos;
                    long bit = 1L << key;
                    if ((seen[key >>> 6] & bit) != 0) {
                        break;
                    }
                    seen[key >>> 6] |= bit;
                    if (marked != null) {
                        marked.push(key);
                    }
                }
                switch (program.op[pc]) {
                    case Program.CHARS -> {
                        int after = step(program, pos, program.sets[program.a[pc]]);
                        if (after < 0) {
                            failed = true;
                        } else {
                            pos = after;
                            pc++;
                        }
                    }
                    case Program.SPAN -> {
                        int[] range = seen != null ? spanWithMemo(program, pc, pos, seen, marked) : span(program, pc, pos);
                        if (range == null) {
                            failed = true;
                        } else {
                            // greedy: the longest run first, then one code point shorter at a time
                            if (range[1] != range[0]) {
                                push(stack, GIVE_BACK, pc + 1, range[1], range[0]);
                            }
                            pos = range[1];
                            pc++;
                        }
                    }
                    case Program.SPLIT -> {
                        push(stack, BRANCH, program.b[pc], pos, 0);
                        pc = program.a[pc];
                    }
                    case Program.JUMP -> pc = program.a[pc];
                    case Program.START -> {
                        failed = pos != 0;
                        pc++;
                    }
                    case Program.END -> {
                        failed = pos != length;
                        pc++;
                    }
                    case Program.WORD_BOUNDARY, Program.NOT_WORD_BOUNDARY -> {
                        boolean boundary = word(pos - 1) != word(pos);
                        failed = boundary != (program.op[pc] == Program.WORD_BOUNDARY);
                        pc++;
                    }
                    case Program.LOOK -> {
                        boolean negated = program.b[pc] == 1;
                        failed = look(program.a[pc], pos, negated, slots, stack) == negated;
                        pc++;
                    }
                    case Program.SAVE -> {
                        push(stack, RESTORE_SLOT, program.a[pc], slots[program.a[pc]], 0);
                        slots[program.a[pc]] = pos;
                        pc++;
                    }
                    case Program.RESET -> {
                        for (int slot = 2 * program.a[pc]; slot <= 2 * program.b[pc] + 1; slot++) {
                            push(stack, RESTORE_SLOT, slot, slots[slot], 0);
                            slots[slot] = -1;
                        }
                        pc++;
                    }
                    case Program.MARK -> {
                        push(stack, RESTORE_REGISTER, program.a[pc], registers[program.a[pc]], 0);
                        registers[program.a[pc]] = pos;
                        pc++;
                    }
                    case Program.CHECK -> {
                        failed = registers[program.a[pc]] == pos;
                        pc++;
                    }
                    case Program.BACK_REFERENCE -> {
                        int after = backReference(program, pos, slots, program.a[pc]);
                        if (after < 0) {
                            failed = true;
                        } else {
                            pos = after;
                            pc++;
                        }
                    }
                    case Program.MATCH -> {
                        if (marked != null) {
                            for (int i = 0; i < marked.size; i++) {
                                int key = marked.data[i];
                                seen[key >>> 6] &= ~(1L << key);
                            }
                        }
                        return true;
                    }
                    default -> throw new IllegalStateException("unknown instruction " + program.op[pc]);
                }
            }
            // backtrack to the most recent choice, undoing what was done since
            while (true) {
                if (stack.size == 0) {
                    return false;
                }
                int third = stack.pop();
                int second = stack.pop();
                int first = stack.pop();
                int kind = stack.pop();
                if (kind == RESTORE_SLOT) {
                    slots[first] = second;
                } else if (kind == RESTORE_REGISTER) {
                    registers[first] = second;
                } else if (kind == BRANCH) {
                    pc = first;
                    pos = second;
                    break;
                } else {
                    // GIVE_BACK: the run of a span, one code point shorter
                    int shorter = program.backward ? next(second) : previous(second);
                    if (shorter != third) {
                        push(stack, GIVE_BACK, first, shorter, third);
                    }
                    pc = first;
                    pos = shorter;
                    break;
                }
            }
        }
    }

    /**
     * A span's run from {@code pos}: {@code {shortest end, longest end}} of the runs it may leave
     * off at, or null when the run is shorter than the minimum.
     */
    private int[] span(Program program, int pc, int pos) {
        CodePointSet set = program.sets[program.a[pc]];
        int minimum = program.b[pc];
        int end = pos;
        int limit = minimum == 0 ? pos : -1;
        int count = 0;
        for (int after = step(program, end, set); after >= 0; after = step(program, end, set)) {
            end = after;
            if (++count == minimum) {
                limit = end;
            }
            tick();
        }
        return limit < 0 ? null : new int[] {limit, end};
    }

    /**
     * A span under memo: the scan stops at the first position where the same span already ran,
     * because that run tried every longer ending already, and marks the positions it passes (a
     * span started there would try nothing new). Only the endings not tried before are returned:
     * each position is scanned once per span, so spans stay linear overall.
     */
    private int[] spanWithMemo(Program program, int pc, int pos, long[] seen, IntStack marked) {
        CodePointSet set = program.sets[program.a[pc]];
        int minimum = program.b[pc];
        int width = length + 1;
        int end = pos;
        int limit = minimum == 0 ? pos : -1;
        int count = 0;
        boolean metEarlierRun = false;
        for (int after = step(program, end, set); after >= 0; after = step(program, end, set)) {
            tick();
            int key = pc * width + after;
            if ((seen[key >>> 6] & (1L << key)) != 0) {
                metEarlierRun = true;
                break;
            }
            seen[key >>> 6] |= 1L << key;
            if (marked != null) {
                marked.push(key);
            }
            end = after;
            if (++count == minimum) {
                limit = end;
            }
        }
        if (metEarlierRun) {
            // The run from the next position tried endings from (its start + minimum) on; this one
            // still needs the endings before those: up to minimum - 1 code points further.
            end = step(program, end, set);
            count++;
            if (count == minimum) {
                limit = end;
            }
            for (int extra = 1; extra < minimum; extra++) {
                int after = step(program, end, set);
                if (after < 0) {
                    break;
                }
                end = after;
                if (++count == minimum) {
                    limit = end;
                }
            }
            if (minimum == 0) {
                end = program.backward ? next(end) : previous(end);
            }
        }
        return limit < 0 ? null : new int[] {limit, end};
    }

    private boolean look(int index, int pos, boolean negated, int[] slots, IntStack stack) {
        if (!compiled.captures()) {
            byte[] cache = looks[index];
            if (cache == null) {
                cache = looks[index] = new byte[length + 1];
            }
            if (cache[pos] == 0) {
                cache[pos] = (byte) (run(index, pos, null, null) ? 1 : 2);
            }
            return cache[pos] == 1;
        }
        int[] inner = slots.clone();
        boolean matched = run(index, pos, inner, null);
        if (matched && !negated) {
            // a positive lookaround's captures stay (ECMA-262); the caller can still undo them
            for (int slot = 0; slot < inner.length; slot++) {
                if (inner[slot] != slots[slot]) {
                    push(stack, RESTORE_SLOT, slot, slots[slot], 0);
                    slots[slot] = inner[slot];
                }
            }
        }
        return matched;
    }

    /** The position after one code point of {@code set} in the program's direction, or -1. */
    private int step(Program program, int pos, CodePointSet set) {
        if (program.backward) {
            if (pos == 0) {
                return -1;
            }
            int cp = text.codePointBefore(pos);
            return set.contains(cp) ? pos - Character.charCount(cp) : -1;
        }
        if (pos >= length) {
            return -1;
        }
        int cp = text.codePointAt(pos);
        return set.contains(cp) ? pos + Character.charCount(cp) : -1;
    }

    private int previous(int position) {
        return position - Character.charCount(text.codePointBefore(position));
    }

    private int backReference(Program program, int pos, int[] slots, int group) {
        int from = slots[2 * group];
        int to = slots[2 * group + 1];
        if (from < 0 || to < 0) {
            return pos; // a group that did not take part matches the empty string
        }
        int size = to - from;
        if (program.backward) {
            return pos - size >= 0 && text.regionMatches(pos - size, text, from, size) ? pos - size : -1;
        }
        return pos + size <= length && text.regionMatches(pos, text, from, size) ? pos + size : -1;
    }

    private boolean word(int index) {
        if (index < 0 || index >= length) {
            return false;
        }
        char c = text.charAt(index);
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
    }

    private long[] seen(int index) {
        long[] bits = visited[index];
        if (bits == null) {
            long size = (long) compiled.programs()[index].size() * (length + 1);
            bits = visited[index] = new long[(int) ((size + 63) >>> 6)];
        }
        return bits;
    }

    private void push(IntStack stack, int kind, int first, int second, int third) {
        if (stack.size >= 4 * MAX_STACK) {
            throw new RegexLimitException("the pattern check needs more memory than allowed for a text of "
                    + length + " characters");
        }
        stack.push(kind);
        stack.push(first);
        stack.push(second);
        stack.push(third);
    }

    private void tick() {
        if ((++ticks & 0x3FF) == 0 && bounded && System.nanoTime() - deadline > 0) {
            throw new RegexLimitException("the pattern check did not finish before the deadline");
        }
    }

    /** A growable stack of ints. */
    static final class IntStack {
        int[] data = new int[64];
        int size;

        void push(int value) {
            if (size == data.length) {
                data = Arrays.copyOf(data, size * 2);
            }
            data[size++] = value;
        }

        int pop() {
            return data[--size];
        }
    }
}
