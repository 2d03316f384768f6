// SPDX-License-Identifier: EPL-2.0
package org.sextant.kernel.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.sextant.parallel.model.ParallelBuilder;
import org.sextant.parallel.model.SerialBuilder;

/**
 * The io analysis on real LTTng kernel traces without tid and pid contexts (tests/fixtures/CATALOGUE.md, "LTTng
 * kernel traces"): bug446190 names its calls as LTTng 2.5 did ({@code sys_read}, {@code exit_syscall}),
 * many-threads as 2.8 does; both are on 4 and 8 CPUs, cut here into one chunk per packet, so that threads
 * carried from one chunk to the next by their CPUs, and processes told by forks on other CPUs, are the merge's.
 */
class LttngKernelIoTest {

    private static final Set<String> SWITCHES = Set.of("sched_switch");

    /**
     * Parallel, one packet a chunk on 2 threads, equals serial, cut every 1,000 events, change for change; the
     * bytes per process equal the catalogue's (babeltrace2's events, paired by tools/kernel-suites.py), and the
     * threads' bytes add up to them.
     */
    @ParameterizedTest
    @ValueSource(strings = { "bug446190", "many-threads" })
    void parallelEqualsSerialAndBytesPerProcessMatchTheCatalogue(String name, @TempDir Path trace) throws Exception {
        unpack(Path.of(System.getProperty("sextant.fixtures"), "lttng-kernel", name), trace);
        RecordingWriter serial = new RecordingWriter();
        new SerialBuilder(1000).build(trace, new IoAnalysis(KernelEventLayouts.LTTNG, SWITCHES), serial, (done, total) -> { }, new AtomicBoolean());
        RecordingWriter parallel = new RecordingWriter();
        ParallelBuilder.Stats stats = new ParallelBuilder(2, 1).build(trace, new IoAnalysis(KernelEventLayouts.LTTNG, SWITCHES), parallel,
                (done, total) -> { }, new AtomicBoolean());
        assertTrue(stats.chunks() > 4, stats.toString());
        assertEquals(serial.fChanges, parallel.fChanges);
        Properties catalogue = new Properties();
        try (InputStream in = Files.newInputStream(Path.of(System.getProperty("sextant.fixtures"), "catalogue.properties"))) {
            catalogue.load(in);
        }
        for (String direction : new String[] { IoAnalysis.READ, IoAnalysis.WRITTEN }) {
            String fact = "lttng-kernel/" + name + ".io." + direction.toLowerCase() + '.';
            Map<String, Long> expected = new TreeMap<>();
            catalogue.stringPropertyNames().stream().filter(key -> key.startsWith(fact))
                    .forEach(key -> expected.put(key.substring(fact.length()), Long.valueOf(catalogue.getProperty(key).trim())));
            Map<String, Long> found = new TreeMap<>();
            parallel.fFinal.forEach((path, value) -> {
                String[] parts = path.split("/");
                if (parts.length == 3 && parts[0].equals(IoAnalysis.PROCESSES) && parts[2].equals(direction)) {
                    found.put(parts[1], (Long) value);
                }
            });
            assertEquals(expected, found, direction);
            long threads = parallel.fFinal.entrySet().stream()
                    .filter(e -> e.getKey().startsWith(IoAnalysis.THREADS + '/') && e.getKey().endsWith('/' + direction))
                    .mapToLong(e -> (Long) e.getValue()).sum();
            assertEquals(found.values().stream().mapToLong(Long::longValue).sum(), threads, direction + " of the threads");
        }
    }

    /** The fixture's files, its gzipped streams unpacked (LTTng's index left out: the decoder does not need it). */
    static void unpack(Path fixture, Path trace) throws IOException {
        try (Stream<Path> files = Files.list(fixture)) {
            for (Path file : files.filter(Files::isRegularFile).toList()) {
                String fileName = file.getFileName().toString();
                if (fileName.endsWith(".gz")) {
                    try (InputStream in = new GZIPInputStream(Files.newInputStream(file))) {
                        Files.copy(in, trace.resolve(fileName.substring(0, fileName.length() - ".gz".length())));
                    }
                } else {
                    Files.copy(file, trace.resolve(fileName));
                }
            }
        }
    }
}
