package dev.idem.mcp.remote;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.idem.ErrorType;
import dev.idem.tool.ToolDescriptor;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/** The operator's policy: read from files under idem-config's rules, and the only source of a remote tool's flags. */
class RemoteToolPolicyTest {

    @TempDir
    Path dir;

    /** A server that lists tools and is never called. */
    private static RemoteConnection listing(String... toolsJson) {
        return new RemoteConnection() {
            @Override
            public List<JsonNode> listTools() {
                return java.util.Arrays.stream(toolsJson).map(PaymentService.JSON::readTree).toList();
            }

            @Override
            public JsonNode call(String tool, Map<String, Object> arguments, Map<String, Object> meta, Duration timeout) {
                throw new AssertionError("nothing is called here");
            }
        };
    }

    private static final String CHARGE = "{\"name\":\"charge\",\"inputSchema\":" + UpstreamServer.CHARGE_SCHEMA
            + ",\"annotations\":{\"idempotentHint\":true,\"readOnlyHint\":false}}";
    private static final String BALANCE = "{\"name\":\"balance\",\"inputSchema\":{\"type\":\"object\"},"
            + "\"annotations\":{\"readOnlyHint\":true}}";

    private static McpRemoteTools tools(RemoteToolPolicy policy) {
        return new McpRemoteTools.Builder("payments", listing(CHARGE, BALANCE)).policy(policy).build();
    }

    private static ToolDescriptor descriptor(McpRemoteTools tools, String name) {
        return tools.descriptors().stream().filter(d -> d.name().equals(name)).findFirst().orElseThrow();
    }

    private Path file(String name, String text) throws Exception {
        Path path = dir.resolve(name);
        Files.writeString(path, text, StandardCharsets.UTF_8);
        return path;
    }

    @Test
    void untrustedAnnotationsGiveNoFlags() {
        McpRemoteTools tools = tools(RemoteToolPolicy.untrusted());

        assertThat(descriptor(tools, "charge").idempotent()).isFalse();
        assertThat(descriptor(tools, "charge").restartSafe()).isFalse();
        assertThat(descriptor(tools, "balance").readOnly()).as("readOnlyHint alone is journaled").isFalse();
    }

    @Test
    void aTrustedServersAnnotationsBecomeFlagsExceptWhereAToolKeepsItsOwnStatement() {
        RemoteToolPolicy policy = RemoteToolPolicy.builder().trustAnnotations("payments")
                .tool("payments", "charge", charge -> charge.idempotent(false)).build();

        McpRemoteTools tools = tools(policy);

        assertThat(descriptor(tools, "balance").readOnly()).isTrue();
        assertThat(descriptor(tools, "charge").idempotent()).as("the operator's statement wins over the hint").isFalse();
    }

    @Test
    void aToolCanBeKeptOutOfItsServersTrust() {
        RemoteToolPolicy policy = RemoteToolPolicy.builder().trustAnnotations("payments")
                .tool("payments", "balance", balance -> balance.trustAnnotations(false)).build();

        assertThat(descriptor(tools(policy), "balance").readOnly()).isFalse();
    }

    @Test
    void theKeyArgumentLeavesTheListedSchemaAndIsNotRequiredOfTheModel() {
        RemoteToolPolicy policy = RemoteToolPolicy.builder()
                .tool("payments", "charge", charge -> charge.keyArgument("idempotency_key")).build();

        ToolDescriptor charge = descriptor(tools(policy), "charge");

        assertThat(charge.inputSchema()).doesNotContain("idempotency_key");
        assertThat(charge.requiredParameters()).containsExactly("cents", "memo");
    }

    @Test
    void aCallThatSetsTheKeyArgumentItselfIsRefusedBeforeAnythingIsSent() {
        RemoteToolPolicy policy = RemoteToolPolicy.builder()
                .tool("payments", "charge", charge -> charge.keyArgument("idempotency_key")).build();
        McpRemoteTools tools = tools(policy); // its connection fails the test if anything is sent

        assertThatThrownBy(() -> tools.bind("charge", PaymentService.JSON.readTree(
                "{\"cents\":100,\"memo\":\"m\",\"idempotency_key\":\"chosen-by-the-model\"}")))
                .isInstanceOfSatisfying(dev.idem.tool.ArgumentBindingException.class, e -> assertThat(e.problems())
                        .containsExactly("/idempotency_key: set by Idem from the call's idempotency key; leave it out"));
        assertThat(tools.bind("charge", PaymentService.JSON.readTree("{\"cents\":100,\"memo\":\"m\"}"))).isNotNull();
    }

    @Test
    void aKeyArgumentTheSchemaDoesNotHaveIsRefusedWithDidYouMean() {
        RemoteToolPolicy policy = RemoteToolPolicy.builder()
                .tool("payments", "charge", charge -> charge.keyArgument("idempotencyKey")).build();

        assertThatThrownBy(() -> tools(policy)).isInstanceOf(RemotePolicyException.class)
                .hasMessageContaining("'idempotencyKey' is not a property").hasMessageContaining("did you mean 'idempotency_key'");
    }

