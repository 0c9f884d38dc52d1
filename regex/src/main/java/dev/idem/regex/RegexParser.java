package dev.idem.regex;

import dev.idem.regex.RegexNode.AnchorKind;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Parses ECMA-262 pattern syntax in Unicode mode ({@code u} flag), the dialect JSON Schema 2020-12
 * asks validators to use, with its early errors: lone brackets and braces, escapes of ordinary
 * letters, quantified lookarounds, ranges out of order or over class escapes, unknown group names
 * and back references past the last group are all syntax errors. Java-only syntax ({@code \Z},
 * possessive quantifiers, {@code (?i)}, class intersection) is refused here, not silently read
 * differently.
 */
final class RegexParser {
    static final CodePointSet DIGITS = CodePointSet.range('0', '9');
    static final CodePointSet WORD = new CodePointSet.Builder().add('A', 'Z').add('a', 'z').add('0', '9').add('_', '_').build();
    /** ECMA-262's WhiteSpace (TAB, VT, FF, ZWNBSP and every Space_Separator) and LineTerminator. */
    static final CodePointSet SPACE = new CodePointSet.Builder().add(0x09, 0x0D).add(0xFEFF, 0xFEFF).add(0x2028, 0x2029)
            .addAll(UnicodeProperties.resolve("Space_Separator")).build();
    static final CodePointSet LINE_TERMINATORS = new CodePointSet.Builder().add('\n', '\n').add('\r', '\r')
            .add(0x2028, 0x2029).build();
    static final CodePointSet DOT = LINE_TERMINATORS.complement();
    private static final String SYNTAX_CHARACTERS = "^$\\.*+?()[]{}|/";

    private final String pattern;
    private int index;
    private int groupCount;
    private final Map<String, Integer> groupNames = new HashMap<>();
    private final List<int[]> numberedReferences = new ArrayList<>(); // {group, index}
    private final List<Object[]> namedReferences = new ArrayList<>(); // {name, index, node slot}
    private boolean hasBackReferences;
    private boolean lastAtomWasClass;

    private RegexParser(String pattern) {
        this.pattern = pattern;
    }

    /** The parsed pattern and what the compiler needs to know about it. */
    record Parsed(RegexNode root, int groupCount, boolean hasBackReferences) {}

    static Parsed parse(String pattern) {
        RegexParser parser = new RegexParser(pattern);
        RegexNode root = parser.disjunction();
        if (parser.index < pattern.length()) {
            // only an unmatched ')' stops a top-level disjunction early
            throw parser.error("unmatched ')'");
        }
        return new Parsed(parser.resolve(root), parser.groupCount, parser.hasBackReferences);
    }

    // ---- structure ----

    private RegexNode disjunction() {
        List<RegexNode> options = new ArrayList<>();
        options.add(alternative());
        while (peek() == '|') {
            index++;
            options.add(alternative());
        }
        return options.size() == 1 ? options.get(0) : new RegexNode.Alternation(options);
    }

    private RegexNode alternative() {
        List<RegexNode> items = new ArrayList<>();
        while (index < pattern.length() && peek() != '|' && peek() != ')') {
            items.add(term());
        }
        if (items.isEmpty()) {
            return new RegexNode.Empty();
        }
        return items.size() == 1 ? items.get(0) : new RegexNode.Sequence(items);
    }

