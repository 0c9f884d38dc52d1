package dev.idem.internal.call;

import dev.idem.ErrorType;
import dev.idem.tool.ToolException;
import java.sql.Array;
import java.sql.Blob;
import java.sql.CallableStatement;
import java.sql.Clob;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.NClob;
import java.sql.PreparedStatement;
import java.sql.SQLClientInfoException;
import java.sql.SQLException;
import java.sql.SQLWarning;
import java.sql.SQLXML;
import java.sql.Savepoint;
import java.sql.Statement;
import java.sql.Struct;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.Executor;

/**
 * The connection a transactional tool's body gets: the call's transaction, which Idem claimed and
 * will commit with the outcome. It passes every call through except those that would end the
 * transaction or change it after the claim: {@code commit}, {@code rollback()}, {@code
 * setAutoCommit(true)}, {@code close}, {@code abort}, a new isolation level, and releasing or rolling
 * back to a savepoint the body did not set (or released already). Those throw a {@link
 * ToolException} (PROGRAMMING_ERROR) naming the rule, and the first one is kept: the attempt fails
 * with it even when the body caught it and returned, so the transaction rolls back whole.
 *
 * <p>The body's own savepoints are allowed: they nest inside the transaction, after the claim, so
 * rolling back to one undoes only writes of the body. {@code unwrap} hands out nothing but this
 * connection: the driver's own would commit.
 */
public final class CallConnection implements Connection {

    private final Connection transaction;
    private final List<Savepoint> savepoints = new ArrayList<>(); // the body's, oldest first
    private volatile ToolException refusal; // the first refused call; the body may run threads of its own

    public CallConnection(Connection transaction) {
        this.transaction = transaction;
    }

    /** {@code failure} unless a call was refused: then the refusal, whatever the body made of it. */
    public Exception refusalOr(Exception failure) {
        ToolException refused = refusal;
        return refused != null ? refused : failure;
    }

    /** Throws the refusal the body caught and went on past: committing now would keep what it meant to undo. */
    public void throwIfRefused() {
        ToolException refused = refusal;
        if (refused != null) {
            throw refused;
        }
    }

    private ToolException refuse(String rule) {
        ToolException refused = new ToolException(ErrorType.PROGRAMMING_ERROR, false, rule, null);
        if (refusal == null) {
            refusal = refused;
        }
        return refused;
    }

    @Override
    public void commit() {
        throw refuse("a transactional tool must not commit: Idem commits the effect with its journal record in one"
                + " transaction when the tool returns");
    }

    @Override
    public void rollback() {
        throw refuse("a transactional tool must not roll back: Idem rolls the call's transaction (its journal claim"
                + " with it) back when the tool throws; throw to undo the tool's writes, or roll back to a savepoint"
                + " of its own");
    }

    @Override
    public void setAutoCommit(boolean autoCommit) throws SQLException {
        if (autoCommit) {
            throw refuse("a transactional tool must not turn autocommit on: that commits the journal claim and"
                    + " the writes so far without the outcome; Idem commits the effect with its journal record in"
                    + " one transaction");
        }
        transaction.setAutoCommit(false); // already off: nothing changes
    }

    @Override
    public void close() {
        throw refuse("a transactional tool must not close its connection: Idem ends the call's transaction and"
                + " returns the connection");
    }

    @Override
    public void abort(Executor executor) {
        throw refuse("a transactional tool must not abort its connection: Idem ends the call's transaction; throw"
                + " to undo the tool's writes");
    }

    @Override
    public void setTransactionIsolation(int level) throws SQLException {
        if (level != transaction.getTransactionIsolation()) {
            throw refuse("a transactional tool must not change the isolation level: its transaction began with the"
                    + " journal claim; set the level on the data source's connections");
        }
    }

    @Override
    public Savepoint setSavepoint() throws SQLException {
        Savepoint savepoint = transaction.setSavepoint();
        savepoints.add(savepoint);
        return savepoint;
    }

    @Override
    public Savepoint setSavepoint(String name) throws SQLException {
        Savepoint savepoint = transaction.setSavepoint(name);
        savepoints.add(savepoint);
        return savepoint;
    }

    /** Rolls back to one of the body's savepoints: those set after it end, it stays (as in SQL). */
    @Override
    public void rollback(Savepoint savepoint) throws SQLException {
        int index = own(savepoint);
        transaction.rollback(savepoint);
        savepoints.subList(index + 1, savepoints.size()).clear();
    }

    /** Releases one of the body's savepoints and those set after it (as in SQL). */
    @Override
    public void releaseSavepoint(Savepoint savepoint) throws SQLException {
        int index = own(savepoint);
        transaction.releaseSavepoint(savepoint);
        savepoints.subList(index, savepoints.size()).clear();
    }

    private int own(Savepoint savepoint) {
        for (int i = savepoints.size() - 1; i >= 0; i--) {
            if (savepoints.get(i) == savepoint) {
                return i;
            }
        }
        throw refuse("a transactional tool may release or roll back to only a savepoint it set on its connection"
                + " and has not released; this one is not its own");
    }

    @Override
    public <T> T unwrap(Class<T> type) throws SQLException {
        if (type.isInstance(this)) {
            return type.cast(this);
        }
        throw new SQLException("the connection of a transactional tool is not a wrapper for " + type.getName()
                + ": Idem hands out no other connection of the call's transaction");
    }

    @Override
    public boolean isWrapperFor(Class<?> type) {
        return type.isInstance(this);
    }

