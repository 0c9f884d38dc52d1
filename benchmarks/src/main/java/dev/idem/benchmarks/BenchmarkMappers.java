package dev.idem.benchmarks;

import tools.jackson.core.json.JsonFactory;
import tools.jackson.core.util.JsonRecyclerPools;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.json.JsonMapper;

/**
 * The mappers the floor and Idem's generated-code benchmarks parse with, configured as Idem's
 * executor configures its own: buffers pooled per thread (Jackson's default pool is one concurrent
 * deque per factory, which threads would take turns at and which would measure Jackson's pool, not
 * the path), and for the one-pass path duplicate keys left to the binder to catch.
 */
final class BenchmarkMappers {

    private BenchmarkMappers() {}

    /** Plain reading: the floor, and {@code readTree} for the binder over a tree. */
    static JsonMapper plain() {
        return JsonMapper.builder(factory()).build();
    }

    /** As the executor reads for its one-pass path. */
    static JsonMapper stream() {
        return JsonMapper.builder(factory())
                .enable(DeserializationFeature.FAIL_ON_READING_DUP_TREE_KEY)
                .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
                .build();
    }

    private static JsonFactory factory() {
        return JsonFactory.builder().recyclerPool(JsonRecyclerPools.sharedHybridPool()).build();
    }
}
