package dev.idem.openai;

import dev.idem.internal.CauseChain;
import dev.idem.internal.ErrorText;
import dev.idem.llm.ChatModel;
import dev.idem.llm.ChatRequest;
import dev.idem.llm.ChatResponse;
import dev.idem.tool.DispatchPhase;
import dev.idem.llm.ErrorKind;
import dev.idem.llm.ProviderHttpException;
import dev.idem.llm.ProviderResponseException;
import dev.idem.llm.StreamListener;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;
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
 *       "connection reset" ...), wrapped in an {@link UncheckedIOException} whose cause it is.</li>
 * </ul>
 * The connect timeout bounds opening the connection; the request timeout bounds waiting for the
 * response's status line (for a stream: its first byte, not the whole stream). The stream idle
 * timeout bounds each wait for more of a streamed body once the status line is in: a stream
 * that stalls longer is closed and fails with {@link ProviderResponseException} of kind
 * {@code IDLE_TIMEOUT}, phase {@code MAYBE_PROCESSED} (the provider answered 200 and may have
 * acted). Time spent in the {@link StreamListener} does not count as idle.
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
 *         .build();
 * ChatModel local = OpenAiChatModel.builder().baseUrl("http://localhost:11434/v1").model("llama3.1").build();
 * }</pre>
 */
public final class OpenAiChatModel implements ChatModel {

    /** OpenAI's API root. */
    public static final String DEFAULT_BASE_URL = "https://api.openai.com/v1";
    /** The model used when none is configured. */
    public static final String DEFAULT_MODEL = "gpt-4o-mini";

    private final String baseUrl;
    private final URI endpoint;
    private final String apiKey;
    private final String model;
    private final Duration requestTimeout;
    private final Duration streamIdleTimeout;
    private final boolean strictTools;
    private final HttpClient http;

    private OpenAiChatModel(Builder builder) {
        this.baseUrl = builder.baseUrl;
        this.endpoint = URI.create(builder.baseUrl + "/chat/completions");
        this.apiKey = builder.apiKey;
        this.model = builder.model;
        this.requestTimeout = builder.requestTimeout;
        this.streamIdleTimeout = builder.streamIdleTimeout;
        this.strictTools = builder.strictTools;
        this.http = builder.httpClient != null ? builder.httpClient : HttpClient.newBuilder()
                .connectTimeout(builder.connectTimeout)
                // HTTP/1.1 like the official SDKs: no h2c upgrade dance with plain-http local servers.
                .version(HttpClient.Version.HTTP_1_1)
                .build();
    }

    /** A builder with OpenAI's defaults and no API key. */
    public static Builder builder() {
        return new Builder();
    }

    /** A builder configured from {@code OPENAI_API_KEY}, {@code OPENAI_BASE_URL} and {@code OPENAI_MODEL}. */
    public static Builder fromEnvironment() {
        return fromEnvironment(System.getenv());
    }

    /** A builder configured from these environment variables (unset or blank ones keep the defaults). */
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

    /** The model requests name. */
    public String model() {
        return model;
    }

