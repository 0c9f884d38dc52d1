package dev.idem.logging;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.slf4j.event.Level;

/**
 * Records what the runtime logs through slf4j, for tests that check what an operator sees. The
 * runtime's test JVM selects {@link CapturingServiceProvider} ({@code slf4j.provider}, set in the
 * module's surefire configuration), so no logging back end is added to the runtime itself.
 *
 * <pre>{@code
 * try (LogCapture logs = LogCapture.start("dev.idem.tool", Level.DEBUG)) {
 *     executor.execute(call);
 *     assertThat(logs.messages(Level.INFO)).anyMatch(line -> line.contains("retrying"));
 * }
 * }</pre>
 */
public final class LogCapture implements AutoCloseable {

    /** One logged event, message already formatted. */
    public record Event(String logger, Level level, String message, Throwable throwable) {}

    static final List<LogCapture> OPEN = new CopyOnWriteArrayList<>();

    private final String loggerPrefix;
    private final Level threshold;
    private final List<Event> events = new CopyOnWriteArrayList<>();

    private LogCapture(String loggerPrefix, Level threshold) {
        this.loggerPrefix = loggerPrefix;
        this.threshold = threshold;
    }

    /**
     * Starts recording events at {@code threshold} or above from loggers whose name starts with
     * {@code loggerPrefix}; while open, those levels are enabled.
     */
    public static LogCapture start(String loggerPrefix, Level threshold) {
        if (!(org.slf4j.LoggerFactory.getILoggerFactory() instanceof CapturingServiceProvider.Factory)) {
            throw new IllegalStateException("slf4j is not bound to " + CapturingServiceProvider.class.getName()
                    + ": set -Dslf4j.provider=" + CapturingServiceProvider.class.getName());
        }
        LogCapture capture = new LogCapture(loggerPrefix, threshold);
        OPEN.add(capture);
        return capture;
    }

    boolean covers(String logger, Level level) {
        return logger.startsWith(loggerPrefix) && level.toInt() >= threshold.toInt();
    }

    void record(Event event) {
        events.add(event);
    }

    /** Every event recorded so far, in order. */
    public List<Event> events() {
        return List.copyOf(events);
    }

    /** The messages logged at exactly {@code level}. */
    public List<String> messages(Level level) {
        List<String> messages = new ArrayList<>();
        for (Event event : events) {
            if (event.level() == level) {
                messages.add(event.message());
            }
        }
        return messages;
    }

    /** Every message, whatever the level. */
    public String allText() {
        StringBuilder text = new StringBuilder();
        for (Event event : events) {
            text.append(event.level()).append(' ').append(event.message()).append('\n');
        }
        return text.toString();
    }

    @Override
    public void close() {
        OPEN.remove(this);
    }
}