    private RegexNode term() {
        int start = index;
        int groupsBefore = groupCount;
        int c = peek();
        RegexNode atom;
        boolean quantifiable = true;
        switch (c) {
            case '^' -> {
                index++;
                atom = new RegexNode.Anchor(AnchorKind.START);
                quantifiable = false;
            }
            case '$' -> {
                index++;
                atom = new RegexNode.Anchor(AnchorKind.END);
                quantifiable = false;
            }
            case '(' -> {
                atom = group();
                quantifiable = !(atom instanceof RegexNode.Look);
            }
            case '.' -> {
                index++;
                atom = new RegexNode.Chars(DOT);
            }
            case '[' -> atom = new RegexNode.Chars(characterClass());
            case '\\' -> {
                if (peekAt(1) == 'b' || peekAt(1) == 'B') {
                    atom = new RegexNode.Anchor(peekAt(1) == 'b' ? AnchorKind.WORD_BOUNDARY : AnchorKind.NOT_WORD_BOUNDARY);
                    index += 2;
                    quantifiable = false;
                } else {
                    index++;
                    atom = atomEscape();
                }
            }
            case '*', '+', '?' -> throw error("nothing to repeat");
            case '{' -> throw error(quantifierAhead() ? "nothing to repeat" : "lone '{' (write \\{ for a literal brace)");
            case '}' -> throw error("lone '}' (write \\} for a literal brace)");
            case ']' -> throw error("lone ']' (write \\] for a literal bracket)");
            default -> {
                index += Character.charCount(c);
                atom = new RegexNode.Chars(CodePointSet.of(c));
            }
        }
        if (index < pattern.length() && (peek() == '*' || peek() == '+' || peek() == '?' || peek() == '{')) {
            if (peek() == '{' && !quantifierAhead()) {
                throw error("lone '{' (write \\{ for a literal brace)");
            }
            if (!quantifiable) {
                throw error("nothing to repeat: '" + pattern.substring(start, index) + "' cannot be quantified");
            }
            return quantifier(atom, groupsBefore + 1, groupCount);
        }
        return atom;
    }

    private RegexNode quantifier(RegexNode atom, int firstGroup, int lastGroup) {
        int min;
        int max;
        int c = pattern.charAt(index++);
        if (c == '*') {
            min = 0;
            max = -1;
        } else if (c == '+') {
            min = 1;
            max = -1;
        } else if (c == '?') {
            min = 0;
            max = 1;
        } else {
            min = number();
            if (peek() == ',') {
                index++;
                max = peek() == '}' ? -1 : number();
            } else {
                max = min;
            }
            index++; // '}'
            if (max >= 0 && max < min) {
                throw error("numbers out of order in {" + min + "," + max + "} quantifier");
            }
        }
        boolean greedy = true;
        if (index < pattern.length() && peek() == '?') {
            index++;
            greedy = false;
        }
        if (index < pattern.length() && (peek() == '*' || peek() == '+' || peek() == '?' || peek() == '{')) {
            throw error(peek() == '+' ? "possessive quantifiers are Java-only syntax" : "nothing to repeat");
        }
        return new RegexNode.Repeat(atom, min, max, greedy, firstGroup, lastGroup);
    }

    private boolean quantifierAhead() {
        int i = index + 1;
        int digits = 0;
        while (i < pattern.length() && isDigit(pattern.charAt(i))) {
            i++;
            digits++;
        }
        if (digits == 0) {
            return false;
        }
        if (i < pattern.length() && pattern.charAt(i) == ',') {
            i++;
            while (i < pattern.length() && isDigit(pattern.charAt(i))) {
                i++;
            }
        }
        return i < pattern.length() && pattern.charAt(i) == '}';
    }

    /** Decimal digits; values past {@code Integer.MAX_VALUE} saturate (the compiler refuses them anyway). */
    private int number() {
        long value = 0;
        while (index < pattern.length() && isDigit(pattern.charAt(index))) {
            value = Math.min(Integer.MAX_VALUE, value * 10 + (pattern.charAt(index++) - '0'));
        }
        return (int) value;
    }

