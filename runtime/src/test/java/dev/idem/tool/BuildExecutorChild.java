package dev.idem.tool;

/** Builds an executor; exits 3 with the message when Idem refuses the Jackson it finds. */
public final class BuildExecutorChild {
    private BuildExecutorChild() {
    }

    public static void main(String[] args) {
        try {
            ToolExecutor.builder(ToolRegistry.of()).build();
            System.out.println("built");
            System.exit(0);
        } catch (IllegalStateException e) {
            System.out.println(e.getMessage());
            System.exit(3);
        }
    }
}
