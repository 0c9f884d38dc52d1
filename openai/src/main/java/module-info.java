/** Idem's client for OpenAI-compatible chat completion APIs, as a {@code ChatModel}. */
module dev.idem.openai {
    requires transitive dev.idem.agent;
    requires transitive java.net.http;
    requires org.slf4j;

    exports dev.idem.openai;
}