    private RegexNode group() {
        int open = index;
        index++; // '('
        if (peek() == '?') {
            int kind = peekAt(1);
            if (kind == ':') {
                index += 2;
                RegexNode body = disjunction();
                close(open);
                return body;
            }
            if (kind == '=' || kind == '!') {
                index += 2;
                RegexNode body = disjunction();
                close(open);
                return new RegexNode.Look(body, true, kind == '!');
            }
            if (kind == '<' && (peekAt(2) == '=' || peekAt(2) == '!')) {
                boolean negated = peekAt(2) == '!';
                index += 3;
                RegexNode body = disjunction();
                close(open);
                return new RegexNode.Look(body, false, negated);
            }
            if (kind == '<') {
                index += 2;
                String name = groupName();
                int number = ++groupCount;
                if (groupNames.putIfAbsent(name, number) != null) {
                    throw error("duplicate group name '" + name + "'");
                }
                RegexNode body = disjunction();
                close(open);
                return new RegexNode.Group(body, number);
            }
            if (kind == '>') {
                throw error("atomic groups (?>...) are Java-only syntax");
            }
            if (kind == 'i' || kind == 'm' || kind == 's' || kind == '-') {
                throw unsupported("inline flags or modifiers (?" + (char) kind + "...) are not supported");
            }
            throw error("invalid group '(?" + (kind < 0 ? "" : new String(Character.toChars(kind))) + "'");
        }
        int number = ++groupCount;
        RegexNode body = disjunction();
        close(open);
        return new RegexNode.Group(body, number);
    }

    private void close(int open) {
        if (peek() != ')') {
            index = open;
            throw error("unterminated group");
        }
        index++;
    }

    private String groupName() {
        int start = index;
        StringBuilder name = new StringBuilder();
        while (index < pattern.length() && peek() != '>') {
            int c = peek();
            if (c == '\\') {
                throw unsupported("escapes in group names are not supported");
            }
            boolean ok = name.length() == 0
                    ? UnicodeProperties.idStart().contains(c) || c == '$' || c == '_'
                    : UnicodeProperties.idContinue().contains(c) || c == '$' || c == 0x200C || c == 0x200D;
            if (!ok) {
                throw error("invalid character in group name");
            }
            name.appendCodePoint(c);
            index += Character.charCount(c);
        }
        if (index >= pattern.length() || name.length() == 0) {
            index = start;
            throw error("invalid group name");
        }
        index++; // '>'
        return name.toString();
    }

    // ---- escapes ----

    private RegexNode atomEscape() {
        if (index >= pattern.length()) {
            throw error("\\ at end of pattern");
        }
        int c = peek();
        if (c >= '1' && c <= '9') {
            int at = index - 1;
            int group = number();
            hasBackReferences = true;
            numberedReferences.add(new int[] {group, at});
            return new RegexNode.BackReference(group);
        }
        if (c == 'k') {
            index++;
            if (peek() != '<') {
                throw error("\\k must be followed by a group name");
            }
            int at = index - 2;
            index++;
            String name = groupName();
            hasBackReferences = true;
            RegexNode.BackReference placeholder = new RegexNode.BackReference(-namedReferences.size() - 1);
            namedReferences.add(new Object[] {name, at});
            return placeholder;
        }
        CodePointSet set = classEscape(false);
        return new RegexNode.Chars(set);
    }

    /** A character class escape or a character escape, as a set; {@code inClass} allows {@code \b} and {@code \-}. */
    private CodePointSet classEscape(boolean inClass) {
        int at = index - 1;
        int c = peek();
        index += Character.charCount(c);
        switch (c) {
            case 'd':
                return DIGITS;
            case 'D':
                return DIGITS.complement();
            case 's':
                return SPACE;
            case 'S':
                return SPACE.complement();
            case 'w':
                return WORD;
            case 'W':
                return WORD.complement();
            case 'p':
            case 'P':
                return property(c == 'P', at);
            default:
                index -= Character.charCount(c);
                return CodePointSet.of(characterEscape(inClass, at));
        }
    }

