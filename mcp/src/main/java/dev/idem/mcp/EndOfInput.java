package dev.idem.mcp;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.concurrent.CountDownLatch;

/**
 * An input stream that tells when it ended: the stdio transport reads on its own daemon thread,
 * so the serving thread waits here for the client to close the pipe.
 */
final class EndOfInput extends FilterInputStream {

    private final CountDownLatch ended = new CountDownLatch(1);

    EndOfInput(InputStream in) {
        super(in);
    }

    @Override
    public int read() throws IOException {
        try {
            int b = super.read();
            if (b < 0) {
                ended.countDown();
            }
            return b;
        } catch (IOException e) {
            ended.countDown();
            throw e;
        }
    }

    @Override
    public int read(byte[] buffer, int offset, int length) throws IOException {
        try {
            int n = super.read(buffer, offset, length);
            if (n < 0) {
                ended.countDown();
            }
            return n;
        } catch (IOException e) {
            ended.countDown();
            throw e;
        }
    }

    @Override
    public void close() throws IOException {
        ended.countDown();
        super.close();
    }

    /** Waits until the input ended, failed or was closed. */
    void await() throws InterruptedException {
        ended.await();
    }
}
