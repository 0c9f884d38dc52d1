package dev.idem.tool;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class ToolRegistryTest {

    @Test
    void plusAddsTheSetsAfterTheRegistrysToolsAndLeavesTheRegistryAsItWas() {
        CountingTools bank = tools("pay", "balance");
        CountingTools weather = tools("forecast");
        ToolRegistry shared = ToolRegistry.of(bank);

        ToolRegistry all = shared.plus(weather);

        assertThat(all.names()).containsExactly("pay", "balance", "forecast");
        assertThat(all.find("forecast").toolSet()).isSameAs(weather);
        assertThat(all.find("pay").toolSet()).isSameAs(bank);
        assertThat(shared.names()).containsExactly("pay", "balance");
    }

    @Test
    void plusRejectsADuplicateToolNameNamingBothSets() {
        ToolRegistry shared = ToolRegistry.of(tools("pay"));

        assertThatThrownBy(() -> shared.plus(tools("refund", "pay")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("duplicate tool name 'pay'")
                .hasMessageContaining(CountingTools.class.getName());
        assertThat(shared.names()).containsExactly("pay");
    }

    @Test
    void plusOfNothingIsTheSameTools() {
        ToolRegistry shared = ToolRegistry.of(tools("pay"));

        assertThat(shared.plus().names()).isEqualTo(shared.names());
    }

    private static CountingTools tools(String... names) {
        CountingTools set = new CountingTools();
        for (String name : names) {
            set.add(d -> d, name, (run, context, arguments) -> null);
        }
        return set;
    }
}
