package dev.idem.internal.call;

import tools.jackson.core.Version;

/**
 * The Jackson Idem runs on: every Jackson 3 release from {@link #FLOOR} on, jackson-core and
 * jackson-databind each judged on its own (frameworks often bring one of each from different
 * releases: Spring AI 2.0.1 brings core 3.0.3 with databind 3.1.5). The user's framework chooses
 * the version; this class only says, once and clearly, when the choice cannot work.
 *
 * <p>Judged when the first executor is built and before the argument mappers are, so an unsupported
 * Jackson fails that one build with a message naming what was found, what is needed and the fix,
 * instead of failing every call with a linkage error. The versions are read from Jackson's own
 * {@code PackageVersion} constants.
 */
public final class JacksonRequirement {
    /** The oldest Jackson 3 release Idem is built and tested to run on. */
    public static final String FLOOR = "3.0.0";

    private static final int FLOOR_MINOR = 0;
    private static final int FLOOR_PATCH = 0;

    private static final String FIX = "import tools.jackson:jackson-bom (" + FLOOR + " or newer: the version"
            + " your framework manages, or the newest) in <dependencyManagement> with <type>pom</type> and"
            + " <scope>import</scope>, ahead of other BOMs, so jackson-core, jackson-databind and"
            + " jackson-annotations come from one release (Spring Boot's dependency management does this for you)";

    /** {@code null} when the Jackson on the class path is one Idem runs on; else what to tell the user. */
    private static final String PROBLEM = onTheClassPath();

    private JacksonRequirement() {}

    /**
     * Returns when the Jackson on the class path is one Idem runs on.
     *
     * @throws IllegalStateException naming the versions found, the one needed and the fix
     */
    public static void check() {
        if (PROBLEM != null) {
            throw new IllegalStateException(PROBLEM);
        }
    }

    /**
     * What is wrong with a jackson-core and a jackson-databind of these versions, or {@code null}
     * when Idem runs on them.
     */
    public static String problem(Version core, Version databind) {
        if (supported(core) && supported(databind)) {
            return null;
        }
        return "Idem needs Jackson " + FLOOR + " or newer (any Jackson 3 release) and found jackson-core " + core
                + " and jackson-databind " + databind + " on the class path; " + FIX + ".";
    }

    private static boolean supported(Version version) {
        if (version.isUnknownVersion()) {
            // A repackaged Jackson that does not say which it is: nothing to judge, the tests decide.
            return true;
        }
        if (version.getMajorVersion() != 3) {
            return false;
        }
        int sinceFloor = version.getMinorVersion() != FLOOR_MINOR
                ? Integer.compare(version.getMinorVersion(), FLOOR_MINOR)
                : Integer.compare(version.getPatchLevel(), FLOOR_PATCH);
        // A release candidate or snapshot of the floor itself comes before it.
        return sinceFloor > 0 || sinceFloor == 0 && !version.isSnapshot();
    }

    private static String onTheClassPath() {
        Version core;
        Version databind;
        try {
            core = tools.jackson.core.json.PackageVersion.VERSION;
            databind = tools.jackson.databind.cfg.PackageVersion.VERSION;
        } catch (NoClassDefFoundError absent) {
            return "Idem needs Jackson " + FLOOR + " or newer (tools.jackson.core:jackson-core and jackson-databind)"
                    + " and found no Jackson 3 on the class path (missing " + absent.getMessage() + "; Jackson 2,"
                    + " com.fasterxml.jackson.core:jackson-databind, is another library); " + FIX + ".";
        }
        return problem(core, databind);
    }
}
