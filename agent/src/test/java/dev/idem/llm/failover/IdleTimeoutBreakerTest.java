package dev.idem.llm.failover;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;

class IdleTimeoutBreakerTest {

    @Test
    void opensOnTheThirdConsecutiveIdleTimeout() {
        IdleTimeoutBreaker breaker = new IdleTimeoutBreaker();

        assertThat(breaker.recordIdleTimeout()).isFalse();
        assertThat(breaker.recordIdleTimeout()).isFalse();
        assertThat(breaker.recordIdleTimeout()).isTrue();
        assertThat(breaker.isOpen()).isTrue();
    }

    @Test
    void anySuccessClosesItAndStartsCountingAgain() {
        IdleTimeoutBreaker breaker = new IdleTimeoutBreaker();
        breaker.recordIdleTimeout();
        breaker.recordIdleTimeout();
        breaker.recordSuccess();

        assertThat(breaker.recordIdleTimeout()).isFalse();
        assertThat(breaker.recordIdleTimeout()).isFalse();
        assertThat(breaker.consecutiveIdleTimeouts()).isEqualTo(2);
    }

    @Test
    void countsEveryIdleTimeoutFromConcurrentCalls() throws InterruptedException {
        IdleTimeoutBreaker breaker = new IdleTimeoutBreaker(1000);
        CountDownLatch start = new CountDownLatch(1);
        List<Thread> threads = new ArrayList<>();
        for (int t = 0; t < 4; t++) {
            Thread thread = new Thread(() -> {
                try {
                    start.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                for (int i = 0; i < 250; i++) {
                    breaker.recordIdleTimeout();
                }
            });
            thread.start();
            threads.add(thread);
        }
        start.countDown();
        for (Thread thread : threads) {
            thread.join();
        }

        assertThat(breaker.consecutiveIdleTimeouts()).isEqualTo(1000);
        assertThat(breaker.isOpen()).isTrue();
    }

    @Test
    void thresholdMustBePositive() {
        assertThatThrownBy(() -> new IdleTimeoutBreaker(0)).hasMessageContaining("threshold");
    }
}
