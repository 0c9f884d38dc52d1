package com.example;

import dev.idem.ErrorType;
import dev.idem.approvals.ApprovalRequest;
import dev.idem.approvals.Approvals;
import dev.idem.journal.CallError;
import dev.idem.journal.CallIntent;
import dev.idem.journal.CallJournal;
import dev.idem.journal.CallOutcome;
import dev.idem.journal.Claim;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.springframework.boot.SpringApplication;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * Written by SpringBootProjectTest into the Spring Boot page's project with its web block: starts
 * the page's application on a random port, leaves in its journal what a replica that crashed
 * mid-call leaves (a credit whose outcome is unknown), and calls the {@code idem} Actuator endpoint
 * over HTTP as an operator would, printing one line per exchange:
 * {@code http: METHOD path -> status body}. Then it leaves a credit awaiting approval, as an agent's
 * run does, and decides it over HTTP. Its arguments are the page's NOT_APPLIED resolution and its
 * APPROVED decision.
 */
public class IdemOverHttp {

    static final String KEY = "idem-ticket-7-credit";
    /** The key of the credit awaiting approval. */
    static final String AWAITING = "idem-ticket-9-credit";

    public static void main(String[] args) throws Exception {
        String notApplied = args[0];
        String approved = args[1];
        try (ConfigurableApplicationContext context = SpringApplication.run(LedgerApplication.class, "--server.port=0")) {
            leaveAnUnknownOutcome(context.getBean(CallJournal.class));
            String base = "http://localhost:" + context.getEnvironment().getProperty("local.server.port");
            HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

            exchange(http, base, "GET", "/actuator/idem", null);
            exchange(http, base, "GET", "/actuator/idem/unresolved?tool=credit&intent=ticket-7&olderThan=PT0S&limit=20", null);
            exchange(http, base, "GET", "/actuator/idem/unresolved?tool=entries", null);
            exchange(http, base, "GET", "/actuator/idem/archived", null);
            exchange(http, base, "POST", "/actuator/idem/unresolved/" + KEY,
                    "{\"verdict\":\"MAYBE\",\"by\":\"ana@ops\",\"reason\":\"unsure\"}");
            exchange(http, base, "POST", "/actuator/idem/unresolved/" + KEY, notApplied);
            exchange(http, base, "GET", "/actuator/idem/unresolved", null);

            Approvals approvals = Approvals.over(context.getBean(CallJournal.class));
            Instant now = Instant.now();
            approvals.record(new ApprovalRequest("ticket-9", "call_9", "credit", AWAITING,
                    "{\"account\":\"ACC-9\",\"cents\":480000}", List.of("ana@ops"), now, now.plusSeconds(3600)));
            exchange(http, base, "GET", "/actuator/idem/awaiting-approval?tool=credit", null);
            exchange(http, base, "POST", "/actuator/idem/awaiting-approval/" + AWAITING,
                    "{\"verdict\":\"MAYBE\",\"by\":\"ana@ops\",\"reason\":\"unsure\"}");
            exchange(http, base, "POST", "/actuator/idem/awaiting-approval/" + AWAITING, approved);
            exchange(http, base, "POST", "/actuator/idem/awaiting-approval/" + AWAITING,
                    "{\"verdict\":\"DECLINED\",\"by\":\"ana@ops\",\"reason\":\"second thoughts\"}");
            exchange(http, base, "GET", "/actuator/idem/awaiting-approval", null);
            System.out.println("decision: " + approvals.decision(AWAITING).map(d -> d.verdict() + " by " + d.by())
                    .orElse("none"));
        }
    }

    /** A credit claimed by another replica, whose answer never came back: its outcome is unknown. */
    private static void leaveAnUnknownOutcome(CallJournal journal) {
        Claim claim = journal.claim(new CallIntent(KEY, "ticket-7", "credit", "0".repeat(64)), "replica-1",
                Duration.ofSeconds(30), false);
        journal.complete(KEY, ((Claim.Owned) claim).epoch(), CallOutcome.unknown(
                new CallError(ErrorType.TIMEOUT, "the bank did not answer in time", false, true), 1));
    }

    private static void exchange(HttpClient http, String base, String method, String path, String json)
            throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(base + path)).timeout(Duration.ofSeconds(30));
        if (json == null) {
            request.GET();
        } else {
            request.header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(json));
        }
        HttpResponse<String> response = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
        System.out.println("http: " + method + " " + path + " -> " + response.statusCode() + " "
                + response.body().replace('\n', ' '));
    }
}
