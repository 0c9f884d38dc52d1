package dev.idem.regex;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Turns a parsed pattern into {@link Program}s. Counted repetitions are written out ({@code a{2,4}}
 * becomes {@code aa(a(a)?)?}), so matching needs no counters and every state is a position in the
 * program; a pattern that would need more than {@value #MAX_INSTRUCTIONS} instructions is refused.
 */
final class Compiler {
    static final int MAX_INSTRUCTIONS = 20_000;

    private final boolean captures;
    private final List<Program> programs = new ArrayList<>();
    private int registers;
    private int total;

    private Compiler(boolean captures) {
        this.captures = captures;
    }

    /** The compiled pattern: program 0 is the pattern, the others its lookarounds. */
    record Compiled(Program[] programs, int registers, int slots, boolean captures) {}

    static Compiled compile(RegexParser.Parsed parsed) {
        Compiler compiler = new Compiler(parsed.hasBackReferences());
        compiler.programs.add(null);
        Program main = compiler.program(parsed.root(), false);
        compiler.programs.set(0, main);
        return new Compiled(compiler.programs.toArray(new Program[0]), compiler.registers,
                2 * (parsed.groupCount() + 1), parsed.hasBackReferences());
    }

    private Program program(RegexNode node, boolean backward) {
        Emitter out = new Emitter(backward);
        emit(node, out);
        out.emit(Program.MATCH, 0, 0);
        return out.build();
    }

    private void emit(RegexNode node, Emitter out) {
        if (node instanceof RegexNode.Empty) {
            return;
        }
        if (node instanceof RegexNode.Chars chars) {
            out.emit(Program.CHARS, out.set(chars.set()), 0);
        } else if (node instanceof RegexNode.Sequence sequence) {
            List<RegexNode> items = sequence.items();
            for (int i = 0; i < items.size(); i++) {
                emit(items.get(out.backward ? items.size() - 1 - i : i), out);
            }
        } else if (node instanceof RegexNode.Alternation alternation) {
            alternation(alternation, out);
        } else if (node instanceof RegexNode.Repeat repeat) {
            repeat(repeat, out);
        } else if (node instanceof RegexNode.Group group) {
            if (captures) {
                out.emit(Program.SAVE, 2 * group.index() + (out.backward ? 1 : 0), 0);
            }
            emit(group.body(), out);
            if (captures) {
                out.emit(Program.SAVE, 2 * group.index() + (out.backward ? 0 : 1), 0);
            }
        } else if (node instanceof RegexNode.Anchor anchor) {
            out.emit(switch (anchor.kind()) {
                case START -> Program.START;
                case END -> Program.END;
                case WORD_BOUNDARY -> Program.WORD_BOUNDARY;
                case NOT_WORD_BOUNDARY -> Program.NOT_WORD_BOUNDARY;
            }, 0, 0);
        } else if (node instanceof RegexNode.Look look) {
            int index = programs.size();
            programs.add(null);
            programs.set(index, program(look.body(), !look.ahead()));
            out.emit(Program.LOOK, index, look.negated() ? 1 : 0);
        } else if (node instanceof RegexNode.BackReference reference) {
            out.emit(Program.BACK_REFERENCE, reference.group(), 0);
        } else {
            throw new IllegalStateException("unknown node " + node);
        }
    }

    private void alternation(RegexNode.Alternation alternation, Emitter out) {
        CodePointSet merged = singleCharacterOptions(alternation);
        if (merged != null) {
            // a|b|c is [abc]: one instruction, no backtracking between equal choices
            out.emit(Program.CHARS, out.set(merged), 0);
            return;
        }
        List<RegexNode> options = alternation.options();
        int[] jumps = new int[options.size() - 1];
        for (int i = 0; i < options.size() - 1; i++) {
            int split = out.emit(Program.SPLIT, 0, 0);
            out.a[split] = out.size;
            emit(options.get(i), out);
            jumps[i] = out.emit(Program.JUMP, 0, 0);
            out.b[split] = out.size;
        }
        emit(options.get(options.size() - 1), out);
        for (int jump : jumps) {
            out.a[jump] = out.size;
        }
    }

    private CodePointSet singleCharacterOptions(RegexNode.Alternation alternation) {
        CodePointSet.Builder union = new CodePointSet.Builder();
        for (RegexNode option : alternation.options()) {
            RegexNode plain = captures ? option : withoutGroups(option);
            if (!(plain instanceof RegexNode.Chars chars)) {
                return null;
            }
            union.addAll(chars.set());
        }
        return union.build();
    }

    /** The node with capture groups unwrapped (they do nothing when there are no back references). */
    private static RegexNode withoutGroups(RegexNode node) {
        while (node instanceof RegexNode.Group group) {
            node = group.body();
        }
        if (node instanceof RegexNode.Alternation alternation) {
            CodePointSet.Builder union = new CodePointSet.Builder();
            for (RegexNode option : alternation.options()) {
                RegexNode plain = withoutGroups(option);
                if (!(plain instanceof RegexNode.Chars chars)) {
                    return node;
                }
                union.addAll(chars.set());
            }
            return new RegexNode.Chars(union.build());
        }
        return node;
    }

    private void repeat(RegexNode.Repeat repeat, Emitter out) {
        RegexNode plain = captures ? repeat.body() : withoutGroups(repeat.body());
        if (repeat.max() < 0 && repeat.greedy() && plain instanceof RegexNode.Chars chars) {
            // [set]* and [set]+: one backtracking entry for the whole run instead of one per character
            out.emit(Program.SPAN, out.set(chars.set()), repeat.min());
            return;
        }
        boolean check = nullable(repeat.body());
        int register = check ? registers++ : -1;
        for (int i = 0; i < repeat.min(); i++) {
            int before = out.size;
            iteration(repeat, out, -1);
            if (out.size == before) {
                break; // an iteration that is no instruction at all: the others are no more
            }
        }
        if (repeat.max() < 0) {
            int loop = out.emit(Program.SPLIT, 0, 0);
            int body = out.size;
            iteration(repeat, out, register);
            out.emit(Program.JUMP, loop, 0);
            branch(out, loop, body, out.size, repeat.greedy());
            return;
        }
        int optional = repeat.max() - repeat.min();
        int[] splits = new int[Math.min(optional, MAX_INSTRUCTIONS)];
        for (int i = 0; i < optional; i++) {
            if (i >= splits.length) {
                throw tooLarge();
            }
            splits[i] = out.emit(Program.SPLIT, 0, 0);
            out.a[splits[i]] = out.size;
            iteration(repeat, out, register);
        }
        for (int i = 0; i < optional; i++) {
            branch(out, splits[i], splits[i] + 1, out.size, repeat.greedy());
        }
    }

    private static void branch(Emitter out, int split, int body, int exit, boolean greedy) {
        out.a[split] = greedy ? body : exit;
        out.b[split] = greedy ? exit : body;
    }

    private void iteration(RegexNode.Repeat repeat, Emitter out, int register) {
        if (register >= 0) {
            out.emit(Program.MARK, register, 0);
        }
        if (captures && repeat.firstGroup() <= repeat.lastGroup()) {
            out.emit(Program.RESET, repeat.firstGroup(), repeat.lastGroup());
        }
        emit(repeat.body(), out);
        if (register >= 0) {
            out.emit(Program.CHECK, register, 0);
        }
    }

    /** Whether the node may match without consuming anything (conservative: assertions count). */
    static boolean nullable(RegexNode node) {
        if (node instanceof RegexNode.Chars) {
            return false;
        }
        if (node instanceof RegexNode.Sequence sequence) {
            return sequence.items().stream().allMatch(Compiler::nullable);
        }
        if (node instanceof RegexNode.Alternation alternation) {
            return alternation.options().stream().anyMatch(Compiler::nullable);
        }
        if (node instanceof RegexNode.Repeat repeat) {
            return repeat.min() == 0 || nullable(repeat.body());
        }
        if (node instanceof RegexNode.Group group) {
            return nullable(group.body());
        }
        return true;
    }

    private RegexSyntaxException tooLarge() {
        return new RegexSyntaxException("the pattern's repetitions expand to more than " + MAX_INSTRUCTIONS
                + " matching steps", -1, true);
    }

    /** Growable instruction arrays for one program. */
    private final class Emitter {
        final boolean backward;
        int[] op = new int[32];
        int[] a = new int[32];
        int[] b = new int[32];
        int size;
        final List<CodePointSet> sets = new ArrayList<>();

        Emitter(boolean backward) {
            this.backward = backward;
        }

        int emit(int opcode, int first, int second) {
            if (++total > MAX_INSTRUCTIONS) {
                throw tooLarge();
            }
            if (size == op.length) {
                op = Arrays.copyOf(op, size * 2);
                a = Arrays.copyOf(a, size * 2);
                b = Arrays.copyOf(b, size * 2);
            }
            op[size] = opcode;
            a[size] = first;
            b[size] = second;
            return size++;
        }

        int set(CodePointSet set) {
            int index = sets.indexOf(set);
            if (index < 0) {
                sets.add(set);
                index = sets.size() - 1;
            }
            return index;
        }

        Program build() {
            return new Program(Arrays.copyOf(op, size), Arrays.copyOf(a, size), Arrays.copyOf(b, size),
                    sets.toArray(new CodePointSet[0]), backward);
        }
    }
}
