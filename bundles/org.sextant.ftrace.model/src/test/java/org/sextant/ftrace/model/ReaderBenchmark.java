// SPDX-License-Identifier: EPL-2.0
package org.sextant.ftrace.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

import org.junit.jupiter.api.Test;

/**
 * The reader's throughput on a large capture ({@code tools/capture/ftrace-large.sh}), run by
 * {@code tools/bench-ftrace.sh DIR}, which sets {@code sextant.bench.ftrace}; skipped otherwise. Reads the
 * {@code .dat} and its text three times each, once taking every event's name, CPU and time only, once also
 * decoding every field, and prints events and megabytes per second; both must hold the same events.
 */
class ReaderBenchmark {

    private static final int PASSES = 3;
    private static final double MB = 1024.0 * 1024.0;

    @Test
    void readTheLargeCapture() throws Exception {
        String directory = System.getProperty("sextant.bench.ftrace");
        assumeTrue(directory != null, "no large capture given");
        long datEvents = 0;
        long textEvents = 0;
        for (int pass = 1; pass <= PASSES; pass++) {
            for (boolean fields : new boolean[] { false, true }) {
                datEvents = read(Path.of(directory, "trace.dat"), fields, pass);
                textEvents = read(Path.of(directory, "trace.txt"), fields, pass);
            }
        }
        assertEquals(textEvents, datEvents);
    }

    private static long read(Path file, boolean fields, int pass) throws Exception {
        long start = System.nanoTime();
        long events = 0;
        long check = 0;
        try (FtraceTrace trace = FtraceTrace.open(file); Cursor cursor = trace.cursor(Position.START)) {
            for (FtraceEvent event = cursor.next(); event != null; event = cursor.next()) {
                events++;
                check += event.timestamp() + event.cpu() + event.name().length();
                if (fields) {
                    for (int i = 0; i < event.fieldCount(); i++) {
                        check += event.value(i).hashCode();
                    }
                }
            }
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        System.out.println(String.format(Locale.ROOT, "[sextant] bench: pass %d %s %s: %,d events in %.2f s: %.2f M events/s, %.0f MB/s (%x)", pass,
                file.getFileName(), fields ? "every field" : "name, CPU, time", events, seconds, events / seconds / 1e6,
                Files.size(file) / MB / seconds, check));
        return events;
    }
}
