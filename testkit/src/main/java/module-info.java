/**
 * Test and demo infrastructure for Idem users: {@code OpenAiWireServer} serves any
 * {@code ChatModel} on loopback in the real OpenAI wire format.
 */
module dev.idem.testkit {
    requires transitive dev.idem.agent;
    requires java.net.http;
    requires jdk.httpserver;
    requires org.slf4j;

    exports dev.idem.testkit;
}
