package dev.idem.openai;

import dev.idem.internal.CauseChain;
import dev.idem.internal.ErrorText;
import dev.idem.llm.ChatModel;
import dev.idem.llm.ChatRequest;
import dev.idem.llm.ChatResponse;
import dev.idem.retry.DispatchPhase;
import dev.idem.llm.ErrorKind;
import dev.idem.llm.ModelDescription;
import dev.idem.llm.ProviderHttpException;
import dev.idem.llm.ProviderResponseException;
import dev.idem.llm.StreamListener;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;

/**
 * OpenAI Chat Completions over {@code java.net.http}; also speaks to OpenAI-compatible servers
 * (Ollama, vLLM, LM Studio), as it sends nothing beyond the common fields.
 *
 * <p><b>This client never retries.</b> Each call is exactly one HTTP request; what to do with a
 * failure is decided by the one classifier of model errors. Failures are reported as:
 * <ul>
 *   <li>{@link ProviderHttpException}: any non-2xx answer, with status, body and headers as
 *       received ({@code Retry-After}, {@code retry-after-ms}, {@code x-should-retry} ...); also
 *       an error the provider reports inside a 200 stream, with the status it states;</li>
 *   <li>{@link ProviderResponseException}: a 2xx answer that cannot be used: empty
 *       ({@code EMPTY_RESPONSE}, phase {@code UNKNOWN}), not parseable ({@code FORMAT_ERROR},
 *       {@code MAYBE_PROCESSED}), or cut off after the status line, e.g. a stream ending in the
 *       middle of a tool call ({@code UNKNOWN}, {@code MAYBE_PROCESSED});</li>
 *   <li>the transport's own exception before any answer ({@code ConnectException},
 *       {@code HttpConnectTimeoutException}, {@code HttpTimeoutException}, {@code SSLHandshakeException},
 *       "connection reset" ...), wrapped in an {@link UncheckedIOException} whose cause it is;</li>
 *   <li>{@link ProviderResponseException} of kind {@code RESPONSE_TOO_LARGE}, phase
 *       {@code MAYBE_PROCESSED}, for an answer larger than {@code maxResponseBytes} (or with more
 *       than a million JSON tokens): the exchange is ended at the bound, never read to the end.</li>
 * </ul>
 *
 * <p><b>Every call has a deadline no server can stretch.</b> The connect timeout bounds opening
 * the connection. A non-streamed call must have its whole answer, body included, within the
 * request timeout. A stream must have its status line within the request timeout, then make
 * progress (an event carrying data; comments and keep-alives are not progress) at least every
 * stream idle timeout, and end within the call timeout, which bounds every call. A call past one
 * of them is closed (the HTTP exchange ends, no thread stays blocked) and fails with
 * {@link ProviderResponseException} of kind {@code IDLE_TIMEOUT}, phase {@code MAYBE_PROCESSED}
 * (the provider answered 200 and may have acted). Time spent in the {@link StreamListener} does
 * not count as idle, but counts towards the call timeout.
 *
 * <p>A refusal ({@code message.refusal}, streamed {@code delta.refusal}) is an answer: it comes
 * back as {@link ChatResponse#refusal()}, never as a failure. Tool calls without a usable id get
 * one ({@code call_<position>}, unique in the message), the same in both paths; Groq's
 * {@code x_groq.usage} is read where no {@code usage} is given.
 *
 * <pre>{@code
 * ChatModel model = OpenAiChatModel.fromEnvironment()          // OPENAI_API_KEY, OPENAI_BASE_URL, OPENAI_MODEL
 *         .connectTimeout(Duration.ofSeconds(5))
 *         .requestTimeout(Duration.ofSeconds(60))
 *         .streamIdleTimeout(Duration.ofSeconds(30))
 *         .callTimeout(Duration.ofMinutes(5))
 *         .maxResponseBytes(4 << 20)
 *         .build();
 * ChatModel local = OpenAiChatModel.builder().baseUrl("http://localhost:11434/v1").model("llama3.1").build();
 * }</pre>
 */
public final class OpenAiChatModel implements ChatModel {

    /** OpenAI's API root. */
    public static final String DEFAULT_BASE_URL = "https://api.openai.com/v1";
    /** The model used when none is configured. */
    public static final String DEFAULT_MODEL = "gpt-4o-mini";
    /** The default {@link Builder#maxResponseBytes}: 16 MiB. */
    public static final long DEFAULT_MAX_RESPONSE_BYTES = 16L * 1024 * 1024;
    /** The default {@link Builder#callTimeout}: 10 minutes, as the official OpenAI SDKs wait for one request. */
    public static final Duration DEFAULT_CALL_TIMEOUT = Duration.ofMinutes(10);

