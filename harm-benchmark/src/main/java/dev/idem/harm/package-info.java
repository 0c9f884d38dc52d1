/**
 * The harm benchmark: a loopback payment service that counts effects ({@link dev.idem.harm.PaymentService}),
 * eleven faults ({@link dev.idem.harm.Scenario}), the stacks they are played against
 * ({@link dev.idem.harm.Stack}), the harness that plays them ({@link dev.idem.harm.Harness}) and the
 * command that prints and writes the table and the chart ({@link dev.idem.harm.HarmBenchmark}).
 */
package dev.idem.harm;
