// SPDX-License-Identifier: EPL-2.0
package org.sextant.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;

import org.eclipse.jdt.annotation.Nullable;
import org.sextant.parallel.engine.BuiltHistory;
import org.sextant.parallel.engine.HistoryAnalysis;
import org.sextant.parallel.engine.HistoryAnalysisProvider;
import org.sextant.parallel.engine.HistoryEngine;
import org.sextant.parallel.engine.Histories;
import org.sextant.parallel.model.BuildMode;

/**
 * A directory of traces made from the fixtures (tests/fixtures: perf's two kernel traces, the multi-packet one
 * unpacked, LTTng-UST's two), copied under node directories to make as many traces as a cluster job should see; and
 * the checks every job's result must pass: each trace's histories equal the engine's serial build in this JVM,
 * interval for interval, and its summary rows add up to babeltrace2's counts of the fixture
 * (tests/fixtures/catalogue.properties, the oracle {@code sextant analyze}'s tests use too).
 */
final class TraceFixtures {

    static final Path FIXTURES = Path.of(System.getProperty("sextant.fixtures", "../tests/fixtures")); //$NON-NLS-1$ //$NON-NLS-2$
    static final List<String> KINDS = List.of("perf-sched-syscalls", "perf-multi-packet", "lttng-ust-libc", "lttng-ust-small-packets"); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$

    private static final HistoryEngine.Progress QUIET = new HistoryEngine.Progress() {
        @Override
        public void building(@Nullable String rebuilt) {
            // quiet
        }

        @Override
        public void chunksMerged(int done, int total) {
            // quiet
        }
    };

    private TraceFixtures() {
    }

    /**
     * Lays out {@code nodes} node directories, each with traces of the fixtures (the multi-packet one in the
     * first node only: it is ten times the others), the node's number picking which small ones.
     *
     * @return the root
     */
    static Path layout(Path root, int nodes) throws IOException {
        for (int node = 1; node <= nodes; node++) {
            Path dir = root.resolve(String.format("node-%02d", node)); //$NON-NLS-1$
            copy(FIXTURES.resolve("perf-sched-syscalls"), dir.resolve("kernel")); //$NON-NLS-1$ //$NON-NLS-2$
            copy(FIXTURES.resolve(node % 2 == 0 ? "lttng-ust-libc" : "lttng-ust-small-packets"), dir.resolve("ust")); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
        }
        copy(FIXTURES.resolve("perf-multi-packet"), root.resolve("node-01").resolve("kernel-long")); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
        return root;
    }

    /** @return which fixture a trace of {@link #layout} is a copy of */
    static String kindOf(String traceName) {
        if (traceName.endsWith("/kernel")) { //$NON-NLS-1$
            return "perf-sched-syscalls"; //$NON-NLS-1$
        }
        if (traceName.endsWith("/kernel-long")) { //$NON-NLS-1$
            return "perf-multi-packet"; //$NON-NLS-1$
        }
        int node = Integer.parseInt(traceName.replaceAll(".*node-(\\d+)/.*", "$1")); //$NON-NLS-1$ //$NON-NLS-2$
        return node % 2 == 0 ? "lttng-ust-libc" : "lttng-ust-small-packets"; //$NON-NLS-1$ //$NON-NLS-2$
    }

    /** The split job's trace: perf-multi-packet, two streams of two packets, so four chunks of one packet each. */
    static final String SPLIT_TRACE = "node-01/kernel-long"; //$NON-NLS-1$

    /**
     * @return perf-multi-packet, copied under the directory, as the split job's input
     */
    static TraceRef splitTrace(Path directory) throws IOException {
        Path trace = directory.resolve("traces/long"); //$NON-NLS-1$
        copy(FIXTURES.resolve("perf-multi-packet"), trace); //$NON-NLS-1$
        return new TraceRef(SPLIT_TRACE, trace.toString());
    }

    /** @return the split job's build: chunks of one packet, merged on 2 threads, histories in the workspace */
    static TraceBuild splitBuild(Path workspace) {
        return new TraceBuild(workspace.toString(), Set.of(), false, 2, 1, 1_000_000_000L);
    }

    /** The split job's result: its summary is babeltrace2's, and each of its histories equals the serial build. */
    static void checkSplit(TraceResult result, Path workspace, Path serialDirectory) throws Exception {
        checkSplit(result, Path.of(result.path()), workspace, serialDirectory);
    }

    /**
     * The split job's result, of a trace the job read elsewhere (in HDFS): its local original is what the
     * histories are checked against.
     */
    static void checkSplit(TraceResult result, Path local, Path workspace, Path serialDirectory) throws Exception {
        assertTrue(result.ok(), result.damaged());
        checkSummary(result, catalogue());
        SerialReference serial = new SerialReference(serialDirectory);
        try {
            assertEquals(List.of("count", "cpu", "io"), serial.check(workspace, result, local)); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
        } finally {
            serial.dispose();
        }
    }

