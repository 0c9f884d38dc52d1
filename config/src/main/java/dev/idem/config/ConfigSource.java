package dev.idem.config;

import java.util.Map;

/**
 * The raw entries of one source, in the source's own spelling.
 *
 * @param label       how messages name the source ({@code system property}, {@code file /etc/idem.json})
 * @param entries     key to value, keys as the source spells them (without {@code keyPrefix})
 * @param environment whether keys are environment variable names ({@code IDEM_TOOL_PAY_TIMEOUT_MS}),
 *                    matched to dotted keys by MicroProfile Config's rule
 * @param keyPrefix   what the source writes before a key ({@code --} for program arguments)
 */
record ConfigSource(String label, Map<String, String> entries, boolean environment, String keyPrefix) {

    ConfigSource(String label, Map<String, String> entries, boolean environment) {
        this(label, entries, environment, "");
    }

    /** Where a key of this source came from, as messages say it. */
    String origin(String key) {
        return label + " " + keyPrefix + key;
    }
}
