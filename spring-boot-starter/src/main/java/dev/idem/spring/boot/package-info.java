/**
 * Idem for Spring Boot: auto-configuration that serves the {@code @Tool} beans of an application
 * through their generated tool sets, under one {@link dev.idem.tool.ToolExecutor} configured from
 * {@code idem.*} keys of the application's {@code Environment}, with a call journal (PostgreSQL on
 * the application's {@code DataSource}, or a file), Spring AI callbacks, the {@code idem} Actuator
 * endpoint and Micrometer observations of tool calls. See {@code docs/spring-boot.md}.
 */
package dev.idem.spring.boot;
