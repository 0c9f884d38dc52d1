/**
 * Idem's runtime: tool execution under retry and replay-safety rules, the call journal (SPI,
 * in-memory and file journals), durable state, and what the code the processor generates calls.
 * Depends on Jackson 3 and slf4j only (and Idem's own annotations and regex engine).
 */
module dev.idem.runtime {
    requires transitive dev.idem.annotations;
    requires transitive dev.idem.regex;
    requires transitive tools.jackson.databind;
    requires org.slf4j;
    requires java.net.http;
    // a transactional tool's connection (java.sql.Connection): a JDK module, no library
    requires transitive java.sql;

    exports dev.idem.tool;
    exports dev.idem.retry;
    exports dev.idem.tool.content;
    exports dev.idem.tool.exchange;
    exports dev.idem.journal;
    exports dev.idem.state;
    // what generated *_ToolSet code calls: no compatibility promise
    exports dev.idem.generated;
    // shared with Idem's own modules, not API
    exports dev.idem.internal to dev.idem.agent, dev.idem.openai, dev.idem.config;
}
