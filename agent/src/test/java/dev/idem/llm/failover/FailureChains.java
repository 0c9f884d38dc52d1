package dev.idem.llm.failover;

import dev.idem.internal.CauseChain;
import dev.idem.retry.DispatchPhase;
import dev.idem.llm.ErrorKind;
import dev.idem.llm.ProviderHttpException;
import dev.idem.llm.ProviderResponseException;
import java.io.EOFException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpTimeoutException;
import java.security.cert.CertificateException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeoutException;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLHandshakeException;
import javax.net.ssl.SSLPeerUnverifiedException;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.json.JsonMapper;

/**
 * Builds exception chains from the small notation of the conformance table:
 * {@code "RuntimeException: call failed > ConnectException: Connection refused @cycle"}.
 */
final class FailureChains {
    static final List<String> TYPES = List.of("ConnectException", "HttpConnectTimeoutException",
            "HttpTimeoutException", "SocketTimeoutException", "UnknownHostException", "NoRouteToHostException",
            "SSLHandshakeException", "SSLPeerUnverifiedException", "SSLException", "CertificateException",
            "EOFException", "SocketException", "IOException", "RuntimeException", "IllegalStateException",
            "TimeoutException", "UncheckedIOException", "CompletionException", "ExecutionException", "JsonParseFailure");

    private FailureChains() {
    }

    static Throwable build(String chain, int status, String body, Map<String, List<String>> headers) {
        String spec = chain.strip();
        boolean cycle = spec.endsWith("@cycle");
        if (cycle) {
            spec = spec.substring(0, spec.length() - "@cycle".length()).strip();
        }
        List<String> links = spec.isEmpty() ? List.of("HTTP") : List.of(spec.split(" > "));
        Throwable inner = null;
        Throwable innermost = null;
        for (int i = links.size() - 1; i >= 0; i--) {
            String link = links.get(i).strip();
            int colon = link.indexOf(": ");
            String type = colon < 0 ? link : link.substring(0, colon);
            String message = colon < 0 ? null : link.substring(colon + 2);
            inner = link(type, message, inner, status, body, headers);
            if (innermost == null) {
                innermost = inner;
            }
        }
        if (cycle && innermost != inner) {
            innermost.initCause(inner);
        }
        return inner;
    }

    static List<Throwable> links(Throwable error) {
        return new ArrayList<>(CauseChain.of(error));
    }

    private static Throwable link(String type, String message, Throwable cause, int status, String body,
            Map<String, List<String>> headers) {
        if (type.equals("HTTP")) {
            return withCause(new ProviderHttpException(status, body, headers), cause);
        }
        if (type.equals("HTTP-MID-STREAM")) {
            return withCause(new ProviderHttpException(status, body, headers, true), cause);
        }
        if (type.startsWith("PRE(")) {
            String[] verdict = type.substring(4, type.length() - 1).split("/");
            return new ProviderResponseException(ErrorKind.valueOf(verdict[0]), DispatchPhase.valueOf(verdict[1]),
                    message, cause);
        }
        switch (type) {
            case "UncheckedIOException":
                return new UncheckedIOException(message, cause instanceof IOException io ? io : new IOException(cause));
            case "CompletionException":
                return new CompletionException(message, cause);
            case "ExecutionException":
                return new ExecutionException(message, cause);
            default:
                return withCause(leaf(type, message), cause);
        }
    }

    static Throwable leaf(String type, String message) {
        switch (type) {
            case "ConnectException": return new ConnectException(message);
            case "HttpConnectTimeoutException": return new HttpConnectTimeoutException(message);
            case "HttpTimeoutException": return new HttpTimeoutException(message);
            case "SocketTimeoutException": return new SocketTimeoutException(message);
            case "UnknownHostException": return new UnknownHostException(message);
            case "NoRouteToHostException": return new NoRouteToHostException(message);
            case "SSLHandshakeException": return new SSLHandshakeException(message);
            case "SSLPeerUnverifiedException": return new SSLPeerUnverifiedException(message);
            case "SSLException": return new SSLException(message);
            case "CertificateException": return new CertificateException(message);
            case "EOFException": return new EOFException(message);
            case "SocketException": return new SocketException(message);
            case "IOException": return new IOException(message);
            case "RuntimeException": return new RuntimeException(message);
            case "IllegalStateException": return new IllegalStateException(message);
            case "TimeoutException": return new TimeoutException(message);
            case "UncheckedIOException": return new UncheckedIOException(message, new IOException(message));
            case "CompletionException": return new CompletionException(message, null);
            case "ExecutionException": return new ExecutionException(message, null);
            case "JsonParseFailure": return jsonParseFailure();
            default: throw new IllegalArgumentException("unknown exception type in table: " + type);
        }
    }

    private static Throwable withCause(Throwable link, Throwable cause) {
        if (cause != null) {
            link.initCause(cause);
        }
        return link;
    }

    private static Throwable jsonParseFailure() {
        try {
            JsonMapper.shared().readTree("{oops");
            throw new AssertionError("expected a parse failure");
        } catch (JacksonException expected) {
            return expected;
        }
    }
}
