package dev.idem.llm.failover;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.idem.retry.DispatchPhase;
import dev.idem.llm.ErrorKind;
import dev.idem.llm.failover.FailoverDecision.Action;
import dev.idem.llm.failover.FailoverDecision.Reason;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

class FailoverPolicyTest {
    private static final ModelFailure RATE_LIMITED = ModelFailure.of(ErrorKind.RATE_LIMIT, DispatchPhase.UNKNOWN, "429");
    private static final ModelFailure OVERLOADED = ModelFailure.of(ErrorKind.OVERLOADED, DispatchPhase.UNKNOWN, "529");

    @Test
    void rateLimitBackoffWithoutHintIsSpreadByJitterAroundTheExponential() {
        FailoverPolicy low = FailoverPolicy.builder().random(() -> 0.0).build();
        FailoverPolicy high = FailoverPolicy.builder().random(() -> 0.999_999).build();
        FailoverContext second = new FailoverContext(2, 2, false, false, false, false);

        assertThat(low.decide(RATE_LIMITED, second).backoffMs()).isEqualTo(1600);
        assertThat(high.decide(RATE_LIMITED, second).backoffMs()).isEqualTo(2400);
    }

    @Test
    void overloadBacksOffTwoFourEightSecondsCappedAtThirty() {
        FailoverPolicy policy = FailoverPolicy.builder().maxAttempts(10).build();
        List<Long> backoffs = new ArrayList<>();
        for (int attempt = 1; attempt <= 6; attempt++) {
            backoffs.add(policy.decide(OVERLOADED, new FailoverContext(attempt, attempt, false, false, false, false))
                    .backoffMs());
        }
        assertThat(backoffs).containsExactly(2000L, 4000L, 8000L, 16000L, 30000L, 30000L);
    }

    @Test
    void maximumServerWaitIsConfigurable() {
        FailoverPolicy patient = FailoverPolicy.builder().maxRetryHintMs(120_000).build();
        FailoverPolicy impatient = FailoverPolicy.builder().maxRetryHintMs(10_000).build();
        ModelFailure hinted = new ModelFailure(ErrorKind.RATE_LIMIT, DispatchPhase.UNKNOWN, OptionalInt.of(429),
                OptionalLong.of(90_000), Optional.empty(), "429");

        assertThat(patient.decide(hinted, FailoverContext.firstAttempt(false)))
                .isEqualTo(new FailoverDecision(Action.RETRY, ErrorKind.RATE_LIMIT, null, 90_000, true));
        assertThat(impatient.decide(hinted, FailoverContext.firstAttempt(false)))
                .isEqualTo(new FailoverDecision(Action.SURFACE_ERROR, ErrorKind.RATE_LIMIT, Reason.RETRY_HINT_TOO_LONG, 0, true));
    }

    @Test
    void attemptCapCountsEveryAttemptWhateverTheKind() {
        FailoverPolicy policy = FailoverPolicy.builder().maxAttempts(2).build();
        FailoverContext second = new FailoverContext(2, 1, false, true, false, false);

        assertThat(policy.decide(OVERLOADED, second).reason()).isEqualTo(Reason.ATTEMPTS_EXHAUSTED);
        assertThat(policy.decide(ModelFailure.of(ErrorKind.AUTH, DispatchPhase.UNKNOWN, "401"), second).reason())
                .isEqualTo(Reason.ATTEMPTS_EXHAUSTED);
    }

    @Test
    void transientRetryLimitIsConfigurable() {
        FailoverPolicy none = FailoverPolicy.builder().transientRetries(0).build();
        ModelFailure unknown = ModelFailure.of(ErrorKind.UNKNOWN, DispatchPhase.UNKNOWN, "boom");

        assertThat(none.decide(unknown, FailoverContext.firstAttempt(false)).action()).isEqualTo(Action.SURFACE_ERROR);
    }

    @Test
    void authPermanentRotatesToTheNextProfileAndSurfacesWhenThereIsNone() {
        ModelFailure revoked = ModelFailure.of(ErrorKind.AUTH_PERMANENT, DispatchPhase.UNKNOWN, "401 invalid_api_key");

        assertThat(FailoverPolicy.DEFAULT.decide(revoked, new FailoverContext(1, 1, true, true, false, false)))
                .isEqualTo(new FailoverDecision(Action.ROTATE_PROFILE, ErrorKind.AUTH_PERMANENT, null, 0, true));
        assertThat(FailoverPolicy.DEFAULT.decide(revoked, FailoverContext.firstAttempt(true)))
                .isEqualTo(new FailoverDecision(Action.SURFACE_ERROR, ErrorKind.AUTH_PERMANENT, null, 0, false));
    }

    @Test
    void invalidConfigurationIsRejectedNamingTheField() {
        assertThatThrownBy(() -> FailoverPolicy.builder().maxAttempts(0).build())
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("maxAttempts");
        assertThatThrownBy(() -> FailoverPolicy.builder().maxRetryHintMs(-1).build())
                .hasMessageContaining("maxRetryHintMs");
        assertThatThrownBy(() -> FailoverPolicy.builder().jitterFactor(1.5).build())
                .hasMessageContaining("jitterFactor");
        assertThatThrownBy(() -> new FailoverContext(1, 2, false, false, false, false))
                .hasMessageContaining("kindFailures");
    }
}
