// SPDX-License-Identifier: EPL-2.0
package org.sextant.parallel.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.tracecompass.statesystem.core.ITmfStateSystem;
import org.eclipse.tracecompass.statesystem.core.ITmfStateSystemBuilder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.ctf.model.TraceFormatException;
import org.sextant.parallel.model.BuildMode;
import org.sextant.parallel.model.ChunkAnalysis;
import org.sextant.parallel.model.ChunkEvents;
import org.sextant.parallel.model.ChunkProgress;
import org.sextant.parallel.model.ChunkRef;
import org.sextant.parallel.model.SplitTrace;

/**
 * The engine in a plain JVM, as a cluster task runs it: no OSGi, no trace type, no workbench. A small analysis
 * (events per CPU, and each CPU's event before the last, which a chunk cannot know at its start) is built from
 * the perf fixture serially and in parallel, into one history tree and into two, and split into chunks whose
 * outputs cross a serialization as a cluster's tasks' do; every build equals the serial one interval for interval; a
 * second build of the same trace reuses the history, a changed state version does not.
 */
class HistoryEngineTest {

    private static final Path PERF = Path.of(System.getProperty("sextant.fixtures"), "perf-sched-syscalls");
    /** Many packets of 4 KiB per stream, so many chunks. */
    private static final Path UST_SMALL_PACKETS = Path.of(System.getProperty("sextant.fixtures"), "lttng-ust-small-packets");
    private static final long CHUNK_BYTES = 16 << 10;
    /** babeltrace2's count of the fixture (tests/fixtures/catalogue.properties). */
    private static final long EVENTS = 23_648;

    /** Events per CPU, each CPU's last event and the one before: a value that reads what came before the chunk. */
    private record PerCpu(String historyId, int stateVersion) implements HistoryAnalysis {
        @Override
        public Built build(Path trace, ITmfStateSystemBuilder ss, BuildMode mode, ChunkProgress progress, AtomicBoolean cancelled)
                throws TraceFormatException, IOException, InterruptedException {
            return ChunkHistoryAnalysis.build(analysis(), trace, 0, ss, mode, progress, cancelled);
        }

        private static ChunkAnalysis analysis() {
            return new ChunkAnalysis() {
                @Override
                public Set<String> fields() {
                    return Set.of("prev_pid", "prev_comm");
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
                        String comm = fields.string("prev_comm");
                        if (comm != null) {
                            long tid = fields.integer("prev_pid", -1);
                            changes.at(nanos, state -> state.set(nanos, comm, "Switched", Long.toString(tid)));
                        }
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
        return build(analysis, PERF, directory, mode);
    }

    private static BuiltHistory build(HistoryAnalysis analysis, Path trace, Path directory, BuildMode mode) throws Exception {
        BuiltHistory built = HistoryEngine.build(analysis, trace, directory, 0, mode, QUIET, new AtomicBoolean());
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

    /**
     * Each chunk run on its own and its output serialized, as a task on another host hands it back; the merge takes
     * them in chunk order, asking for them only when a build is needed. On the perf fixture (one packet per stream,
     * so a chunk per stream, the handlers reading fields) and on the UST one of small packets (many chunks a stream).
     */
    @Test
    void aSplitBuildEqualsTheSerialBuildAndIsReused(@TempDir Path directory) throws Exception {
        splitBuildEqualsTheSerialBuild(PERF, 2, directory.resolve("perf"));
        splitBuildEqualsTheSerialBuild(UST_SMALL_PACKETS, 10, directory.resolve("ust"));
    }

    private static void splitBuildEqualsTheSerialBuild(Path trace, int leastChunks, Path directory) throws Exception {
        PerCpu perCpu = new PerCpu("percpu", 1);
        ChunkHistoryAnalysis analysis = new ChunkHistoryAnalysis("percpu", 1, Map.of(), PerCpu.analysis(), 1);
        SplitTrace split = SplitTrace.open(trace, CHUNK_BYTES);
        List<ChunkRef> chunks = split.chunks();
        assertTrue(chunks.size() >= leastChunks, "chunks: " + chunks.size());
        List<byte[]> outputs = new ArrayList<>();
        long outputBytes = 0;
        long recorded = 0;
        for (ChunkRef chunk : chunks) {
            ChunkEvents events = SplitTrace.open(trace, CHUNK_BYTES).run(analysis.analysis(), serialized(chunk));
            outputBytes += events.bytes();
            recorded += events.recorded();
            outputs.add(serialize(events));
        }
        long traceBytes = chunks.stream().mapToLong(ChunkRef::bytes).sum();
        assertTrue(outputBytes < traceBytes / 4, outputBytes + " bytes of outputs for " + traceBytes + " of trace");
        AtomicInteger asked = new AtomicInteger();
        HistoryAnalysis merging = analysis.merging(split, () -> {
            asked.incrementAndGet();
            return index -> (ChunkEvents) deserialize(outputs.get(index));
        });

        BuiltHistory serial = build(perCpu, trace, directory.resolve("serial"), BuildMode.SERIAL);
        assertEquals(serial.report().events(), recorded, "every event handled, so recorded");
        BuiltHistory built = build(merging, trace, directory.resolve("split"), BuildMode.parallel(2, CHUNK_BYTES));
        assertEquals("split into " + chunks.size() + " chunk tasks, merged on 2 threads", built.description());
        assertEquals(serial.report().events(), built.report().events());
        assertNull(Histories.firstDifference(serial.stateSystem(), built.stateSystem()));
        built.stateSystem().dispose();
        serial.stateSystem().dispose();
        BuiltHistory again = build(perCpu, trace, directory.resolve("split"), BuildMode.SERIAL);
        assertEquals("reused", again.description(), "the analysis's own build reuses the split build's history");
        again.stateSystem().dispose();
        assertEquals(1, asked.get(), "outputs asked for by the one build");

        ChunkRef last = chunks.get(chunks.size() - 1);
        ChunkRef other = new ChunkRef(last.index(), last.stream(), last.firstPacket() + 1, last.packets(), last.bytes());
        TraceFormatException changed = assertThrows(TraceFormatException.class, () -> split.run(analysis.analysis(), other));
        assertTrue(changed.getMessage().contains("the trace changed since it was cut"), changed.getMessage());
    }

    private static byte[] serialize(Object object) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(object);
        }
        return bytes.toByteArray();
    }

    private static Object deserialize(byte[] bytes) throws IOException {
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes))) {
            return in.readObject();
        } catch (ClassNotFoundException e) {
            throw new IOException(e);
        }
    }

    private static ChunkRef serialized(ChunkRef chunk) throws IOException {
        return (ChunkRef) deserialize(serialize(chunk));
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
