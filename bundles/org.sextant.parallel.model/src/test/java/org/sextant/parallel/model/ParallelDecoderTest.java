// SPDX-License-Identifier: EPL-2.0
package org.sextant.parallel.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.sextant.ctf.model.TraceFormatException;

class ParallelDecoderTest {

    private record Event(long nanos, int cpu, String name) {
    }

    private static List<Event> decode(Path trace, BuildMode mode) throws Exception {
        List<Event> events = new ArrayList<>();
        new ParallelDecoder(mode).decode(trace, (nanos, cpu, name) -> events.add(new Event(nanos, cpu, name)),
                (done, total) -> { }, new AtomicBoolean());
        return events;
    }

    /** Many small chunks on four threads give exactly the serial sequence: same events, same order. */
    @ParameterizedTest
    @ValueSource(strings = { "perf-sched-syscalls", "lttng-ust-libc", "lttng-ust-small-packets" })
    void parallelSequenceEqualsSerialSequence(String fixture) throws Exception {
        Path trace = Fixtures.PERF.resolveSibling(fixture);
        List<Event> serial = decode(trace, BuildMode.SERIAL);
        List<Event> parallel = decode(trace, BuildMode.parallel(4, 4096));
        assertEquals(Fixtures.fact(fixture, "events"), serial.size());
        assertEquals(serial, parallel);
        for (int i = 1; i < serial.size(); i++) {
            assertTrue(serial.get(i - 1).nanos() <= serial.get(i).nanos(), "time order at event " + i);
        }
    }

    /** A chunk as a reducer saw it. */
    private record Reduced(int stream, int firstPacket, List<Event> events) {
    }

    private static List<Reduced> reduce(ParallelDecoder decoder, Path trace, SplitTrace split) throws Exception {
        List<Reduced> reduced = new ArrayList<>();
        ParallelDecoder.ChunkReducer<Reduced> reducer = (chunk, stream, nanos, cpus, names, size) -> {
            List<Event> events = new ArrayList<>();
            for (int i = 0; i < size; i++) {
                events.add(new Event(nanos[i], cpus[i], names[i]));
            }
            return new Reduced(stream, chunk.firstPacket(), events);
        };
        if (split == null) {
            decoder.reduce(trace, reducer, reduced::add, (done, total) -> { }, new AtomicBoolean());
        } else {
            decoder.reduce(split, recordedElsewhere(trace)::get, reducer, reduced::add, (done, total) -> { }, new AtomicBoolean());
        }
        return reduced;
    }

    /** Every chunk's events, recorded by another cut of the trace, as a cluster's tasks record them. */
    private static List<ChunkEvents> recordedElsewhere(Path trace) throws Exception {
        SplitTrace task = SplitTrace.open(trace, 4096);
        List<ChunkEvents> outputs = new ArrayList<>();
        for (ChunkRef chunk : task.chunks()) {
            outputs.add(task.events(chunk));
        }
        return outputs;
    }

    /**
     * The chunks' events recorded where they were decoded (a cluster's tasks) and taken back: the serial sequence,
     * and each chunk reduced as the chunks the decoder decodes itself, on shifted times.
     */
    @ParameterizedTest
    @ValueSource(strings = { "perf-sched-syscalls", "lttng-ust-small-packets" })
    void chunksDecodedElsewhereGiveTheSameEvents(String fixture) throws Exception {
        Path trace = Fixtures.PERF.resolveSibling(fixture);
        SplitTrace split = SplitTrace.open(trace, 4096);
        assertTrue(split.chunks().size() > 1, "4 KiB chunks split the fixture");
        List<Event> events = new ArrayList<>();
        ParallelDecoder.Stats stats = new ParallelDecoder(BuildMode.parallel(2, 0)).decode(split, recordedElsewhere(trace)::get,
                (nanos, cpu, name) -> events.add(new Event(nanos, cpu, name)), (done, total) -> { }, new AtomicBoolean());
        assertEquals(decode(trace, BuildMode.SERIAL), events);
        assertEquals(split.chunks().size(), stats.chunks());

        ParallelDecoder shifted = new ParallelDecoder(BuildMode.parallel(2, 4096), 1000);
        List<Reduced> here = reduce(shifted, trace, null);
        assertEquals(here, reduce(shifted, trace, split));
        assertEquals(Fixtures.fact(fixture, "events"), here.stream().mapToLong(chunk -> chunk.events().size()).sum());
    }

    @Test
    void perfTimestampsAreNanosecondsAsCycles() throws Exception {
        List<Event> events = decode(Fixtures.PERF, BuildMode.parallel(2, 4096));
        assertEquals(Fixtures.fact("perf-sched-syscalls", "first_cycles"), events.get(0).nanos(), "perf's clock: 1 GHz, no offset");
    }

    @Test
    void progressCountsChunksAndCancellationStops() throws Exception {
        List<Integer> progress = new ArrayList<>();
        ParallelDecoder.Stats stats = new ParallelDecoder(2, 4096).decode(Fixtures.PERF, (n, c, e) -> { }, (done, total) -> progress.add(done), new AtomicBoolean());
        assertEquals(stats.chunks(), progress.size());
        assertEquals(stats.chunks(), progress.get(progress.size() - 1));
        assertTrue(stats.chunks() > 1, "4 KiB chunks split the fixture");

        AtomicBoolean cancel = new AtomicBoolean();
        long[] seen = { 0 };
        ParallelDecoder.Stats cut = new ParallelDecoder(2, 4096).decode(Fixtures.PERF, (n, c, e) -> seen[0]++, (done, total) -> cancel.set(true), cancel);
        assertTrue(cut.events() < stats.events(), "cancelled after the first chunk");
    }

    /** Decoding alone counts every event, merges none, and says what the workers spent on each chunk. */
    @Test
    void decodeOnlyCountsEveryEventAndMeasuresTheWorkers() throws Exception {
        ParallelDecoder.Stats stats = new ParallelDecoder(2, 4096).decodeOnly(Fixtures.PERF, (done, total) -> { }, new AtomicBoolean());
        assertEquals(Fixtures.fact("perf-sched-syscalls", "events"), stats.events());
        PipelineCosts costs = stats.costs();
        assertEquals(stats.chunks(), costs.chunks());
        assertTrue(costs.workerCpuNanos() > 0 && costs.maxChunkCpuNanos() <= costs.workerCpuNanos(), costs.toString());
    }

    @Test
    void truncatedTraceFailsWithFileAndOffset(@TempDir Path dir) throws Exception {
        Files.copy(Fixtures.PERF.resolve("metadata"), dir.resolve("metadata"));
        byte[] stream = Files.readAllBytes(Fixtures.PERF.resolve("perf_stream_0"));
        Files.write(dir.resolve("perf_stream_0"), java.util.Arrays.copyOf(stream, stream.length / 2));
        TraceFormatException error = assertThrows(TraceFormatException.class, () -> decode(dir, BuildMode.parallel(2, 4096)));
        assertTrue(error.getMessage().startsWith(dir.resolve("perf_stream_0") + " at offset "), error.getMessage());
    }
}
