/**
 * Idem's model side: the provider SPI, the model-failover driver, a scripted model, the agent loop
 * and tasks, on the Idem runtime.
 */
module dev.idem.agent {
    requires transitive dev.idem.runtime;
    requires org.slf4j;
    requires java.net.http;

    exports dev.idem.llm;
    exports dev.idem.llm.failover;
    exports dev.idem.llm.scripted;
    exports dev.idem.agent;
    exports dev.idem.task;
}
