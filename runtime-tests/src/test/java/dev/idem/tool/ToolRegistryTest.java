package dev.idem.tool;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** How registries of generated tool sets combine. */
class ToolRegistryTest {

    @Test
    void plusAddsTheSetsAfterTheRegistrysToolsAndLeavesTheRegistryAsItWas() {
        ToolSet bank = RegistryTools_Bank_ToolSet.of(new RegistryTools.Bank());
        ToolSet weather = RegistryTools_Weather_ToolSet.of(new RegistryTools.Weather());
        ToolRegistry shared = ToolRegistry.of(bank);

        ToolRegistry all = shared.plus(weather);

        assertThat(all.names()).containsExactly("pay", "balance", "forecast");
        assertThat(all.find("forecast").toolSet()).isSameAs(weather);
        assertThat(all.find("pay").toolSet()).isSameAs(bank);
        assertThat(shared.names()).containsExactly("pay", "balance");
    }

    @Test
    void plusRejectsADuplicateToolNameNamingBothSets() {
        ToolRegistry shared = ToolRegistry.of(RegistryTools_Payments_ToolSet.of(new RegistryTools.Payments()));

        assertThatThrownBy(() -> shared.plus(RegistryTools_Refunds_ToolSet.of(new RegistryTools.Refunds())))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("duplicate tool name 'pay'")
                .hasMessageContaining(RegistryTools_Payments_ToolSet.class.getName())
                .hasMessageContaining(RegistryTools_Refunds_ToolSet.class.getName());
        assertThat(shared.names()).containsExactly("pay");
    }

    @Test
    void plusOfNothingIsTheSameTools() {
        ToolRegistry shared = ToolRegistry.of(RegistryTools_Payments_ToolSet.of(new RegistryTools.Payments()));

        assertThat(shared.plus().names()).isEqualTo(shared.names());
    }
}
