package dev.idem.samples;

import dev.idem.agent.Agent;
import dev.idem.agent.AgentResult;
import dev.idem.agent.TraceEvent;
import dev.idem.llm.ChatModel;
import dev.idem.openai.OpenAiChatModel;
import dev.idem.samples.bank.BankServer;
import dev.idem.samples.bank.Fault;
import dev.idem.samples.bank.KeyHistory;
import dev.idem.samples.tools.FlightBooking;
import dev.idem.samples.tools.FlightBooking_ToolSet;
import dev.idem.samples.tools.PixBank;
import dev.idem.samples.tools.PixBank_ToolSet;
import dev.idem.samples.tools.Weather;
import dev.idem.samples.tools.Weather_ToolSet;
import dev.idem.testkit.OpenAiWireServer;
import dev.idem.tool.ToolDescriptor;
import dev.idem.tool.ToolResult;
import java.io.PrintStream;
import java.net.http.HttpClient;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The main job: an agent books a flight and schedules Pix transfers against a loopback bank that
 * honours {@code Idempotency-Key} like Stripe, while faults are injected on both sides, and
 * prints every attempt, decision and delay, then the bank's ledger and the verdict.
 *
 * <p>Runs on the embedded scripted model, served over loopback in the real Chat Completions wire
 * format and called with the real {@link OpenAiChatModel}: no network, no key. With
 * {@code OPENAI_API_KEY} set (and optionally {@code OPENAI_BASE_URL}, {@code OPENAI_MODEL}) the
 * same agent talks to that model instead; the bank's faults still apply.
 *
 * <pre>{@code
 * mvn -q -Pdemo -DskipTests verify
 * }</pre>
 */
public final class Demo {

    /**
     * How long the bank keeps a committed transfer's answer back: longer than schedulePix's 2 s
     * timeout, so the client times out not knowing whether the money moved.
     */
    private static final Duration LOST_RESPONSE_HOLD = Duration.ofMillis(2300);
    private static final Duration RETRY_AFTER = Duration.ofMillis(400);
    /**
     * The scripted model answers in milliseconds, and the answer it loses is cut off, not held: so
     * the timeout can leave a cold JVM's first call on a busy machine all the room it needs.
     */
    private static final Duration MODEL_REQUEST_TIMEOUT = Duration.ofSeconds(30);

    private Demo() {}

    public static void main(String[] args) {
        DemoOutcome outcome = play(System.out, System.getenv());
        // Not System.exit: the demo profile runs this inside Maven's JVM.
        int duplicated = outcome.duplicatedEffects() + outcome.crash().duplicatedEffects();
        if (duplicated != 0) {
            throw new IllegalStateException("duplicated effects: " + duplicated);
        }
    }

    /** Plays the story, printing to {@code out}; {@code environment} may name a real model. */
    static DemoOutcome play(PrintStream out, Map<String, String> environment) {
        boolean realModel = !environment.getOrDefault("OPENAI_API_KEY", "").isBlank();
        try (BankServer bank = BankServer.builder().lostResponseHold(LOST_RESPONSE_HOLD).retryAfter(RETRY_AFTER).start();
                OpenAiWireServer wire = OpenAiWireServer.start(
                        DemoScript.model(() -> bank.injectNext(Fault.RESPONSE_LOST_AFTER_COMMIT)))) {
            ChatModel model = realModel
                    ? OpenAiChatModel.fromEnvironment(environment).build()
                    : OpenAiChatModel.builder().baseUrl(wire.baseUrl()).model("idem-scripted")
                            .requestTimeout(MODEL_REQUEST_TIMEOUT).build();
            out.println("Idem demo: " + (realModel ? "model " + environment.getOrDefault("OPENAI_MODEL",
                    OpenAiChatModel.DEFAULT_MODEL) : "embedded scripted model over loopback (" + wire.baseUrl() + ")")
                    + ", Pix bank at " + bank.baseUri());
            FlightBooking flights = new FlightBooking();
            Agent agent = Agent.builder()
                    .name("travel")
                    .instructions("You are a travel assistant. Use the tools to search and book flights, check the"
                            + " weather and schedule Pix transfers. Amounts for schedulePix are in cents.")
                    .model(model)
                    .tools(FlightBooking_ToolSet.of(flights), Weather_ToolSet.of(new Weather()),
                            PixBank_ToolSet.of(new PixBank(bank.baseUri(), HttpClient.newHttpClient())))
                    .concurrentReadOnlyTools(true)
                    .listener((intentId, event) -> out.println("  " + describe(event)))
                    .build();
            if (realModel) {
                // A real model decides for itself; the bank still misbehaves on its first transfers.
                bank.injectNext(Fault.SERVICE_UNAVAILABLE_503, Fault.RATE_LIMITED_429, Fault.RESPONSE_LOST_AFTER_COMMIT);
            } else {
                bank.injectNext(Fault.SERVICE_UNAVAILABLE_503, Fault.RATE_LIMITED_429);
            }

            List<AgentResult> results = new ArrayList<>();
            results.add(run(out, agent, "trip-1", DemoScript.TRIP_PROMPT));
            results.add(run(out, agent, "pix-luiza", DemoScript.LUIZA_PROMPT));
            if (results.get(1).status() != dev.idem.agent.AgentStatus.ANSWERED) {
                out.println();
                out.println("The user presses \"retry\": same request, same intent id, so the same idempotency keys.");
                results.add(run(out, agent, "pix-luiza", DemoScript.LUIZA_PROMPT));
            }

            List<KeyStory> stories = KeyStory.of(results, bank);
            NaiveReplay.Result naive = NaiveReplay.replay(stories);
            DemoOutcome outcome = new DemoOutcome(results, bank.ledger(), flights.bookingCount(), naive, null);
            printLedger(out, outcome, stories, name -> agent.tools().find(name).descriptor());
            printNaive(out, outcome);
            // The crash runs on the scripted model even beside a real one: it must stop at a known call.
            DemoOutcome played = outcome.withCrash(CrashResume.play(out));
            VerifierStory.play(out);
            ApprovalStory.Outcome approval = ApprovalStory.play(out);
            if (approval.effects() != 1) {
                throw new IllegalStateException("the approved payment moved money " + approval.effects() + " times");
            }
            return played;
        }
    }

