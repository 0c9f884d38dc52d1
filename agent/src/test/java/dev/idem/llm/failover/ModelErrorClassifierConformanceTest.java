package dev.idem.llm.failover;

import static org.assertj.core.api.Assertions.assertThat;

import dev.idem.retry.DispatchPhase;
import dev.idem.llm.ErrorKind;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The conformance table ({@code llm/model-failure-conformance.psv}): every classification and
 * failover rule, and every precedence case, as one row of input and expected outcome.
 */
class ModelErrorClassifierConformanceTest {
    static final Clock CLOCK = Clock.fixed(Instant.parse("2025-01-01T00:00:00Z"), ZoneOffset.UTC);
    private static final String TABLE = "/llm/model-failure-conformance.psv";

    record Row(String name, int status, Map<String, List<String>> headers, String body, String chain,
            String context, ErrorKind kind, DispatchPhase phase, FailoverDecision.Action action,
            Enum<?> why, boolean retryable, long backoffMs) {

        /** The decision the row expects: its kind's own rule decided, or the reason named overrode it. */
        FailoverDecision decision() {
            FailoverDecision.Reason reason = why instanceof FailoverDecision.Reason overriding ? overriding : null;
            return new FailoverDecision(action, kind, reason, backoffMs, retryable);
        }
    }

    static Stream<Arguments> rows() {
        return table().stream().map(row -> Arguments.of(Named.of(row.name(), row)));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("rows")
    void classificationAndDecisionFollowTheTable(Row row) {
        Throwable error = FailureChains.build(row.chain(), row.status(), row.body(), row.headers());
        ModelFailure failure = new ModelErrorClassifier(CLOCK).classify(error);
        FailoverDecision decision = policy(row.context()).decide(failure, context(row.context()));

        assertThat(failure.kind()).as("kind").isEqualTo(row.kind());
        assertThat(failure.phase()).as("phase").isEqualTo(row.phase());
        assertThat(decision).as("decision").isEqualTo(row.decision());
    }

    @Test
    void tableCoversAtLeastEightyCasesAndEveryKindReasonAndAction() {
        List<Row> rows = table();
        assertThat(rows).hasSizeGreaterThanOrEqualTo(80);
        assertThat(rows.stream().map(Row::kind)).contains(ErrorKind.values());
        assertThat(rows.stream().map(Row::phase)).contains(DispatchPhase.values());
        assertThat(rows.stream().map(Row::action)).contains(FailoverDecision.Action.values());
        // Every kind decided by its own rule somewhere, and every overriding reason but INTERRUPTED.
        assertThat(rows.stream().map(Row::why)).containsAll(List.of(ErrorKind.values()));
        assertThat(rows.stream().map(Row::why)).containsAll(
                Stream.of(FailoverDecision.Reason.values())
                        .filter(reason -> reason != FailoverDecision.Reason.INTERRUPTED)
                        .toList());
    }

    static FailoverPolicy policy(String context) {
        int max = intFlag(context, "max=", 4);
        return FailoverPolicy.builder().maxAttempts(max).random(() -> 0.5).build();
    }

    static FailoverContext context(String context) {
        int attempt = intFlag(context, "attempt=", 1);
        int kindFailures = intFlag(context, "kind=", attempt);
        return new FailoverContext(attempt, kindFailures, flag(context, "tools"), flag(context, "profiles"),
                flag(context, "breaker"), flag(context, "stream"));
    }

    private static boolean flag(String context, String name) {
        return List.of(context.split(" ")).contains(name);
    }

    private static int intFlag(String context, String prefix, int fallback) {
        for (String token : context.split(" ")) {
            if (token.startsWith(prefix)) {
                return Integer.parseInt(token.substring(prefix.length()));
            }
        }
        return fallback;
    }

    static List<Row> table() {
        List<Row> rows = new ArrayList<>();
        try (BufferedReader reader = new BufferedReader(new InputStreamReader(
                ModelErrorClassifierConformanceTest.class.getResourceAsStream(TABLE), StandardCharsets.UTF_8))) {
            String line;
            while ((line = reader.readLine()) != null) {
                if (line.isBlank() || line.startsWith("#")) {
                    continue;
                }
                String[] cells = line.split(" \\| ", -1);
                if (cells.length != 12) {
                    throw new IllegalStateException("expected 12 cells, got " + cells.length + ": " + line);
                }
                rows.add(new Row(cells[0].strip(),
                        dash(cells[1]).isEmpty() ? 0 : Integer.parseInt(cells[1].strip()),
                        headers(dash(cells[2])),
                        dash(cells[3]),
                        dash(cells[4]),
                        dash(cells[5]),
                        ErrorKind.valueOf(cells[6].strip()),
                        DispatchPhase.valueOf(cells[7].strip()),
                        FailoverDecision.Action.valueOf(cells[8].strip()),
                        why(cells[9].strip(), ErrorKind.valueOf(cells[6].strip())),
                        Boolean.parseBoolean(cells[10].strip()),
                        Long.parseLong(cells[11].strip())));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return rows;
    }

    /**
     * The reason column: a kind's name says the kind's own rule decided (it must be the row's
     * kind), any other name is the {@link FailoverDecision.Reason} that overrode it.
     */
    private static Enum<?> why(String cell, ErrorKind kind) {
        for (ErrorKind named : ErrorKind.values()) {
            if (named.name().equals(cell)) {
                if (named != kind) {
                    throw new IllegalStateException("reason " + cell + " names another kind than the row's " + kind);
                }
                return named;
            }
        }
        return FailoverDecision.Reason.valueOf(cell);
    }

    private static String dash(String cell) {
        String value = cell.strip();
        return value.equals("-") ? "" : value;
    }

    private static Map<String, List<String>> headers(String cell) {
        Map<String, List<String>> headers = new LinkedHashMap<>();
        if (!cell.isEmpty()) {
            for (String pair : cell.split(";")) {
                int eq = pair.indexOf('=');
                headers.put(pair.substring(0, eq).strip(), List.of(pair.substring(eq + 1).strip()));
            }
        }
        return headers;
    }
}
