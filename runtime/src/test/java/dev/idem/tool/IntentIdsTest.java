package dev.idem.tool;

import static org.assertj.core.api.Assertions.assertThat;

import dev.idem.internal.call.IntentIds;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/** A run without a caller's intent gets an intent id nobody can guess and no other run shares. */
class IntentIdsTest {

    @Test
    void freshIntentIdsAreRandomVersion4UuidsThatNeverRepeatAcrossThreads() throws Exception {
        Set<String> seen = ConcurrentHashMap.newKeySet();
        ExecutorService threads = Executors.newFixedThreadPool(4);
        try {
            Future<?>[] work = new Future<?>[4];
            for (int t = 0; t < work.length; t++) {
                work[t] = threads.submit(() -> {
                    for (int i = 0; i < 5_000; i++) {
                        String id = IntentIds.next();
                        UUID uuid = UUID.fromString(id);
                        assertThat(uuid.version()).isEqualTo(4);
                        assertThat(uuid.variant()).isEqualTo(2);
                        assertThat(uuid.toString()).isEqualTo(id);
                        assertThat(seen.add(id)).as("repeated intent id %s", id).isTrue();
                    }
                });
            }
            for (Future<?> each : work) {
                each.get();
            }
        } finally {
            threads.shutdownNow();
        }
        assertThat(seen).hasSize(20_000);
    }
}
