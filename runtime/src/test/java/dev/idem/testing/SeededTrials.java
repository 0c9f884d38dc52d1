package dev.idem.testing;

/**
 * Runs a property over seeded random trials on plain JUnit 5. Every run of the suite tries the
 * same cases (trial {@code i} draws from seed {@code base + i}); more tries come from a system
 * property, and a failing trial names its seed so it can be replayed alone:
 *
 * <pre>
 * mvn -B -pl runtime -am verify -Dtest=RetryDelayTest -Didem.tries=100000 -Dsurefire.failIfNoSpecifiedTests=false
 * mvn ... -Didem.seed=20261217 -Didem.tries=1     # replays the one trial that failed
 * </pre>
 */
public final class SeededTrials {
    /** Tries per property, overriding each property's own count (e.g. 100000 for a long run). */
    public static final String TRIES = "idem.tries";
    /** The seed of the first trial (default {@value #DEFAULT_SEED}). */
    public static final String SEED = "idem.seed";
    private static final long DEFAULT_SEED = 20261201L;

    private SeededTrials() {}

    /** One trial: draws what it needs from {@code gen} and asserts. */
    @FunctionalInterface
    public interface Trial {
        void run(Gen gen) throws Exception;
    }

    /** The number of tries a property with {@code suiteTries} runs now. */
    public static int tries(int suiteTries) {
        return Integer.getInteger(TRIES, suiteTries);
    }

    /**
     * Runs {@code trial} {@link #tries(int)} times.
     *
     * @throws AssertionError naming the failing trial's seed, with the failure as its cause
     */
    public static void run(int suiteTries, Trial trial) {
        long base = Long.getLong(SEED, DEFAULT_SEED);
        int tries = tries(suiteTries);
        for (int i = 0; i < tries; i++) {
            long seed = base + i;
            try {
                trial.run(new Gen(seed));
            } catch (Throwable failure) {
                AssertionError named = new AssertionError("trial " + (i + 1) + " of " + tries + " failed with seed " + seed
                        + "; replay it alone with -D" + SEED + "=" + seed + " -D" + TRIES + "=1: " + failure, failure);
                System.err.println(named.getMessage());
                throw named;
            }
        }
    }
}
