package dev.idem.openai;

import java.net.http.HttpResponse.BodyHandler;
import java.net.http.HttpResponse.BodySubscriber;
import java.net.http.HttpResponse.ResponseInfo;

/**
 * Hands the body to another handler and remembers whether a status line arrived at all. A
 * failure after it is a response cut off once the provider had processed the request
 * (MAYBE_PROCESSED), whatever the transport calls it and whichever call reports it (the JDK may
 * report a malformed first chunk from {@code send} itself); before it, the transport's exception
 * says how far it got. One instance per request.
 */
final class StatusAwareBody<T> implements BodyHandler<T> {

    private final BodyHandler<T> body;
    private volatile int status = -1;

    StatusAwareBody(BodyHandler<T> body) {
        this.body = body;
    }

    @Override
    public BodySubscriber<T> apply(ResponseInfo info) {
        status = info.statusCode();
        return body.apply(info);
    }

    /** Whether the response's status line was received. */
    boolean statusReceived() {
        return status >= 0;
    }

    /** The status received, or -1. */
    int status() {
        return status;
    }
}