    private final String baseUrl;
    private final URI endpoint;
    private final String apiKey;
    private final String model;
    private final Duration requestTimeout;
    private final Duration streamIdleTimeout;
    private final Duration callTimeout;
    private final long maxResponseBytes;
    private final boolean strictTools;
    private final HttpClient http;

    private OpenAiChatModel(Builder builder) {
        this.baseUrl = builder.baseUrl;
        this.endpoint = URI.create(builder.baseUrl + "/chat/completions");
        this.apiKey = builder.apiKey;
        this.model = builder.model;
        this.requestTimeout = builder.requestTimeout;
        this.streamIdleTimeout = builder.streamIdleTimeout;
        this.callTimeout = builder.callTimeout;
        this.maxResponseBytes = builder.maxResponseBytes;
        this.strictTools = builder.strictTools;
        this.http = builder.httpClient != null ? builder.httpClient : HttpClient.newBuilder()
                .connectTimeout(builder.connectTimeout)
                // HTTP/1.1 like the official SDKs: no h2c upgrade dance with plain-http local servers.
                .version(HttpClient.Version.HTTP_1_1)
                .build();
    }

    /**
     * A builder with OpenAI's defaults and no API key.
     *
     * @return a new builder
     */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * A builder configured from {@code OPENAI_API_KEY}, {@code OPENAI_BASE_URL} and {@code OPENAI_MODEL}.
     *
     * @return a new builder
     */
    public static Builder fromEnvironment() {
        return fromEnvironment(System.getenv());
    }

    /**
     * A builder configured from these environment variables (unset or blank ones keep the defaults).
     *
     * @param environment the variables by name, as {@link System#getenv()} gives them
     * @return a new builder
     */
    public static Builder fromEnvironment(Map<String, String> environment) {
        Builder builder = builder();
        String key = environment.get("OPENAI_API_KEY");
        if (key != null && !key.isBlank()) {
            builder.apiKey(key.strip());
        }
        String url = environment.get("OPENAI_BASE_URL");
        if (url != null && !url.isBlank()) {
            builder.baseUrl(url.strip());
        }
        String name = environment.get("OPENAI_MODEL");
        if (name != null && !name.isBlank()) {
            builder.model(name.strip());
        }
        return builder;
    }

    /**
     * The model requests name.
     *
     * @return the model name
     */
    public String model() {
        return model;
    }

    /**
     * The API root, e.g. {@code https://api.openai.com/v1}.
     *
     * @return the API root URL
     */
    public String baseUrl() {
        return baseUrl;
    }

    /**
     * The OpenAI protocol, the {@linkplain #model() model} and the {@linkplain #baseUrl() API root},
     * as telemetry names its spans after them.
     *
     * @return the description, always present
     */
    @Override
    public Optional<ModelDescription> description() {
        return Optional.of(new ModelDescription("openai", model, URI.create(baseUrl)));
    }

    /** One non-streamed request; blocks until the answer or the failure (see the class comment). */
    @Override
    public ChatResponse chat(ChatRequest request) {
        CompletableFuture<ChatResponse> answer = chatAsync(request).toCompletableFuture();
        try {
            return answer.get();
        } catch (InterruptedException e) {
            answer.cancel(true);
            Thread.currentThread().interrupt();
            CancellationException cancelled = new CancellationException("interrupted while waiting for " + endpoint);
            cancelled.initCause(e);
            throw cancelled;
        } catch (ExecutionException e) {
            throw surfaced(e.getCause());
        }
    }

    /** One non-streamed request without blocking; the stage fails with the exceptions {@link #chat} throws. */
    @Override
    public CompletionStage<ChatResponse> chatAsync(ChatRequest request) {
        // The request timeout covers the whole answer, body included; the call timeout caps it.
        boolean callTimeoutFirst = callTimeout.compareTo(requestTimeout) < 0;
        Duration limit = callTimeoutFirst ? callTimeout : requestTimeout;
        BoundedBody body = new BoundedBody(maxResponseBytes, System.nanoTime() + limit.toNanos(),
                callTimeoutFirst ? "call timeout" : "request timeout", limit.toMillis());
        CompletableFuture<ChatResponse> answer = http.sendAsync(post(request, false, limit), body)
                .handle((response, failure) -> {
                    if (failure != null && body.statusReceived() && CauseChain.unwrap(failure) instanceof IOException io) {
                        throw new CompletionException(new ProviderResponseException(ErrorKind.UNKNOWN, DispatchPhase.MAYBE_PROCESSED,
                                "the response body was cut off after status " + body.status() + ": " + io, io));
                    }
                    if (failure != null) {
                        throw new CompletionException(surfaced(failure));
                    }
                    if (response.statusCode() / 100 != 2) {
                        // Only an error answer becomes text: a success is parsed from its bytes.
                        checkStatus(response.statusCode(), response.body().text(), response.headers());
                    }
                    return WireFormat.parseResponse(response.body(), model);
                });
        // A caller that stops waiting (cancel, interrupt) ends the exchange too; once done this does nothing.
        answer.whenComplete((response, failure) -> body.abort());
        return answer;
    }

