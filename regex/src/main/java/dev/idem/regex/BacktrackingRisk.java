package dev.idem.regex;

import java.util.List;

/**
 * Finds the shapes that make backtracking engines (java.util.regex, most JSON Schema validators,
 * a model provider's checker) take exponential or polynomial time on some inputs: a quantifier
 * inside a repetition whose characters can also begin what follows it ({@code (a+)+},
 * {@code (.*a){12}}, {@code (\d+,?)+}), alternatives that overlap inside a repetition
 * ({@code (a|ab)*}), and adjacent quantifiers that overlap ({@code \d+\d*}). A heuristic with
 * few false alarms, not a proof: Idem's own matcher is linear on all of these.
 */
final class BacktrackingRisk {

    private BacktrackingRisk() {}

    /** Why the pattern is prone to catastrophic backtracking, or {@code null}. */
    static String of(RegexNode root) {
        return risk(root, false, CodePointSet.EMPTY);
    }

    private static String risk(RegexNode node, boolean repeating, CodePointSet follow) {
        if (node instanceof RegexNode.Sequence sequence) {
            List<RegexNode> items = sequence.items();
            for (int i = 0; i < items.size(); i++) {
                String adjacent = adjacent(items, i);
                if (adjacent != null) {
                    return adjacent;
                }
                String inner = risk(items.get(i), repeating, followOf(items, i + 1, follow));
                if (inner != null) {
                    return inner;
                }
            }
            return null;
        }
        if (node instanceof RegexNode.Alternation alternation) {
            List<RegexNode> options = alternation.options();
            if (repeating) {
                for (int i = 0; i < options.size(); i++) {
                    for (int j = i + 1; j < options.size(); j++) {
                        if (first(options.get(i)).intersects(first(options.get(j)))) {
                            return "alternatives that can start alike inside a repetition";
                        }
                    }
                }
            }
            for (RegexNode option : options) {
                String inner = risk(option, repeating, follow);
                if (inner != null) {
                    return inner;
                }
            }
            return null;
        }
        if (node instanceof RegexNode.Repeat repeat) {
            boolean variable = repeat.max() < 0 || repeat.max() > repeat.min();
            boolean again = repeat.max() < 0 || repeat.max() >= 2;
            if (repeating && variable && chars(repeat.body()).intersects(follow)) {
                return "a quantifier inside a repetition whose characters can also begin what follows it";
            }
            CodePointSet inside = again ? first(repeat.body()).union(follow) : follow;
            return risk(repeat.body(), repeating || again, inside);
        }
        if (node instanceof RegexNode.Group group) {
            return risk(group.body(), repeating, follow);
        }
        if (node instanceof RegexNode.Look look) {
            return risk(look.body(), false, CodePointSet.EMPTY);
        }
        return null;
    }

    /** A variable quantifier at {@code i} followed, past optional items only, by one that overlaps it. */
    private static String adjacent(List<RegexNode> items, int i) {
        if (!(unwrap(items.get(i)) instanceof RegexNode.Repeat first) || !variable(first)) {
            return null;
        }
        // ambiguous only where the first can end the way the second can begin
        CodePointSet ending = last(first.body());
        for (int j = i + 1; j < items.size(); j++) {
            RegexNode next = unwrap(items.get(j));
            if (next instanceof RegexNode.Repeat second && variable(second) && ending.intersects(first(second.body()))) {
                return "adjacent quantifiers whose characters overlap";
            }
            if (!Compiler.nullable(next)) {
                return null;
            }
        }
        return null;
    }

    private static boolean variable(RegexNode.Repeat repeat) {
        return repeat.max() < 0 || repeat.max() > repeat.min();
    }

    private static RegexNode unwrap(RegexNode node) {
        while (node instanceof RegexNode.Group group) {
            node = group.body();
        }
        return node;
    }

    private static CodePointSet followOf(List<RegexNode> items, int from, CodePointSet follow) {
        CodePointSet result = CodePointSet.EMPTY;
        for (int j = from; j < items.size(); j++) {
            result = result.union(first(items.get(j)));
            if (!Compiler.nullable(items.get(j))) {
                return result;
            }
        }
        return result.union(follow);
    }

    /** The code points that can begin a match of {@code node}. */
    static CodePointSet first(RegexNode node) {
        if (node instanceof RegexNode.Chars chars) {
            return chars.set();
        }
        if (node instanceof RegexNode.Sequence sequence) {
            return followOf(sequence.items(), 0, CodePointSet.EMPTY);
        }
        if (node instanceof RegexNode.Alternation alternation) {
            CodePointSet result = CodePointSet.EMPTY;
            for (RegexNode option : alternation.options()) {
                result = result.union(first(option));
            }
            return result;
        }
        if (node instanceof RegexNode.Repeat repeat) {
            return first(repeat.body());
        }
        if (node instanceof RegexNode.Group group) {
            return first(group.body());
        }
        return CodePointSet.EMPTY;
    }

    /** The code points that can end a match of {@code node}. */
    private static CodePointSet last(RegexNode node) {
        if (node instanceof RegexNode.Sequence sequence) {
            CodePointSet result = CodePointSet.EMPTY;
            List<RegexNode> items = sequence.items();
            for (int j = items.size() - 1; j >= 0; j--) {
                result = result.union(last(items.get(j)));
                if (!Compiler.nullable(items.get(j))) {
                    return result;
                }
            }
            return result;
        }
        if (node instanceof RegexNode.Alternation alternation) {
            CodePointSet result = CodePointSet.EMPTY;
            for (RegexNode option : alternation.options()) {
                result = result.union(last(option));
            }
            return result;
        }
        if (node instanceof RegexNode.Repeat repeat) {
            return last(repeat.body());
        }
        if (node instanceof RegexNode.Group group) {
            return last(group.body());
        }
        return node instanceof RegexNode.Chars chars ? chars.set() : CodePointSet.EMPTY;
    }

    /** Every code point {@code node} can consume. */
    private static CodePointSet chars(RegexNode node) {
        if (node instanceof RegexNode.Chars chars) {
            return chars.set();
        }
        CodePointSet result = CodePointSet.EMPTY;
        if (node instanceof RegexNode.Sequence sequence) {
            for (RegexNode item : sequence.items()) {
                result = result.union(chars(item));
            }
        } else if (node instanceof RegexNode.Alternation alternation) {
            for (RegexNode option : alternation.options()) {
                result = result.union(chars(option));
            }
        } else if (node instanceof RegexNode.Repeat repeat) {
            result = chars(repeat.body());
        } else if (node instanceof RegexNode.Group group) {
            result = chars(group.body());
        }
        return result;
    }
}
