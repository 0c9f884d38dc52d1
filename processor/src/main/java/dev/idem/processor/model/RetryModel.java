package dev.idem.processor.model;

import java.util.List;

/** The values of one {@code @Retry}, as validated. */
public record RetryModel(
        int maxAttempts,
        long initialDelayMs,
        double backoffFactor,
        long maxDelayMs,
        boolean jitter,
        double jitterFactor,
        List<String> retryOn) {}