    // Everything else passes through.

    @Override
    public boolean getAutoCommit() throws SQLException {
        return transaction.getAutoCommit();
    }

    @Override
    public int getTransactionIsolation() throws SQLException {
        return transaction.getTransactionIsolation();
    }

    @Override
    public Statement createStatement() throws SQLException {
        return transaction.createStatement();
    }

    @Override
    public Statement createStatement(int type, int concurrency) throws SQLException {
        return transaction.createStatement(type, concurrency);
    }

    @Override
    public Statement createStatement(int type, int concurrency, int holdability) throws SQLException {
        return transaction.createStatement(type, concurrency, holdability);
    }

    @Override
    public PreparedStatement prepareStatement(String sql) throws SQLException {
        return transaction.prepareStatement(sql);
    }

    @Override
    public PreparedStatement prepareStatement(String sql, int type, int concurrency) throws SQLException {
        return transaction.prepareStatement(sql, type, concurrency);
    }

    @Override
    public PreparedStatement prepareStatement(String sql, int type, int concurrency, int holdability)
            throws SQLException {
        return transaction.prepareStatement(sql, type, concurrency, holdability);
    }

    @Override
    public PreparedStatement prepareStatement(String sql, int autoGeneratedKeys) throws SQLException {
        return transaction.prepareStatement(sql, autoGeneratedKeys);
    }

    @Override
    public PreparedStatement prepareStatement(String sql, int[] columnIndexes) throws SQLException {
        return transaction.prepareStatement(sql, columnIndexes);
    }

    @Override
    public PreparedStatement prepareStatement(String sql, String[] columnNames) throws SQLException {
        return transaction.prepareStatement(sql, columnNames);
    }

    @Override
    public CallableStatement prepareCall(String sql) throws SQLException {
        return transaction.prepareCall(sql);
    }

    @Override
    public CallableStatement prepareCall(String sql, int type, int concurrency) throws SQLException {
        return transaction.prepareCall(sql, type, concurrency);
    }

    @Override
    public CallableStatement prepareCall(String sql, int type, int concurrency, int holdability)
            throws SQLException {
        return transaction.prepareCall(sql, type, concurrency, holdability);
    }

    @Override
    public String nativeSQL(String sql) throws SQLException {
        return transaction.nativeSQL(sql);
    }

    @Override
    public boolean isClosed() throws SQLException {
        return transaction.isClosed();
    }

    @Override
    public DatabaseMetaData getMetaData() throws SQLException {
        return transaction.getMetaData();
    }

    @Override
    public void setReadOnly(boolean readOnly) throws SQLException {
        transaction.setReadOnly(readOnly);
    }

    @Override
    public boolean isReadOnly() throws SQLException {
        return transaction.isReadOnly();
    }

    @Override
    public void setCatalog(String catalog) throws SQLException {
        transaction.setCatalog(catalog);
    }

    @Override
    public String getCatalog() throws SQLException {
        return transaction.getCatalog();
    }

    @Override
    public SQLWarning getWarnings() throws SQLException {
        return transaction.getWarnings();
    }

    @Override
    public void clearWarnings() throws SQLException {
        transaction.clearWarnings();
    }

    @Override
    public Map<String, Class<?>> getTypeMap() throws SQLException {
        return transaction.getTypeMap();
    }

    @Override
    public void setTypeMap(Map<String, Class<?>> map) throws SQLException {
        transaction.setTypeMap(map);
    }

    @Override
    public void setHoldability(int holdability) throws SQLException {
        transaction.setHoldability(holdability);
    }

    @Override
    public int getHoldability() throws SQLException {
        return transaction.getHoldability();
    }

    @Override
    public Clob createClob() throws SQLException {
        return transaction.createClob();
    }

    @Override
    public Blob createBlob() throws SQLException {
        return transaction.createBlob();
    }

    @Override
    public NClob createNClob() throws SQLException {
        return transaction.createNClob();
    }

    @Override
    public SQLXML createSQLXML() throws SQLException {
        return transaction.createSQLXML();
    }

    @Override
    public boolean isValid(int timeoutSeconds) throws SQLException {
        return transaction.isValid(timeoutSeconds);
    }

    @Override
    public void setClientInfo(String name, String value) throws SQLClientInfoException {
        transaction.setClientInfo(name, value);
    }

    @Override
    public void setClientInfo(Properties properties) throws SQLClientInfoException {
        transaction.setClientInfo(properties);
    }

    @Override
    public String getClientInfo(String name) throws SQLException {
        return transaction.getClientInfo(name);
    }

    @Override
    public Properties getClientInfo() throws SQLException {
        return transaction.getClientInfo();
    }

    @Override
    public Array createArrayOf(String typeName, Object[] elements) throws SQLException {
        return transaction.createArrayOf(typeName, elements);
    }

    @Override
    public Struct createStruct(String typeName, Object[] attributes) throws SQLException {
        return transaction.createStruct(typeName, attributes);
    }

    @Override
    public void setSchema(String schema) throws SQLException {
        transaction.setSchema(schema);
    }

    @Override
    public String getSchema() throws SQLException {
        return transaction.getSchema();
    }

    @Override
    public void setNetworkTimeout(Executor executor, int milliseconds) throws SQLException {
        transaction.setNetworkTimeout(executor, milliseconds);
    }

    @Override
    public int getNetworkTimeout() throws SQLException {
        return transaction.getNetworkTimeout();
    }
}