    private static AgentResult run(PrintStream out, Agent agent, String intentId, String prompt) {
        out.println();
        out.println("== run " + intentId + ": " + prompt);
        AgentResult result = agent.run(prompt, intentId);
        switch (result.status()) {
            case ANSWERED:
                out.println("  answer: " + result.answer());
                break;
            case OUTCOME_UNKNOWN:
                out.println("  OUTCOME_UNKNOWN: the model may have acted on the request; not replayed ("
                        + result.error().kind() + ", " + result.error().phase() + "). Effects so far: "
                        + result.succeededToolCalls().size() + " tool call(s) succeeded; conversation rolled back.");
                break;
            default:
                out.println("  " + result.status() + ": " + (result.error() != null ? result.error().getMessage()
                        : result.limit()));
        }
        out.println("  tokens: " + result.usage().totalTokens() + " in " + result.modelTurns() + " model turn(s)");
        return result;
    }

    static String describe(TraceEvent event) {
        if (event instanceof TraceEvent.ApprovalRequested requested) {
            return "tool " + requested.request().tool() + " " + requested.request().argumentsJson() + " awaits approval by "
                    + requested.request().approvers() + " until " + requested.request().expiresAt()
                    + "; nothing of the turn runs";
        }
        if (event instanceof TraceEvent.ApprovalDecided decided) {
            return "tool " + decided.tool() + ": " + decided.decision().verdict() + " by " + decided.decision().by() + ": "
                    + decided.decision().reason();
        }
        if (event instanceof TraceEvent.ToolFinished finished && finished.result().replayed()) {
            ToolResult result = finished.result();
            return "tool " + result.toolName() + " replayed from the journal, nothing ran: "
                    + (result.success() ? shorten(result.value().toString()) : result.errorType() + " [" + result.message() + "]");
        }
        if (event instanceof TraceEvent.ToolFinished finished && finished.result().success()) {
            ToolResult result = finished.result();
            String value = result.value().toString();
            return "tool " + result.toolName() + " succeeded after " + result.attempts() + " attempt"
                    + (result.attempts() == 1 ? "" : "s") + ": " + shorten(value);
        }
        return event.toString();
    }

    private static String shorten(String value) {
        return value.length() > 110 ? value.substring(0, 107) + "..." : value;
    }

    private static void printLedger(PrintStream out, DemoOutcome outcome, List<KeyStory> stories,
            Function<String, ToolDescriptor> tools) {
        out.println();
        out.println("Bank ledger, per intent (idempotency key), and what happened to each request:");
        for (KeyStory story : stories) {
            KeyHistory history = outcome.ledger().get(story.key());
            out.println("  " + story.label() + ": attempts=" + history.requests() + " effects=" + history.effects());
            for (String line : LedgerNarration.lines(story, tools)) {
                out.println("      " + line);
            }
        }
        out.println("Flight bookings: " + outcome.bookings());
        out.println("duplicated effects: " + outcome.duplicatedEffects());
    }

    private static void printNaive(PrintStream out, DemoOutcome outcome) {
        out.println();
        out.println("The same faults on a fresh bank, under a naive retry-everything policy (every failure retried"
                + " at once, up to " + NaiveReplay.MAX_ATTEMPTS + " attempts; no key born with the intent, so every"
                + " request is new to the bank; the user's retry too):");
        for (NaiveReplay.Line line : outcome.naive().lines()) {
            out.println("  " + line.label() + ": requests=" + line.requests() + " effects=" + line.effects()
                    + (line.why().isEmpty() ? "" : "   <- " + line.why()));
        }
        out.println("duplicated effects under the naive policy: " + outcome.naive().duplicatedEffects()
                + " (with Idem: " + outcome.duplicatedEffects() + ")");
    }
}
