// SPDX-License-Identifier: EPL-2.0
package org.sextant.parallel.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.tracecompass.statesystem.core.ITmfStateSystem;
import org.eclipse.tracecompass.statesystem.core.ITmfStateSystemBuilder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.ctf.model.TraceFormatException;
import org.sextant.parallel.model.BuildMode;
import org.sextant.parallel.model.ChunkAnalysis;
import org.sextant.parallel.model.ChunkProgress;

/**
 * The engine in a plain JVM, as a cluster task runs it: no OSGi, no trace type, no workbench. A small analysis
 * (events per CPU, and each CPU's event before the last, which a chunk cannot know at its start) is built from
 * the perf fixture serially and in parallel, into one history tree and into two, and every build equals the serial
 * one interval for interval; a second build of the same trace reuses the history, a changed state version does
 * not.
 */
class HistoryEngineTest {

    private static final Path PERF = Path.of(System.getProperty("sextant.fixtures"), "perf-sched-syscalls");
    /** babeltrace2's count of the fixture (tests/fixtures/catalogue.properties). */
    private static final long EVENTS = 23_648;

    /** Events per CPU, each CPU's last event and the one before: a value that reads what came before the chunk. */
    private record PerCpu(String historyId, int stateVersion) implements HistoryAnalysis {
        @Override
        public Built build(Path trace, ITmfStateSystemBuilder ss, BuildMode mode, ChunkProgress progress, AtomicBoolean cancelled)
                throws TraceFormatException, IOException, InterruptedException {
            return ChunkHistoryAnalysis.build(analysis(), trace, ss, mode, progress, cancelled);
        }

        private static ChunkAnalysis analysis() {
            return new ChunkAnalysis() {
                @Override
                public Set<String> fields() {
                    return Set.of();
                }

                @Override
                public Worker worker() {
                    return name -> (nanos, cpu, fields, changes) -> {
                        String key = Integer.toString(cpu);
                        changes.at(nanos, state -> state.add(nanos, 1, "Events", key));
                        changes.defer(nanos, state -> {
                            state.set(nanos, state.get("Last", key), "Previous", key);
                            state.set(nanos, name, "Last", key);
                        });
                    };
                }
            };
        }
    }

    private static final HistoryEngine.Progress QUIET = new HistoryEngine.Progress() {
        @Override
        public void building(@Nullable String rebuilt) {
            // nothing to show
        }

        @Override
        public void chunksMerged(int done, int total) {
            // nothing to show
        }
    };

    private static BuiltHistory build(HistoryAnalysis analysis, Path directory, BuildMode mode) throws Exception {
        BuiltHistory built = HistoryEngine.build(analysis, PERF, directory, 0, mode, QUIET, new AtomicBoolean());
        assertTrue(built != null, "not cancelled");
        return built;
    }

    @Test
    void parallelBuildsEqualTheSerialBuild(@TempDir Path directory) throws Exception {
        PerCpu analysis = new PerCpu("percpu", 1);
        BuiltHistory serial = build(analysis, directory.resolve("serial"), BuildMode.SERIAL);
        assertEquals("serial", serial.description());
        assertEquals(EVENTS, serial.report().events());
        for (BuildMode mode : List.of(BuildMode.parallel(2, 4096), BuildMode.parallel(2, 4096).withWriters(2), BuildMode.parallel(1, 1 << 20))) {
            BuiltHistory parallel = build(analysis, directory.resolve(mode.threads() + "-" + mode.writers()), mode);
            assertNull(Histories.firstDifference(serial.stateSystem(), parallel.stateSystem()), mode.toString());
            assertTrue(parallel.report().chunks() > 1 || mode.threads() == 1, "chunks: " + parallel.report().chunks());
            parallel.stateSystem().dispose();
        }
        ITmfStateSystem ss = serial.stateSystem();
        long total = 0;
        for (int cpu : ss.getSubAttributes(ss.getQuarkAbsolute("Events"), false)) {
            total += ((Number) ss.querySingleState(ss.getCurrentEndTime(), cpu).getValue()).longValue();
        }
        assertEquals(EVENTS, total, "every event counted once");
        ss.dispose();
    }

    @Test
    void aHistoryIsReusedUntilItsVersionChanges(@TempDir Path directory) throws Exception {
        build(new PerCpu("percpu", 1), directory, BuildMode.parallel(2, 4096)).stateSystem().dispose();
        assertTrue(Files.isRegularFile(directory.resolve("percpu.ht.provenance")));
        BuiltHistory again = build(new PerCpu("percpu", 1), directory, BuildMode.SERIAL);
        assertEquals("reused", again.description());
        again.stateSystem().dispose();
        BuiltHistory next = build(new PerCpu("percpu", 2), directory, BuildMode.SERIAL);
        assertEquals("serial; rebuilt: state version 1 -> 2", next.description());
        next.stateSystem().dispose();
    }

    /** Every file of a history kept in shards is the engine's to judge, not a folder cleaner's: its record covers it. */
    @Test
    void aShardedHistorysFilesAreCoveredByItsRecord(@TempDir Path directory) throws Exception {
        build(new PerCpu("percpu", 1), directory, BuildMode.parallel(2, 4096).withWriters(2)).stateSystem().dispose();
        List<Path> files;
        try (var listing = Files.list(directory)) {
            files = listing.filter(file -> !file.getFileName().toString().endsWith(Provenance.SUFFIX)).sorted().toList();
        }
        assertEquals(List.of("percpu.0.ht", "percpu.1.ht", "percpu.ht.shards"), files.stream().map(file -> file.getFileName().toString()).toList());
        assertTrue(files.stream().allMatch(HistoryEngine::hasRecord));
        assertTrue(!HistoryEngine.hasRecord(directory.resolve("percpux.ht")), "another history's file");
    }
}
