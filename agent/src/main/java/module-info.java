/**
 * Idem's model side: the provider SPI, the model-failover driver, a scripted model, the agent loop
 * and tasks, on the Idem runtime.
 */
module dev.idem.agent {
    requires transitive dev.idem.runtime;
    // Agent.resume takes, and AgentResult answers, approval requests and decisions
    requires transitive dev.idem.approvals;
    requires org.slf4j;
    requires java.net.http;

    exports dev.idem.llm;
    exports dev.idem.llm.failover;
    exports dev.idem.llm.scripted;
    exports dev.idem.agent;
    exports dev.idem.task;
}
