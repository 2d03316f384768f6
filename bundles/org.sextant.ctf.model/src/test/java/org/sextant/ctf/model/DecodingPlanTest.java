// SPDX-License-Identifier: EPL-2.0
package org.sextant.ctf.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The compiled decoder: plans made once per event class give the fields the type walk gave, whatever the
 * mapping windows, and a stream past 2 GiB reads in one call.
 */
class DecodingPlanTest {

    /** Every event of every stream, with every field, as text: what the handler saw. */
    private static List<String> events(CtfTrace trace, long windowBytes) throws Exception {
        List<String> events = new ArrayList<>();
        for (Map.Entry<Path, List<Packet>> stream : trace.packets().entrySet()) {
            List<Packet> packets = stream.getValue();
            new EventReader(stream.getKey(), trace.metadata(), true, Set.of(), windowBytes).read(packets, 0, packets.size(),
                    (timestamp, cpu, event, fields) -> events.add(timestamp + " " + cpu + " " + event.name() + " " + fields));
        }
        return events;
    }

    /** perf's system calls, most of its events, are one run each: their header, then their contexts and payload together. */
    @Test
    void perfSystemCallsCompileToOneRunEach() throws Exception {
        CtfMetadata metadata = CtfMetadata.read(Fixtures.PERF.resolve("metadata"));
        CtfMetadata.StreamClass stream = metadata.streams().get(0L);
        for (CtfMetadata.EventClass event : metadata.events(0).values()) {
            DecodingPlan plan = DecodingPlan.of(metadata.structuralFields()::contains, stream.eventContext(), event.context(), event.fields());
            if (event.name().startsWith("raw_syscalls:")) {
                assertEquals(1, plan.steps().length, event.name());
                assertInstanceOf(DecodingPlan.Run.class, plan.steps()[0], event.name());
            }
        }
        DecodingPlan.Run header = (DecodingPlan.Run) DecodingPlan.of(name -> true, stream.eventHeader()).steps()[0];
        assertEquals(96, header.bits());
        assertEquals(List.of("id", "timestamp"), List.of(header.names()));
        assertEquals(List.of(0L, 32L), List.of(header.offsets()[0], header.offsets()[1]));
    }

    /**
     * A kept array of a few integers is part of the run, element by element as the type walk keeps it: the
     * first system call's arguments on CPU 0 are those babeltrace2 prints for it ({@code args = [ [0] =
     * 0x7FFCDADE8D20, ... ]}).
     */
    @Test
    void keptArgumentsAreReadFromTheRun() throws Exception {
        CtfTrace trace = CtfTrace.open(Fixtures.PERF);
        CtfMetadata metadata = trace.metadata();
        CtfMetadata.StreamClass stream = metadata.streams().get(0L);
        CtfMetadata.EventClass enter = metadata.events(0).values().stream().filter(event -> event.name().equals("raw_syscalls:sys_enter")).findFirst()
                .orElseThrow();
        DecodingPlan plan = DecodingPlan.of(name -> name.equals("args"), stream.eventContext(), enter.context(), enter.fields());
        assertEquals(1, plan.steps().length);
        DecodingPlan.Run run = (DecodingPlan.Run) plan.steps()[0];
        assertEquals(List.of("args[0]", "args[1]", "args[2]", "args[3]", "args[4]", "args[5]"), List.of(run.names()));

        Path cpu0 = Fixtures.PERF.resolve("perf_stream_0");
        List<Packet> packets = trace.packets().get(cpu0);
        List<Long> first = new ArrayList<>();
        trace.reader(cpu0, Set.of("args")).read(packets, 0, 1, (timestamp, cpu, event, fields) -> {
            if (first.isEmpty() && event == enter) {
                for (int i = 0; i < 6; i++) {
                    first.add(fields.integer("args[" + i + "]", -1));
                }
            }
        });
        assertEquals(List.of(0x7FFCDADE8D20L, 0x7FFCDADEEB30L, 0x5560F3DC2D50L, 0x7FA18F42FE70L, 0x5560F3DC2F77L, 0x7FA18F3B2840L), first);
    }

    /** Windows of one packet each (the stream is remapped at every packet) give the very same events and fields. */
    @ParameterizedTest
    @ValueSource(strings = { "perf-sched-syscalls", "lttng-ust-libc", "lttng-ust-small-packets" })
    void smallWindowsReadTheSameFields(String fixture) throws Exception {
        CtfTrace trace = CtfTrace.open(Fixtures.PERF.resolveSibling(fixture));
        long largestPacket = trace.packets().values().stream().flatMap(List::stream).mapToLong(Packet::sizeBytes).max().orElseThrow();
        List<String> whole = events(trace, EventReader.WINDOW_BYTES);
        assertEquals(Fixtures.fact(fixture, "events"), whole.size());
        assertEquals(whole, events(trace, largestPacket));
    }

    /**
     * A stream of more than 2 GiB, without writing 2 GiB: the first packet of an LTTng stream of 4 KiB packets
     * claims 2.5 GiB of padding (a hole in a sparse file), and the stream's other packets follow it (the index,
     * which would disagree, is left out). One read of the whole stream, as the serial mode does, decodes every
     * event.
     */
    @Test
    void streamPastTwoGibibytesReadsInOneCall(@TempDir Path dir) throws Exception {
        Path trace = Fixtures.UST.resolveSibling("lttng-ust-small-packets");
        Path original = trace.resolve("channel0_0");
        CtfTrace fixture = CtfTrace.open(trace);
        List<Packet> packets = fixture.packets().get(original);
        long hole = 5L << 29;
        byte[] bytes = Files.readAllBytes(original);
        Files.copy(trace.resolve("metadata"), dir.resolve("metadata"));
        Path stream = dir.resolve("channel0_0");
        long sizeField = PacketLayouts.of(fixture.metadata(), original).get(packets.get(0).streamId()).field("packet_size").orElseThrow().bitOffset() / 8;
        try (RandomAccessFile out = new RandomAccessFile(stream.toFile(), "rw")) {
            Packet first = packets.get(0);
            out.write(bytes, 0, (int) first.sizeBytes());
            out.seek(sizeField);
            out.write(ByteBuffer.allocate(8).order(fixture.metadata().byteOrder()).putLong(hole * 8).array());
            out.seek(hole);
            out.write(bytes, (int) first.sizeBytes(), bytes.length - (int) first.sizeBytes());
        }
        assertTrue(Files.size(stream) > (2L << 30));
        CtfTrace big = CtfTrace.open(dir);
        List<Packet> moved = big.packets().get(stream);
        assertEquals(packets.size(), moved.size());
        assertEquals(hole, moved.get(1).offset());
        long expected = fixture.reader(original, Set.of()).read(packets, 0, packets.size(), (t, c, e, f) -> { });
        assertEquals(expected, big.verify(), "every event of the stream, read in one call");
        assertTrue(expected > 0);
    }

    /** A packet whose content alone exceeds a window cannot be mapped: an error naming the file and offset. */
    @Test
    void packetLargerThanAWindowIsAnError() throws IOException, TraceFormatException {
        CtfTrace trace = CtfTrace.open(Fixtures.PERF);
        Path stream = Fixtures.PERF.resolve("perf_stream_0");
        List<Packet> packets = trace.packets().get(stream);
        TraceFormatException error = assertThrows(TraceFormatException.class,
                () -> new EventReader(stream, trace.metadata(), true, Set.of(), 64).read(packets, 0, 1, (t, c, e, f) -> { }));
        assertTrue(error.getMessage().startsWith(stream + " at offset 0: packet content of "), error.getMessage());
    }
}
