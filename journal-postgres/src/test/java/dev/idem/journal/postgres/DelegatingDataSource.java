package dev.idem.journal.postgres;

import java.io.PrintWriter;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.util.logging.Logger;
import javax.sql.DataSource;

/** A data source handing out another's connections; subclasses wrap them. */
class DelegatingDataSource implements DataSource {

    final DataSource inner;

    DelegatingDataSource(DataSource inner) {
        this.inner = inner;
    }

    @Override
    public Connection getConnection() throws SQLException {
        return inner.getConnection();
    }

    @Override
    public Connection getConnection(String user, String password) throws SQLException {
        throw new SQLFeatureNotSupportedException("one user");
    }

    @Override
    public PrintWriter getLogWriter() throws SQLException {
        return inner.getLogWriter();
    }

    @Override
    public void setLogWriter(PrintWriter out) throws SQLException {
        inner.setLogWriter(out);
    }

    @Override
    public void setLoginTimeout(int seconds) throws SQLException {
        inner.setLoginTimeout(seconds);
    }

    @Override
    public int getLoginTimeout() throws SQLException {
        return inner.getLoginTimeout();
    }

    @Override
    public Logger getParentLogger() throws SQLFeatureNotSupportedException {
        return inner.getParentLogger();
    }

    @Override
    public <T> T unwrap(Class<T> type) throws SQLException {
        return inner.unwrap(type);
    }

    @Override
    public boolean isWrapperFor(Class<?> type) throws SQLException {
        return inner.isWrapperFor(type);
    }
}
