package dev.idem.tool;

import dev.idem.Tool;

/** The tool classes of {@link ToolRegistryTest}: their tools' names are all that matter. */
public final class RegistryTools {

    private RegistryTools() {
    }

    /** A bank's tools. */
    public static class Bank {
        /** Pays. */
        @Tool
        public void pay() {
        }

        /** Reads the balance. */
        @Tool(readOnly = true)
        public void balance() {
        }
    }

    /** A weather service's tool. */
    public static class Weather {
        /** Forecasts. */
        @Tool(readOnly = true)
        public void forecast() {
        }
    }

    /** A payment. */
    public static class Payments {
        /** Pays. */
        @Tool
        public void pay() {
        }
    }

    /** Refunds, and another tool named {@code pay}. */
    public static class Refunds {
        /** Refunds. */
        @Tool
        public void refund() {
        }

        /** Pays back. */
        @Tool
        public void pay() {
        }
    }
}
