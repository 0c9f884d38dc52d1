package dev.idem.compat;

import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.AccessTarget;
import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaAccess;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * docs/setup.md, "Jackson versions": every Jackson class, method, constructor and field that Idem's code
 * uses exists in the oldest Jackson it supports. The tests run the paths they reach; this reads
 * every class file of the runtime, the adapters and the tool sets generated for their tests (all
 * compiled against the newest Jackson) and looks each Jackson member up on this module's class
 * path, which holds the floor ({@code archunit.properties} resolves only Jackson and the JDK).
 */
class JacksonLinkageTest {
    /** The one use of a newer Jackson, guarded: ToolArguments catches its NoSuchMethodError once. */
    private static final String GUARDED = "dev.idem.internal.call.ToolArguments.bufferPool()"
            + " -> tools.jackson.core.util.JsonRecyclerPools.sharedHybridPool()";

    @Test
    void everyJacksonMemberIdemUsesExistsInTheFloorButTheOneGuardedCall() {
        JavaClasses idem = new ClassFileImporter().importPackages("dev.idem");
        Set<String> missing = new TreeSet<>();
        int jacksonUses = 0;
        for (JavaClass type : idem) {
            if (!isIdemMainOrGenerated(type)) {
                continue;
            }
            for (JavaAccess<?> access : type.getAccessesFromSelf()) {
                AccessTarget target = access.getTarget();
                if (!isJackson(target.getOwner())) {
                    continue;
                }
                jacksonUses++;
                if (target.resolveMember().isEmpty()) {
                    missing.add(access.getOrigin().getFullName() + " -> " + target.getFullName());
                }
            }
            for (Dependency dependency : type.getDirectDependenciesFromSelf()) {
                JavaClass used = dependency.getTargetClass().getBaseComponentType();
                if (isJackson(used) && used.getSource().isEmpty()) {
                    missing.add(type.getName() + " -> class " + used.getName());
                }
            }
        }

        assertThat(jacksonUses).as("Jackson uses found: the import saw Idem's code").isGreaterThan(100);
        assertThat(missing).containsExactly(GUARDED);
    }

    /** The runtime's and the adapters' main code, and tool sets the processor wrote for any test. */
    private static boolean isIdemMainOrGenerated(JavaClass type) {
        if (!type.getPackageName().startsWith("dev.idem") || type.getSource().isEmpty()) {
            return false;
        }
        String location = type.getSource().get().getUri().toString();
        boolean test = location.contains("-tests.jar") || location.contains("/test-classes/");
        return !test || type.getName().endsWith("_ToolSet");
    }

    private static boolean isJackson(JavaClass type) {
        return type.getPackageName().startsWith("tools.jackson");
    }
}
