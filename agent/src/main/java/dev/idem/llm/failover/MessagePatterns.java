package dev.idem.llm.failover;

import dev.idem.llm.ErrorKind;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The last resort of {@link ModelErrorClassifier}: error kinds recognised from message text,
 * tried in a fixed order, first match wins. Words are matched on word boundaries so that
 * {@code "Input has 15000 tokens"} is not a 500.
 *
 * <p>The order, and why:
 * <ol>
 *   <li>BILLING before RATE_LIMIT: "You exceeded your current quota" reads like a limit but
 *       waiting does not help.</li>
 *   <li>CONTEXT_OVERFLOW: specific phrases about tokens and context length (llama.cpp's
 *       "exceeds the available context size", and its context parameter in every spelling:
 *       {@code n_ctx}, {@code n_ctx_slot}, {@code n_ctx_seq}, {@code n_ctx_per_seq},
 *       {@code n_ctx_train}, ...), and a request larger than the
 *       limit it is measured against ({@link #oversizedRequest}), before RATE_LIMIT because such
 *       a "Request too large ... tokens per min" never fits however long one waits.</li>
 *   <li>AUTH_PERMANENT before AUTH: "invalid api key" also contains AUTH's "api key".</li>
 *   <li>MODEL_NOT_FOUND.</li>
 *   <li>RATE_LIMIT before AUTH: "Rate limit exceeded for api key" is a rate limit.</li>
 *   <li>AUTH before OVERLOADED: a word naming authentication is never outranked by an overload
 *       word ("authentication_error: overloaded" is a credentials problem, which waiting does
 *       not fix; retrying it as an overload only delays the answer).</li>
 *   <li>OVERLOADED.</li>
 *   <li>IDLE_TIMEOUT after the above: "rate limit: timed out waiting for a slot" is a rate limit.</li>
 *   <li>EMPTY_RESPONSE.</li>
 *   <li>FORMAT_ERROR last: "bad request" and "invalid" are the vaguest words.</li>
 * </ol>
 */
final class MessagePatterns {
    private static final Pattern OVERSIZED = Pattern.compile("request too large|request (?:is )?too big");
    private static final Pattern LIMIT = Pattern.compile("\\blimit:? (\\d{1,15})\\b");
    private static final Pattern REQUESTED = Pattern.compile("\\brequested:? (\\d{1,15})\\b");
    private static final List<Map.Entry<ErrorKind, Predicate<String>>> ORDERED = List.of(
            rule(ErrorKind.BILLING, "insufficient[ _]quota|exceeded your (?:current )?quota|\\bbilling\\b"
                    + "|credit balance|payment required|out of credits?|\\bbilling_"),
            rule(ErrorKind.CONTEXT_OVERFLOW, "context[ _-]?length|context[ _-]?window|maximum context"
                    + "|prompt is too long|too many (?:input )?tokens|input is too long|reduce the length of the messages"
                    + "|exceeds? the (?:available |model'?s? )?(?:maximum )?(?:context|token limit)"
                    + "|\\bn_ctx(?:_[a-z]+)*\\b"),
            Map.entry(ErrorKind.CONTEXT_OVERFLOW, MessagePatterns::oversizedRequest),
            rule(ErrorKind.AUTH_PERMANENT, "invalid[ _-]?api[ _-]?key|incorrect api key|api[ _-]?key[ _-]?invalid"
                    + "|api key (?:has been |was |is )?(?:revoked|disabled|deactivated)|account (?:has been |was |is )?deactivated"
                    + "|key (?:has been |was )?revoked"),
            rule(ErrorKind.MODEL_NOT_FOUND, "model[ _-]?not[ _-]?found|no such model|unknown model"
                    + "|model\\b[^.;]{0,80}\\b(?:does not exist|not found|is not available|was not found)"),
            rule(ErrorKind.RATE_LIMIT, "rate[ _-]?limit|too many requests|\\b429\\b|(?:tokens|requests) per (?:min|minute|day)"
                    + "|quota exceeded|resource[ _]exhausted|throttl"),
            rule(ErrorKind.AUTH, "unauthori[sz]ed|unauthenticated|authentication|\\b40[13]\\b|forbidden"
                    + "|permission denied|access denied|api[ _-]?key|token (?:has )?expired|expired token"),
            rule(ErrorKind.OVERLOADED, "overloaded|\\b(?:500|502|503|504|529)\\b|service unavailable|bad gateway"
                    + "|internal server error|server is busy|over capacity|temporarily unavailable"),
            rule(ErrorKind.IDLE_TIMEOUT, "timed? ?out|timeout|deadline exceeded|\\bidle\\b"),
            rule(ErrorKind.EMPTY_RESPONSE, "empty (?:response|completion|content|body|choices)|no choices|no content returned"),
            rule(ErrorKind.FORMAT_ERROR, "malformed|invalid json|invalid[ _]request|bad request|\\b(?:400|422)\\b"
                    + "|failed to parse|parse error|unprocessable"));

    private MessagePatterns() {
    }

    /** The first kind in the documented order whose pattern occurs in the lower-cased text, or null. */
    static ErrorKind match(String lowerCaseText) {
        return match(lowerCaseText, null);
    }

    /** As {@link #match(String)}, but only kinds in {@code allowed} (all when null) can be returned. */
    static ErrorKind match(String lowerCaseText, Set<ErrorKind> allowed) {
        if (lowerCaseText == null || lowerCaseText.isEmpty()) {
            return null;
        }
        for (Map.Entry<ErrorKind, Predicate<String>> rule : ORDERED) {
            if ((allowed == null || allowed.contains(rule.getKey())) && rule.getValue().test(lowerCaseText)) {
                return rule.getKey();
            }
        }
        return null;
    }

    /**
     * Whether the lower-cased text says the request itself is larger than the limit it is
     * measured against: "request too large", or a "requested N" above a "limit M" in the same
     * message ("Limit 6000, Requested 7829"). Such a request never fits, however long one waits.
     */
    static boolean oversizedRequest(String lowerCaseText) {
        if (lowerCaseText == null || lowerCaseText.indexOf("request") < 0) {
            return false;
        }
        if (OVERSIZED.matcher(lowerCaseText).find()) {
            return true;
        }
        Matcher limit = LIMIT.matcher(lowerCaseText);
        Matcher requested = REQUESTED.matcher(lowerCaseText);
        return limit.find() && requested.find()
                && Long.parseLong(requested.group(1)) > Long.parseLong(limit.group(1));
    }

    private static Map.Entry<ErrorKind, Predicate<String>> rule(ErrorKind kind, String regex) {
        Pattern pattern = Pattern.compile(regex);
        return Map.entry(kind, text -> pattern.matcher(text).find());
    }
}
