package dev.idem.logging;

import java.io.PrintStream;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.ILoggerFactory;
import org.slf4j.IMarkerFactory;
import org.slf4j.Logger;
import org.slf4j.Marker;
import org.slf4j.event.Level;
import org.slf4j.helpers.AbstractLogger;
import org.slf4j.helpers.BasicMarkerFactory;
import org.slf4j.helpers.MessageFormatter;
import org.slf4j.helpers.NOPMDCAdapter;
import org.slf4j.spi.MDCAdapter;
import org.slf4j.spi.SLF4JServiceProvider;

/**
 * The slf4j back end of the runtime's tests: WARN and ERROR go to standard error, as the simple
 * logger printed them; anything an open {@link LogCapture} asks for is recorded.
 */
public final class CapturingServiceProvider implements SLF4JServiceProvider {

    private final Factory factory = new Factory();
    private final IMarkerFactory markers = new BasicMarkerFactory();
    private final MDCAdapter mdc = new NOPMDCAdapter();

    @Override
    public ILoggerFactory getLoggerFactory() {
        return factory;
    }

    @Override
    public IMarkerFactory getMarkerFactory() {
        return markers;
    }

    @Override
    public MDCAdapter getMDCAdapter() {
        return mdc;
    }

    @Override
    public String getRequestedApiVersion() {
        return "2.0.99";
    }

    @Override
    public void initialize() {
    }

    /** One logger per name. */
    static final class Factory implements ILoggerFactory {
        private final Map<String, Logger> loggers = new ConcurrentHashMap<>();

        @Override
        public Logger getLogger(String name) {
            return loggers.computeIfAbsent(name, CapturingLogger::new);
        }
    }

    private static final class CapturingLogger extends AbstractLogger {
        private static final long serialVersionUID = 1L;

        CapturingLogger(String name) {
            this.name = name;
        }

        private boolean enabled(Level level) {
            if (level.toInt() >= Level.WARN.toInt()) {
                return true;
            }
            for (LogCapture capture : LogCapture.OPEN) {
                if (capture.covers(name, level)) {
                    return true;
                }
            }
            return false;
        }

        @Override
        protected String getFullyQualifiedCallerName() {
            return null;
        }

        @Override
        protected void handleNormalizedLoggingCall(Level level, Marker marker, String pattern, Object[] arguments,
                Throwable throwable) {
            String message = MessageFormatter.basicArrayFormat(pattern, arguments);
            for (LogCapture capture : LogCapture.OPEN) {
                if (capture.covers(name, level)) {
                    capture.record(new LogCapture.Event(name, level, message, throwable));
                }
            }
            if (level.toInt() >= Level.WARN.toInt()) {
                PrintStream err = System.err;
                synchronized (err) {
                    err.println("[" + Thread.currentThread().getName() + "] " + level + " " + name + " - " + message);
                    if (throwable != null) {
                        throwable.printStackTrace(err);
                    }
                }
            }
        }

        @Override
        public boolean isTraceEnabled() {
            return enabled(Level.TRACE);
        }

        @Override
        public boolean isTraceEnabled(Marker marker) {
            return enabled(Level.TRACE);
        }

        @Override
        public boolean isDebugEnabled() {
            return enabled(Level.DEBUG);
        }

        @Override
        public boolean isDebugEnabled(Marker marker) {
            return enabled(Level.DEBUG);
        }

        @Override
        public boolean isInfoEnabled() {
            return enabled(Level.INFO);
        }

        @Override
        public boolean isInfoEnabled(Marker marker) {
            return enabled(Level.INFO);
        }

        @Override
        public boolean isWarnEnabled() {
            return true;
        }

        @Override
        public boolean isWarnEnabled(Marker marker) {
            return true;
        }

        @Override
        public boolean isErrorEnabled() {
            return true;
        }

        @Override
        public boolean isErrorEnabled(Marker marker) {
            return true;
        }
    }
}