    @Test
    void aPolicyNamingAToolTheServerDoesNotListIsRefusedWithDidYouMean() {
        RemoteToolPolicy policy = RemoteToolPolicy.builder().tool("payments", "chrage", c -> c.idempotent(true)).build();

        assertThatThrownBy(() -> tools(policy)).isInstanceOf(RemotePolicyException.class)
                .hasMessageContaining("'chrage'").hasMessageContaining("did you mean 'charge'");
    }

    @Test
    void aPropertiesFileStatesEverySetting() throws Exception {
        Path path = file("remote.properties", String.join("\n",
                "idem.remote.payments.trust-annotations=false",
                "idem.remote.payments.tool.charge.idempotent=true",
                "idem.remote.payments.tool.charge.key-argument=idempotency_key",
                "idem.remote.payments.tool.charge.timeout-ms=5000",
                "idem.remote.payments.tool.charge.retry.max-attempts=4",
                "idem.remote.payments.tool.charge.retry.retry-on=TIMEOUT,CONNECTION_ERROR",
                "idem.remote.payments.tool.charge.verifier=find_charge",
                "idem.remote.payments.tool.refund.v2.requires-approval=true",
                "idem.remote.search.trust-annotations=true"));

        RemoteToolPolicy policy = RemoteToolPolicy.read(path);

        RemoteToolPolicy.Rule charge = policy.rule("payments", "charge").orElseThrow();
        assertThat(charge.idempotent()).contains(true);
        assertThat(charge.keyArgument()).contains("idempotency_key");
        assertThat(charge.timeoutMs()).contains(5000L);
        assertThat(charge.verifier()).contains("find_charge");
        assertThat(charge.retryPolicy().orElseThrow().maxAttempts()).isEqualTo(4);
        assertThat(charge.retryPolicy().orElseThrow().retries(ErrorType.RATE_LIMIT)).isFalse();
        assertThat(policy.rule("payments", "refund.v2").orElseThrow().requiresApproval()).isTrue();
        assertThat(policy.trustsAnnotations("payments", "charge")).isFalse();
        assertThat(policy.trustsAnnotations("search", "anything")).isTrue();
    }

    @Test
    void aJsonFileReadsAsItsPropertiesWould() throws Exception {
        Path path = file("remote.json", "{\"idem\":{\"remote\":{\"payments\":{\"tool\":{\"charge\":{\"idempotent\":true,"
                + "\"key-argument\":\"idempotency_key\",\"retry\":{\"max-attempts\":2}}}}}}}");

        RemoteToolPolicy.Rule charge = RemoteToolPolicy.read(path).rule("payments", "charge").orElseThrow();

        assertThat(charge.idempotent()).contains(true);
        assertThat(charge.keyArgument()).contains("idempotency_key");
        assertThat(charge.retryPolicy().orElseThrow().maxAttempts()).isEqualTo(2);
    }

    @Test
    void anUnknownSettingIsRefusedWithDidYouMean() throws Exception {
        Path path = file("remote.properties", "idem.remote.payments.tool.charge.idempotnet=true\n");

        assertThatThrownBy(() -> RemoteToolPolicy.read(path)).isInstanceOf(RemotePolicyException.class)
                .hasMessageContaining("unknown tool setting 'idempotnet'").hasMessageContaining("did you mean 'idempotent'");
    }

    @Test
    void anUnknownServerSettingAndAKeyOutsideTheNamespaceAreRefused() throws Exception {
        Path path = file("remote.properties", "idem.remote.payments.trust-anotations=true\nIdem.remote.x.trust-annotations=true\n");

        assertThatThrownBy(() -> RemoteToolPolicy.read(path)).isInstanceOfSatisfying(RemotePolicyException.class, e -> {
            assertThat(e.problems()).hasSize(2);
            assertThat(e.problems()).anySatisfy(p -> assertThat(p).contains("did you mean 'trust-annotations'"));
            assertThat(e.problems()).anySatisfy(p -> assertThat(p).contains("did you mean idem.remote.x.trust-annotations"));
        });
    }

    @Test
    void aKeyGivenTwiceIsRefusedInPropertiesAndInJson() throws Exception {
        Path properties = file("twice.properties", "idem.remote.payments.tool.charge.idempotent=true\n"
                + "idem.remote.payments.tool.charge.idempotent=false\n");
        Path json = file("twice.json", "{\"idem.remote.payments.tool.charge.idempotent\":true,"
                + "\"idem\":{\"remote\":{\"payments\":{\"tool\":{\"charge\":{\"idempotent\":false}}}}}}");

        assertThatThrownBy(() -> RemoteToolPolicy.read(properties)).hasMessageContaining("twice");
        assertThatThrownBy(() -> RemoteToolPolicy.read(json)).hasMessageContaining("twice");
    }

    @Test
    void badValuesAreAllReportedAtOnce() throws Exception {
        Path path = file("bad.properties", "idem.remote.payments.tool.charge.idempotent=yes\n"
                + "idem.remote.payments.tool.charge.timeout-ms=forever\n"
                + "idem.remote.payments.tool.charge.retry.retry-on=TIMEOUTS\n");

        assertThatThrownBy(() -> RemoteToolPolicy.read(path)).isInstanceOfSatisfying(RemotePolicyException.class, e -> {
            assertThat(e.problems()).hasSize(3);
            assertThat(String.join("\n", e.problems())).contains("true or false").contains("whole number")
                    .contains("did you mean 'TIMEOUT'");
        });
    }
}