    /** A single code point from an escape; {@code index} is just after the backslash. */
    private int characterEscape(boolean inClass, int at) {
        int c = peek();
        index += Character.charCount(c);
        switch (c) {
            case 'f':
                return '\f';
            case 'n':
                return '\n';
            case 'r':
                return '\r';
            case 't':
                return '\t';
            case 'v':
                return 0x0B;
            case 'c': {
                int letter = peek();
                if ((letter >= 'a' && letter <= 'z') || (letter >= 'A' && letter <= 'Z')) {
                    index++;
                    return letter % 32;
                }
                index = at;
                throw error("\\c must be followed by an ASCII letter");
            }
            case '0':
                if (index < pattern.length() && isDigit(peek())) {
                    index = at;
                    throw error("octal escapes are not allowed");
                }
                return 0;
            case 'x': {
                int value = hex(2);
                if (value < 0) {
                    index = at;
                    throw error("\\x must be followed by two hexadecimal digits");
                }
                return value;
            }
            case 'u':
                return unicodeEscape(at);
            case 'b':
                if (inClass) {
                    return 0x08;
                }
                break;
            case '-':
                if (inClass) {
                    return '-';
                }
                break;
            default:
                if (SYNTAX_CHARACTERS.indexOf(c) >= 0) {
                    return c;
                }
        }
        index = at;
        throw error(javaOnly(c) ? "\\" + new String(Character.toChars(c)) + " is Java-only syntax"
                : "invalid escape \\" + (c < 0 ? "" : new String(Character.toChars(c))));
    }

    private static boolean javaOnly(int c) {
        return "AZzGQEhHRXeaN".indexOf(c) >= 0;
    }

    private int unicodeEscape(int at) {
        if (peek() == '{') {
            index++;
            long value = 0;
            int digits = 0;
            while (index < pattern.length() && hexDigit(pattern.charAt(index)) >= 0) {
                value = Math.min(0x110000, value * 16 + hexDigit(pattern.charAt(index++)));
                digits++;
            }
            if (digits == 0 || peek() != '}' || value > Character.MAX_CODE_POINT) {
                index = at;
                throw error("invalid \\u{...} escape");
            }
            index++;
            return (int) value;
        }
        int value = hex(4);
        if (value < 0) {
            index = at;
            throw error("\\u must be followed by four hexadecimal digits or {code point}");
        }
        if (Character.isHighSurrogate((char) value) && peek() == '\\' && peekAt(1) == 'u') {
            int save = index;
            index += 2;
            int low = hex(4);
            if (low >= 0 && Character.isLowSurrogate((char) low)) {
                return Character.toCodePoint((char) value, (char) low);
            }
            index = save;
        }
        return value;
    }

    private int hex(int digits) {
        if (index + digits > pattern.length()) {
            return -1;
        }
        int value = 0;
        for (int i = 0; i < digits; i++) {
            int digit = hexDigit(pattern.charAt(index + i));
            if (digit < 0) {
                return -1;
            }
            value = value * 16 + digit;
        }
        index += digits;
        return value;
    }

    /** An ASCII hexadecimal digit's value, else -1 (Character.digit also takes other scripts' digits). */
    private static int hexDigit(char c) {
        if (c >= '0' && c <= '9') {
            return c - '0';
        }
        if (c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F') {
            return (c | 0x20) - 'a' + 10;
        }
        return -1;
    }

    private CodePointSet property(boolean negated, int at) {
        if (peek() != '{') {
            index = at;
            throw error("\\p and \\P must be followed by {property}");
        }
        int close = pattern.indexOf('}', index);
        if (close < 0) {
            index = at;
            throw error("unterminated \\p{...}");
        }
        String expression = pattern.substring(index + 1, close);
        CodePointSet set;
        try {
            set = UnicodeProperties.resolve(expression);
        } catch (IllegalArgumentException unknown) {
            index = at;
            throw error(unknown.getMessage());
        }
        index = close + 1;
        return negated ? set.complement() : set;
    }

    // ---- classes ----

