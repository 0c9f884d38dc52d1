package dev.idem.mcp.remote;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.idem.ErrorType;
import dev.idem.tool.RetryPolicy;
import dev.idem.tool.ToolCall;
import dev.idem.tool.ToolDescriptor;
import dev.idem.tool.ToolExecutor;
import dev.idem.tool.ToolRegistry;
import dev.idem.tool.ToolResult;
import java.time.Duration;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A plain MCP server (the SDK's, no Idem in it) put behind Idem's executor through
 * {@link McpRemoteTools}, over stdio (a child JVM) and Streamable HTTP on loopback, with a payment
 * service behind the server that counts effects per memo: what reaches the upstream is counted
 * there, never guessed from the client.
 *
 * <p>Each case builds its own executor (its own journal) and its own {@code McpRemoteTools}; the
 * payment service is one for the class, emptied before each case, and the stdio upstream is one
 * child JVM for the class, started again only after a case whose lost response ended it. The cases
 * prove what the executor does with what the upstream answers, not that processes are isolated,
 * and a JVM start per case was most of their time.
 */
class McpRemoteToolsTest {

    private static final RetryPolicy FAST = RetryPolicy.builder().maxAttempts(3).initialDelayMs(10).maxDelayMs(10)
            .retryOn(ErrorType.TIMEOUT, ErrorType.RATE_LIMIT, ErrorType.CONNECTION_ERROR).build();

    private static PaymentService payments;
    private static Upstreams stdio;
    private Upstreams upstream;

    static Stream<String> transports() {
        return Stream.of("stdio", "http");
    }

    @BeforeAll
    static void startPayments() throws Exception {
        payments = new PaymentService();
    }

    @BeforeEach
    void emptyLedger() {
        payments.clear();
    }

    private ToolExecutor executor(String transport, RemoteToolPolicy policy) throws Exception {
        if (transport.equals("stdio")) {
            if (stdio == null) {
                stdio = Upstreams.stdio(payments);
            }
            upstream = stdio;
        } else {
            upstream = Upstreams.http(payments);
        }
        McpRemoteTools tools = McpRemoteTools.builder("payments", upstream.client).policy(policy).build();
        return ToolExecutor.builder(ToolRegistry.of(tools)).retryPolicy(FAST).build();
    }

    @AfterEach
    void close() {
        if (upstream != null && (upstream != stdio || !upstream.reusable())) {
            upstream.close();
            if (upstream == stdio) {
                stdio = null;
            }
        }
        upstream = null;
    }

    @AfterAll
    static void stopUpstreams() {
        if (stdio != null) {
            stdio.close();
            stdio = null;
        }
        payments.close();
    }

    private static ToolCall transfer(String id, String memo, long cents) {
        return new ToolCall(id, "transfer", "{\"to\":\"maria@example.com\",\"cents\":" + cents + ",\"memo\":\"" + memo + "\"}");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("transports")
    void aCallWithBadArgumentsIsRefusedLocallyAndNothingIsSent(String transport) throws Exception {
        ToolExecutor executor = executor(transport, RemoteToolPolicy.untrusted());

        ToolResult result = executor.newRun("order-1").execute(new ToolCall("c1", "transfer",
                "{\"to\":\"ma\",\"cents\":0,\"memo\":\"bad\",\"extra\":true}"));

        assertThat(result.isError()).isTrue();
        assertThat(result.errorType()).isEqualTo(ErrorType.INVALID_ARGUMENTS);
        assertThat(result.textForModel()).contains("/to").contains("/cents").contains("extra").contains("NOT executed");
        assertThat(payments.calls("transfer")).as("tools/call requests that reached the upstream").isZero();
        assertThat(payments.effects("bad")).isZero();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("transports")
    void everyCallCarriesItsIntentIdAndIdempotencyKeyInMeta(String transport) throws Exception {
        ToolExecutor executor = executor(transport, RemoteToolPolicy.untrusted());

        ToolResult result = executor.newRun("order-2").execute(transfer("c1", "meta", 500));

        assertThat(result.isError()).as(result.textForModel()).isFalse();
        PaymentService.Seen seen = payments.seen.get(0);
        assertThat(seen.meta().path(McpRemoteTools.INTENT_ID_META_KEY).asString()).isEqualTo("order-2");
        assertThat(seen.meta().path(McpRemoteTools.IDEMPOTENCY_KEY_META_KEY).asString())
                .isEqualTo(result.idempotencyKey()).startsWith("idem-");
        assertThat(result.value().path("memo").asString()).isEqualTo("meta");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("transports")
    void theSameIntentReissuedIsReplayedFromTheJournalWithoutCallingTheUpstreamAgain(String transport) throws Exception {
        ToolExecutor executor = executor(transport, RemoteToolPolicy.untrusted());
        ToolResult first = executor.newRun("order-3").execute(transfer("c1", "replay", 700));

        ToolResult again = executor.newRun("order-3").execute(transfer("c9", "replay", 700));

        assertThat(first.isError()).as(first.textForModel()).isFalse();
        assertThat(again.isError()).isFalse();
        assertThat(again.replayed()).isTrue();
        assertThat(again.value()).isEqualTo(first.value());
        assertThat(payments.calls("transfer")).isEqualTo(1);
        assertThat(payments.effects("replay")).isEqualTo(1);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("transports")
    void aLostResponseOfANonIdempotentToolIsOutcomeUnknownAndNeverSentAgain(String transport) throws Exception {
        ToolExecutor executor = executor(transport, RemoteToolPolicy.untrusted());
        String memo = upstream.losing("lost");

        ToolResult lost = executor.newRun("order-4").execute(transfer("c1", memo, 900));
        ToolResult reissued = executor.newRun("order-4").execute(transfer("c2", memo, 900));

        assertThat(lost.isError()).isTrue();
        assertThat(lost.outcomeUnknown()).as(lost.textForModel()).isTrue();
        assertThat(lost.textForModel()).containsIgnoringCase("outcome");
        assertThat(reissued.errorType()).as(reissued.textForModel()).isEqualTo(ErrorType.OUTCOME_UNKNOWN);
        assertThat(payments.effects(memo)).isEqualTo(1);
        assertThat(payments.calls("transfer")).as("tools/call requests that reached the upstream").isEqualTo(1);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("transports")
    void anUntrustedIdempotentHintDoesNotMakeAToolIdempotent(String transport) throws Exception {
        // a timeout only tightens: an idempotent tool would be re-driven after it
        RemoteToolPolicy policy = RemoteToolPolicy.builder()
                .tool("payments", "transfer", rule -> rule.timeout(Duration.ofMillis(800))).build();
        ToolExecutor executor = executor(transport, policy);
        ToolDescriptor transfer = executor.registry().find("transfer").descriptor();
        ToolDescriptor balance = executor.registry().find("balance").descriptor();

        // the server says idempotentHint: true; the timeout below would re-drive an idempotent tool
        ToolResult slow = executor.newRun("order-5").execute(new ToolCall("c1", "transfer",
                "{\"to\":\"maria@example.com\",\"cents\":100,\"memo\":\"slow-first-untrusted\"}"));
        // a re-drive would have reached the upstream before execute returned; the abandoned call pays later
        awaitPayRequests("slow-first-untrusted", 1);

        assertThat(transfer.idempotent()).isFalse();
        assertThat(transfer.restartSafe()).isFalse();
        assertThat(balance.readOnly()).as("readOnlyHint alone").isFalse();
        assertThat(slow.isError()).isTrue();
        assertThat(slow.outcomeUnknown()).as(slow.textForModel()).isTrue();
        assertThat(payments.calls("transfer")).as("not re-driven").isEqualTo(1);
        assertThat(payments.effects("slow-first-untrusted")).isEqualTo(1);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("transports")
    void aTrustedIdempotentToolIsReDrivenWithTheSameKeyInMetaAndInItsKeyArgumentAndTheServiceDedupes(String transport)
            throws Exception {
        RemoteToolPolicy policy = RemoteToolPolicy.builder()
                .tool("payments", "charge", charge -> charge.idempotent(true).keyArgument("idempotency_key")
                        .timeout(Duration.ofMillis(800)))
                .build();
        ToolExecutor executor = executor(transport, policy);

        // the first attempt is slow (the upstream pays after the executor gave up on it): re-driven
        ToolResult charged = executor.newRun("order-6").execute(new ToolCall("c1", "charge",
                "{\"cents\":1200,\"memo\":\"slow-first-charge\"}"));
        awaitCalls("charge", 2);
        awaitPayRequests("slow-first-charge", 2); // the abandoned first attempt pays too, under the same key

        assertThat(charged.isError()).as(charged.textForModel()).isFalse();
        assertThat(charged.attempts()).isEqualTo(2);
        assertThat(payments.seen).hasSize(2);
        assertThat(payments.payRequests("slow-first-charge")).as("both attempts reached the service").isEqualTo(2);
        for (PaymentService.Seen seen : payments.seen) {
            assertThat(seen.meta().path(McpRemoteTools.IDEMPOTENCY_KEY_META_KEY).asString())
                    .isEqualTo(charged.idempotencyKey());
            assertThat(seen.arguments().path("idempotency_key").asString()).isEqualTo(charged.idempotencyKey());
        }
        assertThat(payments.effects("slow-first-charge")).isEqualTo(1);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("transports")
    void aLostResponseOfATrustedIdempotentToolIsReDrivenAndTheServiceDedupes(String transport) throws Exception {
        RemoteToolPolicy policy = RemoteToolPolicy.builder()
                .tool("payments", "charge", charge -> charge.idempotent(true).keyArgument("idempotency_key"))
                .build();
        ToolExecutor executor = executor(transport, policy);
        assumeTrue(upstream.survivesLoss(), "over stdio the server that lost the response is gone");
        upstream.losing("lost-charge");

        ToolResult charged = executor.newRun("order-7").execute(new ToolCall("c1", "charge",
                "{\"cents\":1500,\"memo\":\"lost-charge\"}"));

        assertThat(charged.isError()).as(charged.textForModel()).isFalse();
        assertThat(charged.attempts()).isEqualTo(2);
        assertThat(payments.calls("charge")).isEqualTo(2);
        assertThat(payments.effects("lost-charge")).isEqualTo(1);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("transports")
    void anIsErrorResultIsClassifiedAndNotRetriedUnlessTransient(String transport) throws Exception {
        RemoteToolPolicy policy = RemoteToolPolicy.builder()
                .tool("payments", "quote", quote -> quote.restartSafe(true))
                .build();
        ToolExecutor executor = executor(transport, policy);

        ToolResult declined = executor.newRun("order-8").execute(new ToolCall("c1", "quote", "{\"memo\":\"declined\"}"));
        ToolResult busy = executor.newRun("order-8").execute(new ToolCall("c2", "quote", "{\"memo\":\"busy-once\"}"));

        assertThat(declined.isError()).isTrue();
        assertThat(declined.errorType()).isEqualTo(ErrorType.REJECTED);
        assertThat(declined.attempts()).isEqualTo(1);
        assertThat(busy.isError()).as(busy.textForModel()).isFalse();
        assertThat(busy.attempts()).as("a rate limit is transient: retried").isEqualTo(2);
        assertThat(payments.calls("quote")).isEqualTo(3);
    }

    private static RemoteToolPolicy verifiedTransfers() {
        return RemoteToolPolicy.builder()
                .tool("payments", "transfer", transfer -> transfer.verifier("find_payment"))
                .tool("payments", "find_payment", find -> find.readOnly(true))
                .build();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("transports")
    void aLostResponseOfAToolWithAVerifierIsAnsweredByItsVerifierAndNeverSentAgain(String transport) throws Exception {
        ToolExecutor executor = executor(transport, verifiedTransfers());
        assumeTrue(upstream.survivesLoss(), "over stdio the server that lost the response is gone, its verifier too");
        upstream.losing("lost-verified");

        ToolResult lost = executor.newRun("order-9").execute(transfer("c1", "lost-verified", 900));
        ToolResult reissued = executor.newRun("order-9").execute(transfer("c2", "lost-verified", 900));

        assertThat(lost.isError()).as(lost.textForModel()).isFalse();
        assertThat(lost.value().path("memo").asString()).isEqualTo("lost-verified");
        assertThat(reissued.replayed()).isTrue();
        assertThat(reissued.value()).isEqualTo(lost.value());
        assertThat(payments.calls("find_payment")).isEqualTo(1);
        assertThat(payments.calls("transfer")).as("never sent again").isEqualTo(1);
        assertThat(payments.effects("lost-verified")).isEqualTo(1);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("transports")
    void aCallItsVerifierSaysDidNotTakeEffectRunsOnce(String transport) throws Exception {
        ToolExecutor executor = executor(transport, verifiedTransfers());

        // the first attempt fails with an internal error, which does not say whether it paid
        ToolResult first = executor.newRun("order-10").execute(transfer("c1", "fail-once-verified", 900));
        ToolResult result = first.isError() ? executor.newRun("order-10").execute(transfer("c2", "fail-once-verified", 900))
                : first;

        assertThat(result.isError()).as(result.textForModel()).isFalse();
        assertThat(payments.calls("find_payment")).isEqualTo(1);
        assertThat(payments.calls("transfer")).isEqualTo(2);
        assertThat(payments.effects("fail-once-verified")).isEqualTo(1);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("transports")
    void withoutAVerifierTheSameFailureIsOutcomeUnknownAndNotSentAgain(String transport) throws Exception {
        ToolExecutor executor = executor(transport, RemoteToolPolicy.untrusted());

        ToolResult first = executor.newRun("order-11").execute(transfer("c1", "fail-once-unverified", 900));
        ToolResult again = executor.newRun("order-11").execute(transfer("c2", "fail-once-unverified", 900));

        assertThat(first.outcomeUnknown()).as(first.textForModel()).isTrue();
        assertThat(again.isError()).isTrue();
        assertThat(payments.calls("transfer")).isEqualTo(1);
        assertThat(payments.effects("fail-once-unverified")).isZero();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("transports")
    void aVerifierThatIsNotAReadOnlyToolOfTheServerIsRefusedWhenTheToolsAreBuilt(String transport) throws Exception {
        RemoteToolPolicy misspelled = RemoteToolPolicy.builder()
                .tool("payments", "transfer", transfer -> transfer.verifier("find_paymnet")).build();
        RemoteToolPolicy writing = RemoteToolPolicy.builder()
                .tool("payments", "transfer", transfer -> transfer.verifier("charge")).build();

        assertThatThrownBy(() -> executor(transport, misspelled)).isInstanceOf(RemotePolicyException.class)
                .hasMessageContaining("'find_paymnet' is not a tool of the server; did you mean 'find_payment'?");
        close();
        assertThatThrownBy(() -> executor(transport, writing)).isInstanceOf(RemotePolicyException.class)
                .hasMessageContaining("the verifier 'charge' is not read-only");
    }

    private void awaitCalls(String tool, int count) throws InterruptedException {
        long end = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (payments.calls(tool) < count && System.nanoTime() < end) {
            Thread.sleep(20);
        }
    }

    private void awaitPayRequests(String memo, int count) throws InterruptedException {
        long end = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (payments.payRequests(memo) < count && System.nanoTime() < end) {
            Thread.sleep(20);
        }
    }
}
