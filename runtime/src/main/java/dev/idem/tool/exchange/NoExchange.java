package dev.idem.tool.exchange;

/** {@link ToolExchange#none()}: calls from an agent, a text-only adapter or a test. */
enum NoExchange implements ToolExchange {
    INSTANCE;

    @Override
    public void log(LogLevel level, String message) {
        // nobody to tell: fire-and-forget goes nowhere
    }

    @Override
    public void progress(double progress, double total, String message) {
        // nobody to tell
    }

    @Override
    public boolean canSample() {
        return false;
    }

    @Override
    public SamplingAnswer sample(SamplingRequest request) {
        throw new UnsupportedOperationException("sampling needs an MCP client that supports it; this call has none"
                + " (check ToolContext.exchange().canSample() first)");
    }

    @Override
    public boolean canElicit() {
        return false;
    }

    @Override
    public ElicitationAnswer elicit(ElicitationRequest request) {
        throw new UnsupportedOperationException("elicitation needs an MCP client that supports it; this call has none"
                + " (check ToolContext.exchange().canElicit() first)");
    }

    @Override
    public String toString() {
        return "ToolExchange.none()";
    }
}
