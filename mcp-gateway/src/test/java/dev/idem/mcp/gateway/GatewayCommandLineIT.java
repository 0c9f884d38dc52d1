package dev.idem.mcp.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The jar's command line as an operator meets it: help, and a clear error for each way to get it wrong. */
class GatewayCommandLineIT {

    @TempDir
    Path dir;

    @Test
    void helpSaysHowToRunItAndExitsZero() throws Exception {
        Run run = run(List.of("--help"));

        assertThat(run.status).isZero();
        assertThat(run.err).contains("usage:", "-- <upstream command>", "--upstream", "--policy", "--journal", "--http",
                "--approval-timeout", "journal approvals|decide");
    }

    @Test
    void anApprovalTimeoutIsWholeSecondsAndAtMostTheJournalsRetention() throws Exception {
        Run zero = run(List.of("--approval-timeout", "0", "--", "true"));
        Run tooLong = run(List.of("--approval-timeout", "86401", "--", "true"));

        assertThat(zero.status).isEqualTo(2);
        assertThat(zero.err).contains("--approval-timeout must be a whole number of seconds, at least 1, was '0'");
        assertThat(tooLong.status).isEqualTo(2);
        assertThat(tooLong.err).contains("--approval-timeout may be at most 86400 seconds", "retention");
    }

    @Test
    void aCommandLineWithoutAnUpstreamIsAnErrorThatSaysWhatToGive() throws Exception {
        Run run = run(List.of("--journal", dir.toString()));

        assertThat(run.status).isEqualTo(2);
        assertThat(run.err).contains("no upstream", "after --", "--upstream <url>");
    }

    @Test
    void anUnknownOptionIsNamed() throws Exception {
        Run run = run(List.of("--polcy", "p.properties", "--", "true"));

        assertThat(run.status).isEqualTo(2);
        assertThat(run.err).contains("unknown option --polcy");
    }

    @Test
    void anUpstreamCommandThatDoesNotStartIsAnErrorNamingIt() throws Exception {
        Run run = run(List.of("--journal", dir.resolve("j").toString(), "--", "no-such-upstream-command-7"));

        assertThat(run.status).isEqualTo(1);
        assertThat(run.err).contains("the upstream command 'no-such-upstream-command-7' did not start", "no program 'no-such-upstream-command-7' on the PATH");
    }

    @Test
    void anUpstreamThatExitsAtOnceIsAnErrorWithItsLastWords() throws Exception {
        Run run = run(List.of("--journal", dir.resolve("j").toString(), "--", "sh", "-c",
                "echo 'cannot reach the database' >&2; sleep 0.5; exit 4"));

        assertThat(run.status).isEqualTo(1);
        assertThat(run.err).contains("did not start as an MCP server", "cannot reach the database");
    }

    @Test
    void aPolicyWithAMisspelledSettingIsRefusedWithADidYouMean() throws Exception {
        Path policy = dir.resolve("policy.properties");
        Files.writeString(policy, "idem.remote.upstream.tool.pay.idempotnet=true\n");

        Run run = run(List.of("--policy", policy.toString(), "--journal", dir.resolve("j").toString(), "--", "true"));

        assertThat(run.status).isEqualTo(2);
        assertThat(run.err).contains("idempotnet", "did you mean", "idempotent");
    }

    private static Run run(List<String> args) throws Exception {
        Process process = new ProcessBuilder(GatewayJar.command(args)).redirectInput(ProcessBuilder.Redirect.PIPE)
                .start();
        process.getOutputStream().close();
        if (!process.waitFor(60, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new AssertionError("the gateway did not exit within 60 s: " + args);
        }
        return new Run(process.exitValue(), new String(process.getErrorStream().readAllBytes(), StandardCharsets.UTF_8));
    }

    private record Run(int status, String err) {}
}
