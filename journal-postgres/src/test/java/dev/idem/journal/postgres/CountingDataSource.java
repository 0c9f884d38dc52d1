package dev.idem.journal.postgres;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.atomic.AtomicInteger;
import javax.sql.DataSource;

/**
 * A data source that counts what crosses the wire: commits, and statements executed (each one
 * round trip with this driver), and can lose the answer to a COMMIT: {@link #commitFault} runs
 * instead of the connection's own {@code commit()}.
 */
final class CountingDataSource extends DelegatingDataSource {

    /** Replaces a connection's commit: the test decides whether it commits and what the caller hears. */
    @FunctionalInterface
    interface CommitFault {
        void commit(Connection real) throws SQLException;
    }

    final AtomicInteger commits = new AtomicInteger();
    final AtomicInteger statements = new AtomicInteger();
    volatile CommitFault commitFault;

    CountingDataSource(DataSource inner) {
        super(inner);
    }

    void reset() {
        commits.set(0);
        statements.set(0);
    }

    @Override
    public Connection getConnection() throws SQLException {
        Connection real = inner.getConnection();
        return (Connection) Proxy.newProxyInstance(Connection.class.getClassLoader(), new Class<?>[] {Connection.class},
                (proxy, method, args) -> {
                    if (method.getName().equals("commit")) {
                        commits.incrementAndGet();
                        CommitFault fault = commitFault;
                        if (fault != null) {
                            fault.commit(real);
                            return null;
                        }
                    }
                    Object result = call(method, real, args);
                    if (result instanceof PreparedStatement statement) {
                        return counted(statement, PreparedStatement.class);
                    }
                    if (result instanceof Statement statement) {
                        return counted(statement, Statement.class);
                    }
                    return result;
                });
    }

    private <T extends Statement> T counted(T statement, Class<T> type) {
        return type.cast(Proxy.newProxyInstance(type.getClassLoader(), new Class<?>[] {type}, (proxy, method, args) -> {
            if (method.getName().startsWith("execute")) {
                statements.incrementAndGet();
            }
            return call(method, statement, args);
        }));
    }

    private static Object call(Method method, Object target, Object[] args) throws Throwable {
        try {
            return method.invoke(target, args);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }
}