    /**
     * One streamed request: the answer's pieces go to {@code listener} as they arrive on this
     * thread, and the assembled answer is returned once the stream said {@code [DONE]}.
     */
    @Override
    public ChatResponse stream(ChatRequest request, StreamListener listener) {
        Objects.requireNonNull(listener, "listener");
        long deadline = System.nanoTime() + callTimeout.toNanos();
        HttpResponse<InputStream> response;
        StatusAwareBody<InputStream> handler = new StatusAwareBody<>(HttpResponse.BodyHandlers.ofInputStream());
        try {
            response = http.send(post(request, true, min(requestTimeout, callTimeout)), handler);
        } catch (IOException e) {
            if (handler.statusReceived()) {
                throw new ProviderResponseException(ErrorKind.UNKNOWN, DispatchPhase.MAYBE_PROCESSED,
                        "the response was cut off after status " + handler.status() + ": " + e, e);
            }
            throw surfaced(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            CancellationException cancelled = new CancellationException("interrupted while waiting for " + endpoint);
            cancelled.initCause(e);
            throw cancelled;
        }
        // Closing the watched body (here, or by its watchdog) ends the exchange and cancels the watchdog:
        // nothing outlives the call.
        try (WatchedBody body = WatchedBody.watch(response.body(), streamIdleTimeout, deadline)) {
            if (response.statusCode() / 100 != 2) {
                checkStatus(response.statusCode(), readError(body), response.headers());
            }
            boolean eventStream = response.headers().firstValue("content-type").orElse("").contains("text/event-stream");
            return eventStream ? readEvents(body, listener) : readWhole(body, listener);
        } catch (IOException e) {
            // Closing the body failed after we have what we need, or the server cut it: both are after the status line.
            throw cutOff(e);
        }
    }

    private ChatResponse readEvents(WatchedBody body, StreamListener listener) {
        StreamAssembler assembler = new StreamAssembler(model, listener, maxResponseBytes);
        EventLines lines = new EventLines(body, maxResponseBytes);
        try {
            for (String line = lines.next(); line != null; line = lines.next()) {
                if (assembler.accept(line)) {
                    return assembler.finish();
                }
                if (line.startsWith("data:")) {
                    // Only data is progress: comments, keep-alives and bytes of an unfinished line are not.
                    body.progress();
                }
            }
        } catch (IOException e) {
            throw stopped(body, assembler.chunks() + " chunks" + assembler.progress(), e)
                    .orElseGet(() -> new ProviderResponseException(ErrorKind.UNKNOWN, DispatchPhase.MAYBE_PROCESSED,
                            "the stream was cut off" + assembler.progress() + ": " + e, e));
        }
        // The watchdog's close can surface as a plain end of stream rather than an exception.
        stopped(body, assembler.chunks() + " chunks" + assembler.progress(), null).ifPresent(timeout -> {
            throw timeout;
        });
        return assembler.finish();
    }

    /** A server that ignored {@code "stream": true} answered in one piece; hand it over as one delta each. */
    private ChatResponse readWhole(WatchedBody body, StreamListener listener) {
        ResponseBytes whole;
        try {
            whole = ResponseBytes.read(body, maxResponseBytes);
        } catch (IOException e) {
            throw stopped(body, body.bytesRead() + " bytes of the body", e).orElseGet(() -> cutOff(e));
        }
        stopped(body, body.bytesRead() + " bytes of the body", null).ifPresent(timeout -> {
            throw timeout;
        });
        if (whole.overflowed()) {
            throw WireFormat.tooLarge("the response body is larger than " + maxResponseBytes
                    + " bytes (maxResponseBytes); stopped reading");
        }
        ChatResponse response = WireFormat.parseResponse(whole, model);
        if (!response.text().isEmpty()) {
            listener.onText(response.text());
        }
        if (response.refused()) {
            listener.onRefusal(response.refusal());
        }
        for (int index = 0; index < response.toolCalls().size(); index++) {
            listener.onToolCallStart(index, response.toolCalls().get(index).id(), response.toolCalls().get(index).name());
            listener.onToolCallArguments(index, response.toolCalls().get(index).argumentsJson());
        }
        return response;
    }

    /** The start of an error answer's body: its status is what matters, and a cut body must not hide it. */
    private static String readError(InputStream body) {
        try {
            return ResponseBytes.read(body, BoundedBody.ERROR_BODY_BYTES).text();
        } catch (IOException e) {
            return "";
        }
    }

    private HttpRequest post(ChatRequest request, boolean stream, Duration headerTimeout) {
        String body = WireFormat.requestBody(request, model, strictTools, stream).toString();
        HttpRequest.Builder builder = HttpRequest.newBuilder(endpoint)
                .timeout(headerTimeout)
                .header("Content-Type", "application/json")
                .header("Accept", stream ? "text/event-stream" : "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body, StandardCharsets.UTF_8));
        if (apiKey != null) {
            builder.header("Authorization", "Bearer " + apiKey);
        }
        return builder.build();
    }

    private static void checkStatus(int status, String body, java.net.http.HttpHeaders headers) {
        if (status / 100 != 2) {
            throw new ProviderHttpException(status, body, headers.map());
        }
    }

    /** The failure as the caller sees it: our own exceptions as they are, I/O ones wrapped with the original as cause. */
    private static RuntimeException surfaced(Throwable failure) {
        Throwable cause = CauseChain.unwrap(failure);
        if (cause instanceof RuntimeException runtime) {
            return runtime;
        }
        if (cause instanceof IOException io) {
            return new UncheckedIOException(ErrorText.of(io), io);
        }
        if (cause instanceof Error error) {
            throw error;
        }
        return new IllegalStateException(cause);
    }


    /**
     * Why the watchdog ended the stream, if it did: past the call's deadline, or idle (the provider
     * went quiet after answering 200). Either way it may have acted, and the idle breaker counts it.
     */
    private Optional<ProviderResponseException> stopped(WatchedBody body, String received, IOException cause) {
        if (body.expired()) {
            return Optional.of(new ProviderResponseException(ErrorKind.IDLE_TIMEOUT, DispatchPhase.MAYBE_PROCESSED,
                    "the stream went on past the call timeout of " + callTimeout.toMillis() + " ms after " + received
                            + "; stopped reading", cause));
        }
        if (body.stalled()) {
            return Optional.of(new ProviderResponseException(ErrorKind.IDLE_TIMEOUT, DispatchPhase.MAYBE_PROCESSED,
                    "the stream was idle for " + body.idleMillis() + " ms after " + received + "; stopped reading", cause));
        }
        return Optional.empty();
    }

    private static Duration min(Duration a, Duration b) {
        return a.compareTo(b) <= 0 ? a : b;
    }

    private static ProviderResponseException cutOff(IOException e) {
        return new ProviderResponseException(ErrorKind.UNKNOWN, DispatchPhase.MAYBE_PROCESSED,
                "the response body was cut off: " + e, e);
    }

    /** Builds an {@link OpenAiChatModel}. */
    public static final class Builder {
        private String baseUrl = DEFAULT_BASE_URL;
        private String apiKey;
        private String model = DEFAULT_MODEL;
        private Duration connectTimeout = Duration.ofSeconds(10);
        private Duration requestTimeout = Duration.ofSeconds(120);
        private Duration streamIdleTimeout = Duration.ofSeconds(60);
        private Duration callTimeout = DEFAULT_CALL_TIMEOUT;
        private long maxResponseBytes = DEFAULT_MAX_RESPONSE_BYTES;
        private boolean strictTools;
        private HttpClient httpClient;

        private Builder() {
        }

        /**
         * The API root, without {@code /chat/completions}; default {@value OpenAiChatModel#DEFAULT_BASE_URL}.
         *
         * @param value the API root URL
         * @return this builder
         */
        public Builder baseUrl(String value) {
            String url = Objects.requireNonNull(value, "baseUrl").strip();
            while (url.endsWith("/")) {
                url = url.substring(0, url.length() - 1);
            }
            if (!url.startsWith("http://") && !url.startsWith("https://")) {
                throw new IllegalArgumentException("baseUrl must start with http:// or https://, was '" + value + "'");
            }
            this.baseUrl = url;
            return this;
        }

        /**
         * The bearer token; {@code null} sends no Authorization header (local servers need none).
         *
         * @param value the API key, or {@code null}
         * @return this builder
         */
        public Builder apiKey(String value) {
            this.apiKey = value == null || value.isBlank() ? null : value;
            return this;
        }

        /**
         * The model to ask for; default {@value OpenAiChatModel#DEFAULT_MODEL}.
         *
         * @param value the model name
         * @return this builder
         */
        public Builder model(String value) {
            this.model = Objects.requireNonNull(value, "model");
            return this;
        }

        /**
         * How long opening a connection may take (default 10 s); ignored with {@link #httpClient}.
         *
         * @param value the connect timeout
         * @return this builder
         */
        public Builder connectTimeout(Duration value) {
            this.connectTimeout = positive(value, "connectTimeout");
            return this;
        }

        /**
         * How long a non-streamed answer may take once sent, body included (default 120 s); for
         * {@link OpenAiChatModel#stream} how long to wait for the status line. A provider that
         * answers 200 and then goes slow or silent fails with an {@code IDLE_TIMEOUT} that may
         * have been processed.
         *
         * @param value the request timeout
         * @return this builder
         */
        public Builder requestTimeout(Duration value) {
            this.requestTimeout = positive(value, "requestTimeout");
            return this;
        }

        /**
         * How long a streamed answer may go without progress once its status line is in (default
         * 60 s): progress is an event carrying data, so comment lines ({@code : keep-alive}) and a
         * line trickled byte by byte do not count. A longer stall fails the call with an
         * {@code IDLE_TIMEOUT} that may have been processed. Applies to {@link OpenAiChatModel#stream} only.
         *
         * @param value the longest stall of a stream
         * @return this builder
         */
        public Builder streamIdleTimeout(Duration value) {
            this.streamIdleTimeout = positive(value, "streamIdleTimeout");
            return this;
        }

        /**
         * The longest one call may take, from sending the request to the answer's last byte,
         * whatever the server does (default {@link OpenAiChatModel#DEFAULT_CALL_TIMEOUT}, 10 minutes:
         * what the official OpenAI SDKs allow one request, and more than the longest answer a model
         * streams at a useful pace). It ends a stream that keeps sending meaningful data forever;
         * a non-streamed call ends at the earlier of this and the request timeout. Time spent in
         * the {@code StreamListener} counts: it is part of the call. Exceeding it fails the call
         * with an {@code IDLE_TIMEOUT} that may have been processed.
         *
         * @param value the longest call
         * @return this builder
         */
        public Builder callTimeout(Duration value) {
            this.callTimeout = positive(value, "callTimeout");
            return this;
        }

        /**
         * The largest answer accepted, at least 1024 (default {@link OpenAiChatModel#DEFAULT_MAX_RESPONSE_BYTES},
         * 16 MiB): a non-streamed body's bytes; for a stream, each event line's bytes and the
         * assembled answer's characters (text, refusal, tool names and arguments). A larger answer
         * ends the exchange and fails the call with a {@code RESPONSE_TOO_LARGE} that may have been
         * processed (never requested again); it is held once while read, never as several copies.
         *
         * @param value the most bytes (or characters) of an answer
         * @return this builder
         */
        public Builder maxResponseBytes(long value) {
            if (value < 1024) {
                throw new IllegalArgumentException("maxResponseBytes must be at least 1024, was " + value);
            }
            this.maxResponseBytes = value;
            return this;
        }

        /**
         * Send every tool in OpenAI's strict dialect where it has a strict schema, whatever the
         * request says (default false: only requests with {@code strictTools} are strict).
         *
         * @param value true to make every tool strict
         * @return this builder
         */
        public Builder strictTools(boolean value) {
            this.strictTools = value;
            return this;
        }

        /**
         * The HTTP client to use (its own connect timeout applies); default a new HTTP/1.1 client.
         *
         * @param value the HTTP client
         * @return this builder
         */
        public Builder httpClient(HttpClient value) {
            this.httpClient = Objects.requireNonNull(value, "httpClient");
            return this;
        }

        /**
         * The client.
         *
         * @return a new client with this configuration
         */
        public OpenAiChatModel build() {
            return new OpenAiChatModel(this);
        }

        private static Duration positive(Duration value, String name) {
            Objects.requireNonNull(value, name);
            if (value.isZero() || value.isNegative()) {
                throw new IllegalArgumentException(name + " must be positive, was " + value);
            }
            return value;
        }
    }
}
