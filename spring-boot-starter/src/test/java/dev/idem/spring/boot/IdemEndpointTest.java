package dev.idem.spring.boot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.idem.tool.ToolCall;
import dev.idem.tool.ToolExecutor;
import dev.idem.tool.ToolResult;
import java.lang.reflect.Method;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.actuate.endpoint.Access;
import org.springframework.boot.actuate.endpoint.InvalidEndpointRequestException;
import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.core.DefaultParameterNameDiscoverer;

/**
 * The {@code idem} endpoint's unresolved records, in a Spring context on the file journal: a
 * transfer that timed out (not safe to repeat, so its outcome stays unknown) is listed until an
 * operator resolves it.
 */
class IdemEndpointTest {

    private static final String ARGUMENTS = "{\"account\":\"ACC-PRIVATE-77\",\"cents\":4200}";

    @TempDir
    Path journalDirectory;

    private ApplicationContextRunner runner() {
        return new ApplicationContextRunner()
                .withConfiguration(AutoConfigurations.of(IdemAutoConfiguration.class,
                        IdemEndpointAutoConfiguration.class))
                .withBean(Transfers.class)
                .withPropertyValues("idem.journal.directory=" + journalDirectory,
                        "management.endpoints.web.exposure.include=idem");
    }

    private static ToolResult send(ToolExecutor executor, String intent) {
        return executor.newRun(intent).execute(new ToolCall("c-" + intent, "sendPix", ARGUMENTS));
    }

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> records(Map<String, Object> listing) {
        return (List<Map<String, Object>>) listing.get("records");
    }

    @Test
    void aCallWhoseOutcomeIsUnknownIsListedWithoutItsArgumentsAndWithTheLogsMasking() {
        runner().run(context -> {
            ToolResult timedOut = send(context.getBean(ToolExecutor.class), "ticket-7");
            assertThat(timedOut.outcomeUnknown()).isTrue();
            IdemEndpoint endpoint = context.getBean(IdemEndpoint.class);

            Map<String, Object> listing = endpoint.records(IdemEndpoint.UNRESOLVED, null, null, null, null);

            assertThat(records(listing)).singleElement().satisfies(record -> {
                assertThat(record).containsEntry("tool", "sendPix").containsEntry("intent", "ticket-7")
                        .containsEntry("status", "OUTCOME_UNKNOWN").containsEntry("errorType", "TIMEOUT")
                        .containsKeys("key", "age", "createdAt", "owner", "attempts");
                assertThat((String) record.get("key")).startsWith("idem-");
                assertThat((String) record.get("why")).contains("the bank did not answer in time")
                        .doesNotContain("sk-live-0123456789abcdef");
            });
            assertThat(listing).containsEntry("truncated", false);
            assertThat(listing.toString()).doesNotContain("ACC-PRIVATE-77");
            @SuppressWarnings("unchecked")
            Map<String, Object> shownWithThePolicies = (Map<String, Object>) endpoint.policies().get("unresolved");
            assertThat(records(shownWithThePolicies)).extracting(record -> record.get("key"))
                    .containsExactly(records(listing).get(0).get("key"));
        });
    }

    @Test
    void unresolvedRecordsAreFilteredByToolIntentAgeAndLimit() {
        runner().run(context -> {
            ToolExecutor executor = context.getBean(ToolExecutor.class);
            send(executor, "ticket-7");
            send(executor, "ticket-8");
            IdemEndpoint endpoint = context.getBean(IdemEndpoint.class);

            assertThat(records(endpoint.records("unresolved", "sendPix", null, null, null))).hasSize(2);
            assertThat(records(endpoint.records("unresolved", "book", null, null, null))).isEmpty();
            assertThat(records(endpoint.records("unresolved", null, "ticket-8", null, null)))
                    .extracting(record -> record.get("intent")).containsExactly("ticket-8");
            assertThat(records(endpoint.records("unresolved", null, null, "1h", null))).isEmpty();
            assertThat(records(endpoint.records("unresolved", null, null, "PT0S", null))).hasSize(2);
            Map<String, Object> first = endpoint.records("unresolved", null, null, null, 1);
            assertThat(records(first)).hasSize(1);
            assertThat(first).containsEntry("truncated", true);
            assertThatThrownBy(() -> endpoint.records("unresolved", null, null, null, 0))
                    .isInstanceOf(InvalidEndpointRequestException.class).hasMessageContaining("limit");
            assertThatThrownBy(() -> endpoint.records("unresolved", null, null, null, 1001))
                    .isInstanceOf(InvalidEndpointRequestException.class).hasMessageContaining("limit");
            assertThatThrownBy(() -> endpoint.records("unresolved", null, null, "soon", null))
                    .isInstanceOf(InvalidEndpointRequestException.class).hasMessageContaining("olderThan");
        });
    }