    /** Copies a fixture, unpacking gzipped streams. */
    static void copy(Path fixture, Path target) throws IOException {
        try (Stream<Path> files = Files.walk(fixture)) {
            for (Path file : (Iterable<Path>) files::iterator) {
                Path to = target.resolve(fixture.relativize(file).toString());
                if (Files.isDirectory(file)) {
                    Files.createDirectories(to);
                } else if (file.getFileName().toString().endsWith(".gz")) { //$NON-NLS-1$
                    String name = to.getFileName().toString();
                    try (InputStream in = new GZIPInputStream(Files.newInputStream(file));
                            OutputStream out = Files.newOutputStream(to.resolveSibling(name.substring(0, name.length() - 3)))) {
                        in.transferTo(out);
                    }
                } else {
                    Files.copy(file, to);
                }
            }
        }
    }

    /** babeltrace2's counts of the fixtures, and the kernel analyses' expected values. */
    static Properties catalogue() throws IOException {
        Properties catalogue = new Properties();
        try (Reader reader = Files.newBufferedReader(FIXTURES.resolve("catalogue.properties"))) { //$NON-NLS-1$
            catalogue.load(reader);
        }
        return catalogue;
    }

    /**
     * The summary of one trace, totalled over its buckets, against the catalogue: events in all, per CPU and per
     * type; each thread's CPU time and each process's bytes, where the catalogue has them.
     */
    static void checkSummary(TraceResult result, Properties catalogue) {
        String kind = kindOf(result.trace());
        Map<String, Long> totals = new HashMap<>();
        for (SummaryRow row : result.rows()) {
            totals.merge(row.analysis() + '/' + row.kind() + '/' + row.entity() + '/' + row.metric(), row.value(), Long::sum);
        }
        assertEquals(Long.parseLong(catalogue.getProperty(kind + ".events")), totals.get("count/trace//events"), result.trace()); //$NON-NLS-1$ //$NON-NLS-2$
        for (String key : catalogue.stringPropertyNames()) {
            if (!key.startsWith(kind + '.')) {
                continue;
            }
            String what = key.substring(kind.length() + 1);
            long expected = Long.parseLong(catalogue.getProperty(key));
            String total = null;
            if (what.matches("events\\.cpu\\d+")) { //$NON-NLS-1$
                total = "count/cpu/" + what.substring("events.cpu".length()) + "/events"; //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
            } else if (what.startsWith("type.")) { //$NON-NLS-1$
                total = "count/event/" + what.substring("type.".length()) + "/events"; //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
            } else if (what.startsWith("cpu.ns.")) { //$NON-NLS-1$
                total = "cpu/thread/" + what.substring("cpu.ns.".length()) + "/cpu_ns"; //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
            } else if (what.startsWith("io.read.")) { //$NON-NLS-1$
                total = "io/process/" + what.substring("io.read.".length()) + "/read_bytes"; //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
            } else if (what.startsWith("io.written.")) { //$NON-NLS-1$
                total = "io/process/" + what.substring("io.written.".length()) + "/written_bytes"; //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
            }
            if (total != null) {
                assertEquals(expected, totals.getOrDefault(total, 0L), result.trace() + ": " + key);
            }
        }
    }

    /** Serial builds of each fixture by the engine in this JVM: the reference. */
    static final class SerialReference {
        private final Path fDirectory;
        private final Map<String, BuiltHistory> fBuilt = new HashMap<>();

        SerialReference(Path directory) {
            fDirectory = directory;
        }

        BuiltHistory of(String kind, HistoryAnalysisProvider provider, Path trace) throws Exception {
            String key = kind + '/' + provider.name();
            BuiltHistory built = fBuilt.get(key);
            if (built == null) {
                HistoryAnalysis analysis = provider.forTrace(trace);
                assertNotNull(analysis);
                built = HistoryEngine.build(analysis, trace, fDirectory.resolve(key), TraceBuild.startTime(org.sextant.ctf.model.CtfTrace.open(trace)),
                        BuildMode.SERIAL, QUIET, new AtomicBoolean());
                assertNotNull(built);
                fBuilt.put(key, built);
            }
            return built;
        }

        /**
         * Every history the job left for the trace in the workspace is reused by the engine here (its provenance
         * matches) and equals the serial build.
         *
         * @return the analyses compared
         */
        List<String> check(Path workspace, TraceResult result) throws Exception {
            return check(workspace, result, Path.of(result.path()));
        }

        /**
         * The same for a trace the job read elsewhere (in HDFS, with its files' times): its histories, where the
         * job keeps them for its path, are reused with the local original.
         *
         * @return the analyses compared
         */
        List<String> check(Path workspace, TraceResult result, Path trace) throws Exception {
            List<String> compared = new ArrayList<>();
            for (HistoryAnalysisProvider provider : TraceBuild.providers()) {
                HistoryAnalysis analysis = provider.forTrace(trace);
                if (analysis == null) {
                    continue;
                }
                BuiltHistory serial = of(kindOf(result.trace()), provider, trace);
                BuiltHistory job = HistoryEngine.build(analysis, trace, TraceBuild.historiesOf(workspace, result.path()), 0, BuildMode.SERIAL, QUIET,
                        new AtomicBoolean());
                assertNotNull(job);
                try {
                    assertEquals("reused", job.description(), result.trace() + ' ' + provider.name()); //$NON-NLS-1$
                    assertNull(Histories.firstDifference(serial.stateSystem(), job.stateSystem()), result.trace() + ' ' + provider.name());
                } finally {
                    job.stateSystem().dispose();
                }
                compared.add(provider.name());
            }
            return compared;
        }

        void dispose() {
            fBuilt.values().forEach(built -> built.stateSystem().dispose());
        }
    }
}
