/**
 * Tool and executor policies from configuration, read once when an executor is built, with
 * MicroProfile Fault Tolerance's override convention as the model: per tool, per tool set, for all
 * tools, and for the executor's own policy; program arguments, system properties, environment
 * variables, a properties or JSON file, the classpath, strongest first. Configuration may tighten
 * a tool's safety but never loosen it.
 */
package dev.idem.config;