    /** The API root, e.g. {@code https://api.openai.com/v1}. */
    public String baseUrl() {
        return baseUrl;
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
        HttpRequest httpRequest = post(request, false);
        StatusAwareBody<String> body = new StatusAwareBody<>(HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
        return http.sendAsync(httpRequest, body)
                .handle((response, failure) -> {
                    if (failure != null && body.statusReceived() && CauseChain.unwrap(failure) instanceof IOException io) {
                        throw new CompletionException(new ProviderResponseException(ErrorKind.UNKNOWN, DispatchPhase.MAYBE_PROCESSED,
                                "the response body was cut off after status " + body.status() + ": " + io, io));
                    }
                    if (failure != null) {
                        throw new CompletionException(surfaced(failure));
                    }
                    checkStatus(response.statusCode(), response.body(), response.headers());
                    return WireFormat.parseResponse(response.body(), model);
                });
    }

    /**
     * One streamed request: the answer's pieces go to {@code listener} as they arrive on this
     * thread, and the assembled answer is returned once the stream said {@code [DONE]}.
     */
    @Override
    public ChatResponse stream(ChatRequest request, StreamListener listener) {
        Objects.requireNonNull(listener, "listener");
        HttpResponse<InputStream> response;
        StatusAwareBody<InputStream> handler = new StatusAwareBody<>(HttpResponse.BodyHandlers.ofInputStream());
        try {
            response = http.send(post(request, true), handler);
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
        // Closing the watched body (here, or by its watchdog) also cancels the watchdog: nothing outlives the call.
        try (IdleWatchedBody body = IdleWatchedBody.watch(response.body(), streamIdleTimeout)) {
            if (response.statusCode() / 100 != 2) {
                checkStatus(response.statusCode(), readRest(body), response.headers());
            }
            boolean eventStream = response.headers().firstValue("content-type").orElse("").contains("text/event-stream");
            return eventStream ? readEvents(body, listener) : readWhole(body, listener);
        } catch (IOException e) {
            // Closing the body failed after we have what we need, or the server cut it: both are after the status line.
            throw cutOff(e);
        }
    }

    private ChatResponse readEvents(IdleWatchedBody body, StreamListener listener) {
        StreamAssembler assembler = new StreamAssembler(model, listener);
        BufferedReader lines = new BufferedReader(new InputStreamReader(body, StandardCharsets.UTF_8));
        try {
            for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                if (assembler.accept(line)) {
                    return assembler.finish();
                }
            }
        } catch (IOException e) {
            if (body.stalled()) {
                throw idle(body, assembler.chunks() + " chunks" + assembler.progress(), e);
            }
            throw new ProviderResponseException(ErrorKind.UNKNOWN, DispatchPhase.MAYBE_PROCESSED,
                    "the stream was cut off" + assembler.progress() + ": " + e, e);
        }
        if (body.stalled()) {
            // The watchdog's close can surface as a plain end of stream rather than an exception.
            throw idle(body, assembler.chunks() + " chunks" + assembler.progress(), null);
        }
        return assembler.finish();
    }

    /** A server that ignored {@code "stream": true} answered in one piece; hand it over as one delta each. */
    private ChatResponse readWhole(IdleWatchedBody body, StreamListener listener) {
        byte[] whole;
        try {
            whole = body.readAllBytes();
        } catch (IOException e) {
            if (body.stalled()) {
                throw idle(body, body.bytesRead() + " bytes of the body", e);
            }
            throw cutOff(e);
        }
        if (body.stalled()) {
            throw idle(body, body.bytesRead() + " bytes of the body", null);
        }
        ChatResponse response = WireFormat.parseResponse(new String(whole, StandardCharsets.UTF_8), model);
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

    private static String readRest(InputStream body) {
        try {
            return new String(body.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            // The status is what matters for an error answer; a cut body must not hide it.
            return "";
        }
    }

    private HttpRequest post(ChatRequest request, boolean stream) {
        String body = WireFormat.requestBody(request, model, strictTools, stream).toString();
        HttpRequest.Builder builder = HttpRequest.newBuilder(endpoint)
                .timeout(requestTimeout)
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


    /** The provider went quiet after answering 200: it may have acted, and a stall is what the idle breaker counts. */
    private static ProviderResponseException idle(IdleWatchedBody body, String received, IOException cause) {
        return new ProviderResponseException(ErrorKind.IDLE_TIMEOUT, DispatchPhase.MAYBE_PROCESSED,
                "the stream was idle for " + body.idleMillis() + " ms after " + received + "; stopped reading", cause);
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
        private boolean strictTools;
        private HttpClient httpClient;

        private Builder() {
        }

        /** The API root, without {@code /chat/completions}; default {@value OpenAiChatModel#DEFAULT_BASE_URL}. */
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

        /** The bearer token; {@code null} sends no Authorization header (local servers need none). */
        public Builder apiKey(String value) {
            this.apiKey = value == null || value.isBlank() ? null : value;
            return this;
        }

        /** The model to ask for; default {@value OpenAiChatModel#DEFAULT_MODEL}. */
        public Builder model(String value) {
            this.model = Objects.requireNonNull(value, "model");
            return this;
        }

        /** How long opening a connection may take (default 10 s); ignored with {@link #httpClient}. */
        public Builder connectTimeout(Duration value) {
            this.connectTimeout = positive(value, "connectTimeout");
            return this;
        }

        /** How long to wait for the response's status line once sent (default 120 s). */
        public Builder requestTimeout(Duration value) {
            this.requestTimeout = positive(value, "requestTimeout");
            return this;
        }

        /**
         * How long a streamed answer may go without a byte once its status line is in (default
         * 60 s); a longer stall fails the call with an {@code IDLE_TIMEOUT} that may have been
         * processed. Applies to {@link OpenAiChatModel#stream} only.
         */
        public Builder streamIdleTimeout(Duration value) {
            this.streamIdleTimeout = positive(value, "streamIdleTimeout");
            return this;
        }

        /**
         * Send every tool in OpenAI's strict dialect where it has a strict schema, whatever the
         * request says (default false: only requests with {@code strictTools} are strict).
         */
        public Builder strictTools(boolean value) {
            this.strictTools = value;
            return this;
        }

        /** The HTTP client to use (its own connect timeout applies); default a new HTTP/1.1 client. */
        public Builder httpClient(HttpClient value) {
            this.httpClient = Objects.requireNonNull(value, "httpClient");
            return this;
        }

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
