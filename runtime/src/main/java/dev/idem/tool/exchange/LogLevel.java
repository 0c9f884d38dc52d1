package dev.idem.tool.exchange;

/** The level of a message sent with {@link ToolExchange#log}: the syslog levels MCP uses, least severe first. */
public enum LogLevel {
    /** Detail for debugging. */
    DEBUG,
    /** Normal operation. */
    INFO,
    /** Normal but significant. */
    NOTICE,
    /** Something may go wrong. */
    WARNING,
    /** Something went wrong. */
    ERROR,
    /** A critical condition. */
    CRITICAL,
    /** Action needed now. */
    ALERT,
    /** The system is unusable. */
    EMERGENCY
}