    private CodePointSet characterClass() {
        int open = index;
        index++; // '['
        boolean negated = false;
        if (peek() == '^') {
            negated = true;
            index++;
        }
        CodePointSet.Builder members = new CodePointSet.Builder();
        while (true) {
            if (index >= pattern.length()) {
                index = open;
                throw error("unterminated character class");
            }
            if (peek() == ']') {
                index++;
                break;
            }
            int atomStart = index;
            CodePointSet first = classAtom();
            boolean firstIsClass = lastAtomWasClass;
            if (peek() == '-' && peekAt(1) != ']' && peekAt(1) >= 0) {
                index++;
                CodePointSet last = classAtom();
                if (firstIsClass || lastAtomWasClass) {
                    index = atomStart;
                    throw error("a class escape cannot be the end of a range");
                }
                int from = first.first();
                int to = last.first();
                if (from > to) {
                    index = atomStart;
                    throw error("range out of order in character class");
                }
                members.add(from, to);
            } else {
                members.addAll(first);
            }
        }
        CodePointSet set = members.build();
        return negated ? set.complement() : set;
    }

    private CodePointSet classAtom() {
        lastAtomWasClass = false;
        int c = peek();
        if (c == '\\') {
            index++;
            if (index >= pattern.length()) {
                throw error("\\ at end of pattern");
            }
            if (isDigit(peek()) && peek() != '0') {
                index--;
                throw error("back references are not allowed in a character class");
            }
            int before = index;
            CodePointSet set = classEscape(true);
            lastAtomWasClass = "dDsSwWpP".indexOf(pattern.charAt(before)) >= 0;
            return set;
        }
        index += Character.charCount(c);
        return CodePointSet.of(c);
    }


    // ---- back references ----

    private RegexNode resolve(RegexNode root) {
        for (int[] reference : numberedReferences) {
            if (reference[0] > groupCount) {
                index = reference[1];
                throw error("back reference \\" + reference[0] + " to a group that does not exist");
            }
        }
        if (namedReferences.isEmpty()) {
            return root;
        }
        int[] groups = new int[namedReferences.size()];
        for (int i = 0; i < groups.length; i++) {
            Integer group = groupNames.get((String) namedReferences.get(i)[0]);
            if (group == null) {
                index = (Integer) namedReferences.get(i)[1];
                throw error("back reference to unknown group name '" + namedReferences.get(i)[0] + "'");
            }
            groups[i] = group;
        }
        return replaceNamed(root, groups);
    }

    private static RegexNode replaceNamed(RegexNode node, int[] groups) {
        if (node instanceof RegexNode.BackReference reference && reference.group() < 0) {
            return new RegexNode.BackReference(groups[-reference.group() - 1]);
        }
        if (node instanceof RegexNode.Sequence sequence) {
            List<RegexNode> items = new ArrayList<>();
            sequence.items().forEach(item -> items.add(replaceNamed(item, groups)));
            return new RegexNode.Sequence(items);
        }
        if (node instanceof RegexNode.Alternation alternation) {
            List<RegexNode> options = new ArrayList<>();
            alternation.options().forEach(option -> options.add(replaceNamed(option, groups)));
            return new RegexNode.Alternation(options);
        }
        if (node instanceof RegexNode.Repeat repeat) {
            return new RegexNode.Repeat(replaceNamed(repeat.body(), groups), repeat.min(), repeat.max(), repeat.greedy(),
                    repeat.firstGroup(), repeat.lastGroup());
        }
        if (node instanceof RegexNode.Group group) {
            return new RegexNode.Group(replaceNamed(group.body(), groups), group.index());
        }
        if (node instanceof RegexNode.Look look) {
            return new RegexNode.Look(replaceNamed(look.body(), groups), look.ahead(), look.negated());
        }
        return node;
    }

    // ---- reading ----

    private int peek() {
        return index < pattern.length() ? pattern.codePointAt(index) : -1;
    }

    private int peekAt(int offset) {
        int at = index + offset;
        return at < pattern.length() ? pattern.charAt(at) : -1;
    }

    private static boolean isDigit(int c) {
        return c >= '0' && c <= '9';
    }

    private RegexSyntaxException error(String description) {
        return new RegexSyntaxException(description, index, false);
    }

    private RegexSyntaxException unsupported(String description) {
        return new RegexSyntaxException(description, index, true);
    }
}
