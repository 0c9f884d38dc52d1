package dev.idem.samples;

import java.io.IOException;
import java.net.Authenticator;
import java.net.CookieHandler;
import java.net.ProxySelector;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executor;
import java.util.function.Consumer;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;

/**
 * An HTTP client that holds its process still at a moment of its first request, for whoever
 * watches the process to kill it there, without guessing with sleeps: before the request leaves
 * (the tool's call is under way, nothing reached the bank), or after the bank answered (the money
 * moved, and nothing has recorded it yet). It sits below the tool, so it stops the process the same
 * way whatever the journal does. Every other request passes straight through.
 */
final class CrashPointHttp extends HttpClient {

    /** Where the first request stops. */
    enum Moment {
        /** The approved call is under way; nothing reached the bank. */
        BEFORE_THE_REQUEST,
        /** The bank made the transfer and answered; the answer is about to reach the tool. */
        AFTER_THE_BANK_ANSWERED
    }

    private final HttpClient http;
    private final Moment moment;
    private final Consumer<String> announce;
    private final CountDownLatch never = new CountDownLatch(1);

    /**
     * @param http     the real client
     * @param moment   where the first request stops
     * @param announce told the request's {@code Idempotency-Key} when it stops
     */
    CrashPointHttp(HttpClient http, Moment moment, Consumer<String> announce) {
        this.http = http;
        this.moment = moment;
        this.announce = announce;
    }

    @Override
    public <T> HttpResponse<T> send(HttpRequest request, HttpResponse.BodyHandler<T> handler)
            throws IOException, InterruptedException {
        String key = request.headers().firstValue("Idempotency-Key").orElse("");
        if (moment == Moment.BEFORE_THE_REQUEST) {
            stop(key);
        }
        HttpResponse<T> response = http.send(request, handler);
        stop(key);
        return response;
    }

    private void stop(String key) throws InterruptedException {
        announce.accept(key);
        never.await(); // the process is killed here; nothing releases this latch
    }

    @Override
    public <T> CompletableFuture<HttpResponse<T>> sendAsync(HttpRequest request, HttpResponse.BodyHandler<T> handler) {
        throw new UnsupportedOperationException("the crash point holds a blocking send only");
    }

    @Override
    public <T> CompletableFuture<HttpResponse<T>> sendAsync(HttpRequest request, HttpResponse.BodyHandler<T> handler,
            HttpResponse.PushPromiseHandler<T> pushes) {
        throw new UnsupportedOperationException("the crash point holds a blocking send only");
    }

    @Override
    public Optional<CookieHandler> cookieHandler() {
        return http.cookieHandler();
    }

    @Override
    public Optional<Duration> connectTimeout() {
        return http.connectTimeout();
    }

    @Override
    public Redirect followRedirects() {
        return http.followRedirects();
    }

    @Override
    public Optional<ProxySelector> proxy() {
        return http.proxy();
    }

    @Override
    public SSLContext sslContext() {
        return http.sslContext();
    }

    @Override
    public SSLParameters sslParameters() {
        return http.sslParameters();
    }

    @Override
    public Optional<Authenticator> authenticator() {
        return http.authenticator();
    }

    @Override
    public Version version() {
        return http.version();
    }

    @Override
    public Optional<Executor> executor() {
        return http.executor();
    }
}
