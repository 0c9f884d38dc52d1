package dev.idem.tool;

import static org.assertj.core.api.Assertions.assertThat;

import dev.idem.internal.call.JacksonRequirement;
import dev.idem.internal.call.ToolArguments;
import org.junit.jupiter.api.Test;
import tools.jackson.core.util.JsonRecyclerPools;

/**
 * docs/setup.md, "Jackson versions": this module's class path really holds the floor, Idem accepts it,
 * and the one choice that depends on the version is made for it. In {@code dev.idem.tool} to read
 * the runtime's package-private choices.
 */
class JacksonFloorTest {

    @Test
    void theseTestsRunOnTheFloorJacksonThatIdemStates() {
        String floor = System.getProperty("idem.jackson.floor");

        assertThat(floor).isEqualTo(JacksonRequirement.FLOOR);
        assertThat(tools.jackson.core.json.PackageVersion.VERSION.toString()).isEqualTo(floor);
        assertThat(tools.jackson.databind.cfg.PackageVersion.VERSION.toString()).isEqualTo(floor);
    }

    @Test
    void idemAcceptsTheFloor() {
        JacksonRequirement.check();
        assertThat(JacksonRequirement.problem(tools.jackson.core.json.PackageVersion.VERSION,
                tools.jackson.databind.cfg.PackageVersion.VERSION)).isNull();
    }

    @Test
    void beforeJackson33ArgumentBuffersComeFromTheThreadLocalPool() {
        // The hybrid pool is new in Jackson 3.3: chosen once at start-up, never a NoSuchMethodError per call.
        assertThat(ToolArguments.BUFFER_POOL).isSameAs(JsonRecyclerPools.threadLocalPool());
    }
}
