package dev.idem.internal.call;

import dev.idem.tool.exchange.ElicitationAnswer;
import dev.idem.tool.exchange.ElicitationRequest;
import dev.idem.tool.exchange.LogLevel;
import dev.idem.tool.exchange.SamplingAnswer;
import dev.idem.tool.exchange.SamplingRequest;
import dev.idem.tool.exchange.ToolExchange;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/**
 * The exchange every body attempt of one call shares: the client's answers to a request are
 * remembered for the call, so a retried body that asks the same again gets the same answer and
 * the client is asked once (the {@link ToolExchange} replay rule). Lives as long as the call;
 * nothing is kept in the client's session.
 */
public final class CallExchange implements ToolExchange {

    private final ToolExchange client;
    // One call's answers, read by its attempts in turn (one may outlive its timeout): concurrent,
    // made by the first question (most bodies never ask the client one).
    private volatile ConcurrentMap<Object, Object> answers;

    private CallExchange(ToolExchange client) {
        this.client = client;
    }

    public static ToolExchange of(ToolExchange client) {
        return client == ToolExchange.none() ? client : new CallExchange(client);
    }

    @Override
    public void log(LogLevel level, String message) {
        client.log(level, message);
    }

    @Override
    public void progress(double progress, double total, String message) {
        client.progress(progress, total, message);
    }

    @Override
    public boolean canSample() {
        return client.canSample();
    }

    @Override
    public SamplingAnswer sample(SamplingRequest request) {
        return (SamplingAnswer) answers().computeIfAbsent(request, asked -> client.sample(request));
    }

    @Override
    public boolean canElicit() {
        return client.canElicit();
    }

    @Override
    public ElicitationAnswer elicit(ElicitationRequest request) {
        return (ElicitationAnswer) answers().computeIfAbsent(request, asked -> client.elicit(request));
    }

    private ConcurrentMap<Object, Object> answers() {
        ConcurrentMap<Object, Object> current = answers;
        if (current == null) {
            synchronized (this) {
                current = answers;
                if (current == null) {
                    answers = current = new ConcurrentHashMap<>();
                }
            }
        }
        return current;
    }
}
