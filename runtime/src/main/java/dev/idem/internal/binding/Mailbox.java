package dev.idem.internal.binding;

/**
 * The {@code Mailbox} rule of RFC 5321 section 4.1.2, which JSON Schema's {@code email} format
 * names: a dot-string or quoted local part, {@code @}, then a domain of letter-digit-hyphen labels
 * or an address literal ({@code [192.0.2.1]}, {@code [IPv6:2001:db8::1]}, {@code [tag:content]}).
 * ASCII only: internationalised addresses are the {@code idn-email} format (RFC 6531).
 */
final class Mailbox {
    private static final String ATEXT_SPECIALS = "!#$%&'*+-/=?^_`{|}~";

    private Mailbox() {}

    static boolean isValid(String text) {
        int at = localPartEnd(text);
        if (at < 0 || at >= text.length() || text.charAt(at) != '@') {
            return false;
        }
        String domain = text.substring(at + 1);
        if (domain.startsWith("[")) {
            return domain.endsWith("]") && addressLiteral(domain.substring(1, domain.length() - 1));
        }
        return domain(domain);
    }

    /** The index just after the local part, or -1. */
    private static int localPartEnd(String text) {
        if (text.startsWith("\"")) {
            int i = 1;
            while (i < text.length()) {
                char c = text.charAt(i);
                if (c == '"') {
                    return i + 1;
                }
                if (c == '\\') {
                    if (i + 1 >= text.length() || text.charAt(i + 1) < 32 || text.charAt(i + 1) > 126) {
                        return -1;
                    }
                    i += 2;
                } else if (c == 32 || c == 33 || (c >= 35 && c <= 91) || (c >= 93 && c <= 126)) {
                    i++;
                } else {
                    return -1;
                }
            }
            return -1;
        }
        int i = 0;
        boolean atomStart = true;
        while (i < text.length() && text.charAt(i) != '@') {
            char c = text.charAt(i);
            if (c == '.') {
                if (atomStart) {
                    return -1; // leading dot or two dots in a row
                }
                atomStart = true;
            } else if (isAtext(c)) {
                atomStart = false;
            } else {
                return -1;
            }
            i++;
        }
        return atomStart ? -1 : i; // empty, or a trailing dot
    }

    private static boolean isAtext(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || ATEXT_SPECIALS.indexOf(c) >= 0;
    }

    private static boolean domain(String domain) {
        if (domain.isEmpty()) {
            return false;
        }
        for (String label : domain.split("\\.", -1)) {
            if (!ldhLabel(label)) {
                return false;
            }
        }
        return true;
    }

    /** {@code Let-dig [Ldh-str]}: letters, digits and inner hyphens. */
    private static boolean ldhLabel(String label) {
        if (label.isEmpty() || label.charAt(0) == '-' || label.charAt(label.length() - 1) == '-') {
            return false;
        }
        for (int i = 0; i < label.length(); i++) {
            char c = label.charAt(i);
            if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-')) {
                return false;
            }
        }
        return true;
    }

    private static boolean addressLiteral(String literal) {
        if (ipv4(literal)) {
            return true;
        }
        int colon = literal.indexOf(':');
        if (colon <= 0) {
            return false;
        }
        String tag = literal.substring(0, colon);
        String content = literal.substring(colon + 1);
        if (tag.equalsIgnoreCase("IPv6")) {
            return ipv6(content);
        }
        if (!ldhLabel(tag) || content.isEmpty()) {
            return false;
        }
        for (int i = 0; i < content.length(); i++) {
            char c = content.charAt(i);
            if (!((c >= 33 && c <= 90) || (c >= 94 && c <= 126))) {
                return false;
            }
        }
        return true;
    }

    /** {@code Snum 3("." Snum)}, each 1 to 3 digits worth 0 to 255. */
    static boolean ipv4(String text) {
        String[] parts = text.split("\\.", -1);
        if (parts.length != 4) {
            return false;
        }
        for (String part : parts) {
            if (part.isEmpty() || part.length() > 3 || !part.chars().allMatch(c -> c >= '0' && c <= '9')
                    || Integer.parseInt(part) > 255) {
                return false;
            }
        }
        return true;
    }

    /** RFC 5321's IPv6-addr: full, compressed, and both with a trailing IPv4 address. */
    private static boolean ipv6(String text) {
        int lastColon = text.lastIndexOf(':');
        boolean withIpv4 = lastColon >= 0 && text.indexOf('.', lastColon) > 0;
        String hexPart = text;
        int maxGroups = 8;
        if (withIpv4) {
            if (!ipv4(text.substring(lastColon + 1))) {
                return false;
            }
            // keep the separating colon so "::1.2.3.4" leaves "::" and "1::2:1.2.3.4" leaves "1::2:"
            hexPart = text.substring(0, lastColon + 1);
            if (hexPart.endsWith(":") && !hexPart.endsWith("::")) {
                hexPart = hexPart.substring(0, hexPart.length() - 1);
            }
            maxGroups = 6;
        }
        int compression = hexPart.indexOf("::");
        if (compression < 0) {
            String[] groups = hexPart.split(":", -1);
            return groups.length == maxGroups && allHex(groups);
        }
        if (hexPart.indexOf("::", compression + 1) >= 0) {
            return false;
        }
        String before = hexPart.substring(0, compression);
        String after = hexPart.substring(compression + 2);
        String[] head = before.isEmpty() ? new String[0] : before.split(":", -1);
        String[] tail = after.isEmpty() ? new String[0] : after.split(":", -1);
        // "::" stands for at least two groups of zeros
        return allHex(head) && allHex(tail) && head.length + tail.length <= maxGroups - 2;
    }

    private static boolean allHex(String[] groups) {
        for (String group : groups) {
            if (group.isEmpty() || group.length() > 4) {
                return false;
            }
            for (int i = 0; i < group.length(); i++) {
                if (Character.digit(group.charAt(i), 16) < 0 || group.charAt(i) > 'f') {
                    return false;
                }
            }
        }
        return true;
    }
}
