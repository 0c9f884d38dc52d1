package com.example;

import dev.idem.journal.CallJournal;
import dev.idem.tool.PolicySetting;
import dev.idem.tool.ToolCall;
import dev.idem.tool.ToolExecutor;
import dev.idem.tool.ToolResult;
import org.springframework.boot.SpringApplication;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * Written by SpringBootProjectTest into the Spring Boot page's project: starts the page's
 * application, makes one tool call through the executor the starter made, and prints what the
 * test checks.
 */
public class ReadmeToolCall {

    public static void main(String[] args) {
        try (ConfigurableApplicationContext context = SpringApplication.run(LedgerApplication.class, args)) {
            ToolExecutor executor = context.getBean(ToolExecutor.class);
            ToolResult result = executor.execute(new ToolCall("call_1", "credit", "{\"account\":\"ACC-1\",\"cents\":4200}"));
            CallJournal journal = context.getBean(CallJournal.class);
            System.out.println("result: " + result.textForModel());
            System.out.println("entries: " + context.getBean(Ledger.class).entries());
            System.out.println("journal: " + journal.getClass().getSimpleName());
            System.out.println("recorded: " + journal.find(result.idempotencyKey()).map(r -> r.status().toString())
                    .orElse("nothing"));
            System.out.println("max-attempts: " + executor.effectivePolicies().tool("credit").retryPolicy().maxAttempts()
                    + " from " + executor.effectivePolicies().tool("credit").origins().get(PolicySetting.MAX_ATTEMPTS));
        }
    }
}
