package dev.idem.regex;

import java.util.List;

/** The parsed form of an ECMA-262 pattern. */
sealed interface RegexNode {

    /** Matches the empty string. */
    record Empty() implements RegexNode {}

    /** One code point from a set: a literal, a class, {@code .} or a class escape. */
    record Chars(CodePointSet set) implements RegexNode {}

    /** Its items one after the other. */
    record Sequence(List<RegexNode> items) implements RegexNode {}

    /** The first option that lets the whole pattern match. */
    record Alternation(List<RegexNode> options) implements RegexNode {}

    /**
     * {@code body} at least {@code min} and at most {@code max} times ({@code max < 0}: no limit).
     * {@code firstGroup..lastGroup} are the capture groups inside the body, cleared on every
     * iteration as ECMA-262 says.
     */
    record Repeat(RegexNode body, int min, int max, boolean greedy, int firstGroup, int lastGroup) implements RegexNode {}

    /** A capturing group ({@code index >= 1}). */
    record Group(RegexNode body, int index) implements RegexNode {}

    /** {@code ^}, {@code $}, {@code \b} or {@code \B}. */
    record Anchor(AnchorKind kind) implements RegexNode {}

    /** A lookahead ({@code ahead}) or lookbehind, positive or negated. */
    record Look(RegexNode body, boolean ahead, boolean negated) implements RegexNode {}

    /** {@code \1} or {@code \k<name>}, resolved to a group number. */
    record BackReference(int group) implements RegexNode {}

    /** The zero-width assertions that are not lookarounds. */
    enum AnchorKind { START, END, WORD_BOUNDARY, NOT_WORD_BOUNDARY }
}
