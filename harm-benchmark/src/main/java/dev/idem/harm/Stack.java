package dev.idem.harm;

import java.net.URI;
import java.util.Set;

/**
 * One row of the table: a way of building an agent that pays through the payment tool. A stack
 * starts processes; a process handles user requests, as an application's JVM does.
 */
public interface Stack extends AutoCloseable {

    /**
     * The row's name.
     *
     * @return e.g. "LangChain4j AiServices"
     */
    String name();

    /**
     * The scenarios this stack can express; the others are shown as n/a, never as a win.
     *
     * @return the scenarios it plays
     */
    default Set<Scenario> supported() {
        return Set.of(Scenario.values());
    }

    /**
     * Starts a process.
     *
     * @param number the process's number (its path at the service)
     * @param payUri where its payment tool posts
     * @return the running process
     * @throws Exception when it cannot start
     */
    StackProcess start(int number, URI payUri) throws Exception;

    /**
     * Releases what the stack's processes share (a database), once the run is over.
     */
    @Override
    default void close() {}

    /** One running process of a stack. */
    interface StackProcess extends AutoCloseable {

        /**
         * Handles one user request to its end.
         *
         * @param request the request
         * @param script  the model's behaviour for its intent
         * @return what the user was told
         */
        Report handle(PaymentRequest request, ModelScript script);

        /**
         * Marks the process dead: what it still holds (a journal connection) fails from now on,
         * as it would after a SIGKILL.
         */
        default void kill() {}

        /** Stops the process. */
        @Override
        default void close() {}
    }
}
