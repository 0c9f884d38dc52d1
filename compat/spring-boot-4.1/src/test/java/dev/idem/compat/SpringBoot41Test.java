package dev.idem.compat;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.springframework.boot.SpringBootVersion;
import org.springframework.core.SpringVersion;

/** The starter's suite here runs on Spring Boot 4.1 and the Spring Framework it manages, not on the reactor's 4.0. */
class SpringBoot41Test {

    @Test
    void theStartersSuiteRunsHereOnSpringBoot41() {
        assertThat(SpringBootVersion.getVersion()).startsWith("4.1.");
        assertThat(SpringVersion.getVersion()).isEqualTo("7.0.10");
    }
}
