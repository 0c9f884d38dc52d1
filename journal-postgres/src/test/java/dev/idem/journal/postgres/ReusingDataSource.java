package dev.idem.journal.postgres;

import java.io.PrintWriter;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.logging.Logger;
import javax.sql.DataSource;

/**
 * The least a connection pool does, for tests: {@code close()} hands the connection back instead
 * of closing it, so operations pay a round trip, not a connection set-up, as they do in
 * production behind HikariCP. Idle connections are kept without limit.
 */
public final class ReusingDataSource implements DataSource {

    private final DataSource physical;
    private final ConcurrentLinkedQueue<Connection> idle = new ConcurrentLinkedQueue<>();

    public ReusingDataSource(DataSource physical) {
        this.physical = physical;
    }

    @Override
    public Connection getConnection() throws SQLException {
        Connection connection = idle.poll();
        if (connection == null || connection.isClosed()) {
            connection = physical.getConnection();
        }
        Connection real = connection;
        return (Connection) Proxy.newProxyInstance(Connection.class.getClassLoader(), new Class<?>[] {Connection.class},
                (proxy, method, args) -> {
                    if (method.getName().equals("close") && method.getParameterCount() == 0) {
                        if (!real.getAutoCommit()) {
                            real.rollback();
                            real.setAutoCommit(true);
                        }
                        idle.add(real);
                        return null;
                    }
                    try {
                        return method.invoke(real, args);
                    } catch (InvocationTargetException e) {
                        throw e.getCause();
                    }
                });
    }

    /** Closes the idle connections. */
    public void closeIdle() {
        Connection connection;
        while ((connection = idle.poll()) != null) {
            try {
                connection.close();
            } catch (SQLException e) {
                // already broken
            }
        }
    }

    @Override
    public Connection getConnection(String user, String password) throws SQLException {
        throw new SQLFeatureNotSupportedException("one user per pool");
    }

    @Override
    public PrintWriter getLogWriter() throws SQLException {
        return physical.getLogWriter();
    }

    @Override
    public void setLogWriter(PrintWriter out) throws SQLException {
        physical.setLogWriter(out);
    }

    @Override
    public void setLoginTimeout(int seconds) throws SQLException {
        physical.setLoginTimeout(seconds);
    }

    @Override
    public int getLoginTimeout() throws SQLException {
        return physical.getLoginTimeout();
    }

    @Override
    public Logger getParentLogger() throws SQLFeatureNotSupportedException {
        return physical.getParentLogger();
    }

    @Override
    public <T> T unwrap(Class<T> type) throws SQLException {
        return physical.unwrap(type);
    }

    @Override
    public boolean isWrapperFor(Class<?> type) throws SQLException {
        return physical.isWrapperFor(type);
    }
}