    @Test
    void aResolvedRecordDisappearsAndNotAppliedLetsTheNextCallRunTheTool() {
        runner().run(context -> {
            ToolExecutor executor = context.getBean(ToolExecutor.class);
            send(executor, "ticket-7");
            IdemEndpoint endpoint = context.getBean(IdemEndpoint.class);
            String key = (String) records(endpoint.records("unresolved", null, null, null, null)).get(0).get("key");
            Transfers transfers = context.getBean(Transfers.class);
            assertThat(send(executor, "ticket-7").outcomeUnknown()).isTrue();
            assertThat(transfers.runs).as("unknown: the retry does not run the transfer again").hasValue(1);

            Map<String, Object> resolved = endpoint.resolve("unresolved", key, "NOT_APPLIED", null, "ana@ops",
                    "no such transfer at the bank");

            assertThat(resolved).containsEntry("resolved", true).containsEntry("status", "FAILED")
                    .containsEntry("by", "ana@ops");
            assertThat(records(endpoint.records("unresolved", null, null, null, null))).isEmpty();
            send(executor, "ticket-7");
            assertThat(transfers.runs).as("not applied: the next call runs the transfer").hasValue(2);
        });
    }

    @Test
    void anAppliedResolutionIsReplayedToLaterCallsOfTheIntent() {
        runner().run(context -> {
            ToolExecutor executor = context.getBean(ToolExecutor.class);
            send(executor, "ticket-7");
            IdemEndpoint endpoint = context.getBean(IdemEndpoint.class);
            String key = (String) records(endpoint.records("unresolved", null, null, null, null)).get(0).get("key");

            assertThat(endpoint.resolve("unresolved", key, "applied", "sent tx-81", "ana@ops", "bank statement"))
                    .containsEntry("resolved", true).containsEntry("status", "SUCCEEDED");

            assertThat(records(endpoint.records("unresolved", null, null, null, null))).isEmpty();
            ToolResult replayed = send(executor, "ticket-7");
            assertThat(replayed.isError()).isFalse();
            assertThat(replayed.textForModel()).contains("sent tx-81");
            assertThat(context.getBean(Transfers.class).runs).hasValue(1);
        });
    }

    @Test
    void aRecordWhoseOutcomeIsNoLongerUnknownIsRefusedAndABadResolutionIsABadRequest() {
        runner().run(context -> {
            send(context.getBean(ToolExecutor.class), "ticket-7");
            IdemEndpoint endpoint = context.getBean(IdemEndpoint.class);
            String key = (String) records(endpoint.records("unresolved", null, null, null, null)).get(0).get("key");
            endpoint.resolve("unresolved", key, "NOT_APPLIED", null, "ana@ops", "no such transfer");

            assertThat(endpoint.resolve("unresolved", key, "APPLIED", Map.of("id", "tx-1"), "bob", "second opinion"))
                    .containsEntry("resolved", false).containsEntry("status", "FAILED").containsKey("refused");
            assertThat(endpoint.resolve("unresolved", "idem-nowhere", "NOT_APPLIED", null, "bob", "guess"))
                    .containsEntry("resolved", false);
            assertThatThrownBy(() -> endpoint.resolve("unresolved", key, "MAYBE", null, "bob", "unsure"))
                    .isInstanceOf(InvalidEndpointRequestException.class).hasMessageContaining("verdict");
            assertThatThrownBy(() -> endpoint.resolve("unresolved", key, "APPLIED", null, "bob", "no result"))
                    .isInstanceOf(InvalidEndpointRequestException.class).hasMessageContaining("resultJson");
        });
    }

    @Test
    void onlyUnresolvedAndAwaitingApprovalHavePathsAndResolvingNeedsWriteAccessGranted() {
        runner().run(context -> {
            IdemEndpoint endpoint = context.getBean(IdemEndpoint.class);
            assertThat(endpoint.records("archived", null, null, null, null)).isNull();
            assertThat(endpoint.resolve("archived", "k", "APPLIED", "x", "bob", "why")).isNull();
            assertThat(endpoint.records(IdemEndpoint.AWAITING_APPROVAL, null, null, null, null)).isNotNull();
        });
        assertThat(IdemEndpoint.class.getAnnotation(Endpoint.class).defaultAccess()).isEqualTo(Access.READ_ONLY);
    }

    /**
     * The Actuator binds an operation's query parameters, selectors and JSON body fields by the
     * method's parameter names, which exist at run time only when the starter is compiled with
     * {@code -parameters}; without them exposing the endpoint over HTTP fails start-up ("Failed to
     * extract parameter names").
     */
    @Test
    void theEndpointsOperationsKeepTheirParameterNamesForTheActuatorToBindOverHttp() throws NoSuchMethodException {
        DefaultParameterNameDiscoverer names = new DefaultParameterNameDiscoverer();
        Method records = IdemEndpoint.class.getMethod("records", String.class, String.class, String.class,
                String.class, Integer.class);
        Method resolve = IdemEndpoint.class.getMethod("resolve", String.class, String.class, String.class,
                Object.class, String.class, String.class);

        assertThat(names.getParameterNames(records)).as("records' parameter names")
                .containsExactly("state", "tool", "intent", "olderThan", "limit");
        assertThat(names.getParameterNames(resolve)).as("resolve's parameter names")
                .containsExactly("state", "key", "verdict", "result", "by", "reason");
    }
}
