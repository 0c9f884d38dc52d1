package dev.idem.openai;

import dev.idem.llm.DispatchPhase;
import dev.idem.llm.ErrorKind;
import dev.idem.llm.ProviderResponseException;
import java.net.http.HttpResponse.BodyHandler;
import java.net.http.HttpResponse.BodySubscriber;
import java.net.http.HttpResponse.BodySubscribers;
import java.net.http.HttpResponse.ResponseInfo;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Flow;

/**
 * Reads a whole body as text, and reports a failure while reading it as a response cut off after
 * the provider started answering: the status line arrived, so the request was processed
 * (MAYBE_PROCESSED), whatever the transport says. Failures before the status line are not seen
 * here and reach the caller as the transport's own exceptions.
 */
final class CutOffAwareBody implements BodyHandler<String> {

    @Override
    public BodySubscriber<String> apply(ResponseInfo info) {
        BodySubscriber<String> text = BodySubscribers.ofString(StandardCharsets.UTF_8);
        return new BodySubscriber<>() {
            @Override
            public CompletionStage<String> getBody() {
                return text.getBody();
            }

            @Override
            public void onSubscribe(Flow.Subscription subscription) {
                text.onSubscribe(subscription);
            }

            @Override
            public void onNext(List<ByteBuffer> item) {
                text.onNext(item);
            }

            @Override
            public void onError(Throwable failure) {
                text.onError(new ProviderResponseException(ErrorKind.UNKNOWN, DispatchPhase.MAYBE_PROCESSED,
                        "the response body was cut off after status " + info.statusCode() + ": " + failure, failure));
            }

            @Override
            public void onComplete() {
                text.onComplete();
            }
        };
    }
}
