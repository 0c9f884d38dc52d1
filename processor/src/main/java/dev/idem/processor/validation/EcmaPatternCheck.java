package dev.idem.processor.validation;

import dev.idem.regex.EcmaRegex;
import dev.idem.regex.RegexSyntaxException;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a {@code pattern} means to its readers: JSON Schema validators and the binder read it as
 * ECMA-262 (Unicode mode), so syntax only {@code java.util.regex} has is refused, and shapes that
 * make backtracking engines (most validators, a provider's checker) explode are flagged.
 *
 * <pre>{@code
 * EcmaPatternCheck.javaOnly("\\p{Alpha}++\\Z");   // "possessive quantifier '++' is Java-only syntax"
 * EcmaPatternCheck.backtrackingRisk("(a+)+");      // "a variable quantifier inside the repeated group (a+)+"
 * }</pre>
 */
final class EcmaPatternCheck {
    /** Escapes java.util.regex has and ECMA-262 refuses, as the binder's parser refuses them. */
    private static final String JAVA_ONLY_ESCAPES = "AZzGQEhHRXeaN";
    /** {@code \p{...}} names only java.util.regex knows (POSIX classes, java*, Is*, In* blocks). */
    private static final Set<String> JAVA_ONLY_PROPERTIES = Set.of("Alnum", "Punct", "Graph", "Print", "Blank", "Cntrl",
            "XDigit", "Space");
    private static final Pattern BOUNDED = Pattern.compile("\\{(\\d+)(,(\\d*))?}");
    private static final Pattern INLINE_FLAGS = Pattern.compile("\\(\\?[idmsuxU-]+[:)]");

    private EcmaPatternCheck() {}

    /**
     * Why the binder's own ECMA-262 parser ({@code EcmaRegex}, Unicode mode with its early errors)
     * refuses {@code pattern}, or null: the last word, since the generated tool set compiles the
     * pattern with it when its class loads ({@code \@}, a lone {@code ]}, {@code ^*} or a back
     * reference to no group pass java.util.regex and the checks above).
     */
    static String ecmaSyntax(String pattern) {
        try {
            EcmaRegex.compile(pattern);
            return null;
        } catch (RegexSyntaxException refused) {
            return refused.getMessage();
        }
    }

    /**
     * A hint why {@code pattern}, which the ECMA-262 parser refused and java.util.regex reads, is
     * Java-only syntax, or null. Never a verdict: {@link #ecmaSyntax} alone decides.
     */
    static String javaOnly(String pattern) {
        boolean inClass = false;
        for (int i = 0; i < pattern.length(); i++) {
            char c = pattern.charAt(i);
            if (c == '\\' && i + 1 < pattern.length()) {
                char next = pattern.charAt(++i);
                if (JAVA_ONLY_ESCAPES.indexOf(next) >= 0) {
                    return "\\" + next + " is Java-only syntax";
                }
                if (next == 'p' || next == 'P') {
                    String problem = property(pattern, i);
                    if (problem != null) {
                        return problem;
                    }
                }
                continue;
            }
            if (inClass) {
                if (c == '[') {
                    return "a nested character class [..[..]..] is Java-only syntax";
                }
                if (c == '&' && i + 1 < pattern.length() && pattern.charAt(i + 1) == '&') {
                    return "class intersection && is Java-only syntax";
                }
                inClass = c != ']';
                continue;
            }
            if (c == '[') {
                inClass = true;
                if (i + 1 < pattern.length() && pattern.charAt(i + 1) == ']') {
                    // Java reads "[]...]" as a class holding ']'; ECMA as the empty class
                    return "[] is read differently by Java (a class holding ']') and ECMA-262 (matches nothing)";
                }
            } else if (pattern.startsWith("(?>", i)) {
                return "atomic groups (?>...) are Java-only syntax";
            } else if (c == '(' && lookingAt(INLINE_FLAGS, pattern, i)) {
                return "inline flags (?" + pattern.charAt(i + 2) + "...) are Java-only syntax";
            } else if ((c == '*' || c == '+' || c == '?') && i > 0 && pattern.charAt(i - 1) != '(' && followedByPlus(pattern, i)) {
                return "possessive quantifier '" + c + "+' is Java-only syntax";
            } else if (c == '{') {
                Matcher bounded = BOUNDED.matcher(pattern).region(i, pattern.length());
                if (bounded.lookingAt() && followedByPlus(pattern, bounded.end() - 1)) {
                    return "possessive quantifier '" + bounded.group() + "+' is Java-only syntax";
                }
            }
        }
        return null;
    }

    private static boolean followedByPlus(String pattern, int i) {
        return i + 1 < pattern.length() && pattern.charAt(i + 1) == '+';
    }

    private static boolean lookingAt(Pattern shape, String pattern, int i) {
        return shape.matcher(pattern).region(i, pattern.length()).lookingAt();
    }

    /** {@code \p} at {@code i}: ECMA needs braces and knows no POSIX, java*, Is* or In* names. */
    private static String property(String pattern, int i) {
        if (i + 1 >= pattern.length() || pattern.charAt(i + 1) != '{') {
            return "\\" + pattern.charAt(i) + " without braces is Java-only syntax (write \\p{L})";
        }
        int end = pattern.indexOf('}', i);
        String name = end < 0 ? "" : pattern.substring(i + 2, end);
        if (JAVA_ONLY_PROPERTIES.contains(name) || name.startsWith("java") || name.startsWith("Is")
                || name.startsWith("In")) {
            return "\\p{" + name + "} is Java-only syntax";
        }
        return null;
    }

    /**
     * Why {@code pattern} is prone to catastrophic backtracking, or null: a group repeated more
     * than once that holds a variable quantifier ({@code (a+)+}, {@code (\w+\s?)*},
     * {@code (.*a){12}}), or two adjacent variable quantifiers on the same atom or on {@code .}
     * ({@code .*.*}, {@code \d+\d*}). Alternation alone ({@code ^(a|b)*$}) is not flagged.
     */
    static String backtrackingRisk(String pattern) {
        Deque<Group> groups = new ArrayDeque<>();
        Group top = new Group();
        String previousAtom = null;
        boolean previousVariable = false;
        for (int i = 0; i < pattern.length(); i++) {
            char c = pattern.charAt(i);
            int atomStart = i;
            Group closed = null;
            if (c == '\\' && i + 1 < pattern.length()) {
                i++;
                if ((pattern.charAt(i) == 'p' || pattern.charAt(i) == 'P') && i + 1 < pattern.length()
                        && pattern.charAt(i + 1) == '{') {
                    i = Math.max(i, pattern.indexOf('}', i));
                }
            } else if (c == '[') {
                i = classEnd(pattern, i);
            } else if (c == '(') {
                groups.push(top);
                top = new Group();
                top.start = i;
                if (pattern.startsWith("(?:", i) || pattern.startsWith("(?=", i) || pattern.startsWith("(?!", i)) {
                    i += 2;
                } else if (pattern.startsWith("(?<=", i) || pattern.startsWith("(?<!", i)) {
                    i += 3;
                } else if (pattern.startsWith("(?<", i)) {
                    i = Math.max(i, pattern.indexOf('>', i));
                }
                previousAtom = null;
                previousVariable = false;
                continue;
            } else if (c == ')') {
                closed = top;
                top = groups.isEmpty() ? new Group() : groups.pop();
                atomStart = closed.start;
                top.variableAtoms.addAll(closed.variableAtoms);
                top.atoms++;
            } else if (c == '|') {
                top.alternatives = true;
                previousAtom = null;
                previousVariable = false;
                continue;
            }
            String atom = pattern.substring(atomStart, i + 1);
            int[] quantifier = quantifier(pattern, i + 1);
            if (closed == null) {
                if (top.atoms++ == 0 && quantifier == null && atom.length() == 1 && ".^$".indexOf(c) < 0) {
                    top.firstLiteral = atom; // a delimiter that starts each repetition
                }
            }
            if (quantifier == null) {
                previousAtom = atom;
                previousVariable = false;
                continue;
            }
            int end = quantifier[2];
            boolean variable = quantifier[1] < 0 || quantifier[1] > quantifier[0];
            boolean repeats = quantifier[1] < 0 || quantifier[1] >= 2;
            String quantified = pattern.substring(atomStart, end + 1);
            if (closed != null && repeats && closed.ambiguous()) {
                return "a variable quantifier inside the repeated group " + quantified;
            }
            if (variable && previousVariable && (atom.equals(previousAtom) || atom.equals(".") || ".".equals(previousAtom))) {
                return "adjacent quantifiers that overlap: " + previousAtom + " and " + quantified;
            }
            if (variable) {
                top.variableAtoms.add(atom);
            }
            previousAtom = atom;
            previousVariable = variable;
            i = end;
        }
        return null;
    }

    /** An open group: its variable-quantified atoms, and the literal it starts with, if any. */
    private static final class Group {
        int start;
        int atoms;
        boolean alternatives;
        String firstLiteral;
        final java.util.List<String> variableAtoms = new java.util.ArrayList<>();

        /** Repeating it is ambiguous unless a literal no inner quantifier can match starts each repetition. */
        boolean ambiguous() {
            if (variableAtoms.isEmpty()) {
                return false;
            }
            if (firstLiteral == null || alternatives) {
                return true;
            }
            for (String atom : variableAtoms) {
                try {
                    if (Pattern.compile(atom).matcher(firstLiteral).matches()) {
                        return true;
                    }
                } catch (RuntimeException notAnAtomAlone) {
                    return true;
                }
            }
            return false;
        }
    }

    /** The quantifier at {@code i}: {min, max (-1 unbounded), index of its last character}, or null. */
    private static int[] quantifier(String pattern, int i) {
        if (i >= pattern.length()) {
            return null;
        }
        char c = pattern.charAt(i);
        int[] q = switch (c) {
            case '*' -> new int[] {0, -1, i};
            case '+' -> new int[] {1, -1, i};
            case '?' -> new int[] {0, 1, i};
            default -> null;
        };
        if (q == null && c == '{') {
            Matcher bounded = BOUNDED.matcher(pattern).region(i, pattern.length());
            if (!bounded.lookingAt()) {
                return null;
            }
            int min = Integer.parseInt(bounded.group(1).length() > 9 ? "999999999" : bounded.group(1));
            int max = bounded.group(2) == null ? min
                    : bounded.group(3).isEmpty() ? -1
                    : Integer.parseInt(bounded.group(3).length() > 9 ? "999999999" : bounded.group(3));
            q = new int[] {min, max, bounded.end() - 1};
        }
        if (q != null && q[2] + 1 < pattern.length() && pattern.charAt(q[2] + 1) == '?') {
            q[2]++; // lazy: the same search space
        }
        return q;
    }

    private static int classEnd(String pattern, int start) {
        int i = start + 1;
        if (i < pattern.length() && pattern.charAt(i) == '^') {
            i++;
        }
        for (; i < pattern.length(); i++) {
            char c = pattern.charAt(i);
            if (c == '\\') {
                i++;
            } else if (c == ']' && i > start + 1) {
                return i;
            }
        }
        return pattern.length() - 1;
    }
}
