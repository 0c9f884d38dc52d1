package dev.idem.samples.chaos;

import java.util.Random;

/**
 * The durability fault a seed plays, drawn from the seed apart from its schedule (so the other
 * faults of a seed are the same as before durability faults existed); a quarter of the seeds crash,
 * an eighth race a second replica:
 * <ul>
 *   <li>{@link Kind#NONE}: no journal, as before;
 *   <li>{@link Kind#CRASH}: the agent's process "crashes" after the body of its {@code crashAt}-th
 *       side-effecting call returned and before the outcome reached the journal; the run is then
 *       started again by a new agent on the same journal, as a restarted service would. Simulated in
 *       the process (the dead agent's journal stops writing at that point and fails every later
 *       call, the run is abandoned): real SIGKILLs are played by {@code FileJournalCrashTest},
 *       {@code ReplicaCrashTest} and the demo. The journal is a file journal closed and reopened
 *       (the restart is the takeover) or an in-memory one whose clock jumps past the dead owner's
 *       leases (a shared journal's replica restarting);
 *   <li>{@link Kind#SECOND_REPLICA}: a second agent with its own executor, on the same journal,
 *       runs the same request under the same intent id at the same time (a load balancer's retry).
 * </ul>
 *
 * @param kind        the fault
 * @param fileJournal for a crash, whether the journal is a file journal (else in memory)
 * @param crashAt     for a crash, which owned claim of the transfer tool crashes at its completion
 */
record ChaosDurability(Kind kind, boolean fileJournal, int crashAt) {

    /** Which durability fault. */
    enum Kind { NONE, CRASH, SECOND_REPLICA }

    static ChaosDurability draw(long seed, int transfers) {
        if (!Boolean.parseBoolean(System.getProperty("idem.chaos.durability", "true"))) {
            return new ChaosDurability(Kind.NONE, false, 0);
        }
        Random random = new Random(seed * 0x9E3779B97F4A7C15L + 0xD0C);
        int pick = random.nextInt(8);
        boolean file = random.nextInt(4) == 0;
        int crashAt = 1 + random.nextInt(transfers);
        if (pick < 2) {
            return new ChaosDurability(Kind.CRASH, file, crashAt);
        }
        if (pick == 2) {
            return new ChaosDurability(Kind.SECOND_REPLICA, false, 0);
        }
        return new ChaosDurability(Kind.NONE, false, 0);
    }

    @Override
    public String toString() {
        return switch (kind) {
            case NONE -> "no journal";
            case CRASH -> "crash at the completion of owned transfer claim " + crashAt + ", "
                    + (fileJournal ? "file journal reopened" : "in-memory journal, leases lapsed");
            case SECOND_REPLICA -> "second replica racing the same intent on one journal";
        };
    }
}
