package dev.idem.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Lines are read as bytes up to a limit; a longer line is dropped to its end and the next one read whole. */
class StdioLinesTest {

    /** Hands out at most a few bytes per read, so lines straddle every buffer boundary. */
    private static InputStream trickling(byte[] bytes, Random random) {
        return new ByteArrayInputStream(bytes) {
            @Override
            public synchronized int read(byte[] buffer, int offset, int length) {
                return super.read(buffer, offset, Math.min(length, 1 + random.nextInt(7)));
            }
        };
    }

    @Test
    void aLineLongerThanTheLimitIsDroppedToItsEndAndTheNextLineIsReadWhole() throws Exception {
        Random random = new Random(77);
        int max = 16;
        for (int round = 0; round < 200; round++) {
            List<String> sent = new ArrayList<>();
            ByteArrayOutputStream input = new ByteArrayOutputStream();
            for (int i = random.nextInt(6); i >= 0; i--) {
                String line = "x".repeat(random.nextInt(3 * max)) + i;
                sent.add(line);
                input.writeBytes(line.getBytes(StandardCharsets.UTF_8));
                input.writeBytes((random.nextBoolean() ? "\r\n" : "\n").getBytes(StandardCharsets.UTF_8));
            }
            StdioLines lines = new StdioLines(trickling(input.toByteArray(), random), max);

            for (String expected : sent) {
                StdioLines.Line line = lines.next();
                assertThat(line).isNotNull();
                if (expected.length() > max) {
                    assertThat(line.tooLong()).as("%s", expected).isTrue();
                } else {
                    assertThat(line.tooLong()).as("%s", expected).isFalse();
                    assertThat(new String(line.bytes(), StandardCharsets.UTF_8)).isEqualTo(expected);
                }
            }
            assertThat(lines.next()).isNull();
        }
    }

    @Test
    void aLastLineWithoutNewlineIsStillALine() throws Exception {
        StdioLines lines = new StdioLines(new ByteArrayInputStream("{}\n[1]".getBytes(StandardCharsets.UTF_8)), 64);

        assertThat(new String(lines.next().bytes(), StandardCharsets.UTF_8)).isEqualTo("{}");
        assertThat(new String(lines.next().bytes(), StandardCharsets.UTF_8)).isEqualTo("[1]");
        assertThat(lines.next()).isNull();
    }
}
