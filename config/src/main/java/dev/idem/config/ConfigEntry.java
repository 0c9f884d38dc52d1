package dev.idem.config;

/**
 * One configured value as read from a source.
 *
 * @param key    the key in its dotted form ({@code idem.tool.schedulePix.retry.max-attempts})
 * @param value  the value's text
 * @param origin where it was read, for messages and the effective-policy table
 *               ({@code system property idem.tool.schedulePix.retry.max-attempts})
 */
record ConfigEntry(String key, String value, String origin) {
}
