package dev.idem.openai;

import java.net.http.HttpResponse.BodyHandler;
import java.net.http.HttpResponse.BodySubscriber;
import java.net.http.HttpResponse.BodySubscribers;
import java.net.http.HttpResponse.ResponseInfo;
import java.nio.charset.StandardCharsets;

/**
 * Reads a whole body as text and remembers whether a status line arrived at all. A failure
 * after it is a response cut off once the provider had processed the request (MAYBE_PROCESSED),
 * whatever the transport calls it; before it, the transport's exception says how far it got.
 * One instance per request.
 */
final class StatusAwareBody implements BodyHandler<String> {

    private volatile int status = -1;

    @Override
    public BodySubscriber<String> apply(ResponseInfo info) {
        status = info.statusCode();
        return BodySubscribers.ofString(StandardCharsets.UTF_8);
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
