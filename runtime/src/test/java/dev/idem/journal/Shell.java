package dev.idem.journal;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;

/** Runs the few system commands the file-system fault tests need (mount, chattr). */
final class Shell {

    private Shell() {}

    /** Whether this JVM runs as root (uid 0): only then can the tests mount file systems. */
    static boolean isRoot() {
        try {
            Process id = new ProcessBuilder("id", "-u").redirectErrorStream(true).start();
            String uid = new String(id.getInputStream().readAllBytes(), StandardCharsets.US_ASCII).strip();
            return id.waitFor(30, TimeUnit.SECONDS) && uid.equals("0");
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /** Runs {@code command}; its exit code, or -1 when it could not be started or did not end. */
    static int run(String... command) {
        try {
            Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
            process.getInputStream().transferTo(System.err);
            return process.waitFor(60, TimeUnit.SECONDS) ? process.exitValue() : -1;
        } catch (IOException e) {
            return -1;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return -1;
        }
    }
}
