// SPDX-License-Identifier: EPL-2.0
package org.sextant.ctf.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Damaged copies of the captured traces (issue 14's examples): each is an error naming the file, the offset
 * and what is wrong, never a trace read as if it were whole.
 */
class DamagedTraceTest {

    /** An LTTng-UST trace with an index and many packets per stream. */
    private static final Path SMALL_PACKETS = Fixtures.UST.resolveSibling("lttng-ust-small-packets");

    /** The first event's 64-bit timestamp in perf_stream_0: packet header (24 bytes), context (44), event id (4). */
    private static final long FIRST_PERF_TIMESTAMP = 72;

    @Test
    void wholeTracesVerifyToBabeltracesCounts() throws Exception {
        assertEquals(Fixtures.fact("perf-sched-syscalls", "events"), CtfTrace.open(Fixtures.PERF).verify());
        assertEquals(Fixtures.fact("lttng-ust-libc", "events"), CtfTrace.open(Fixtures.UST).verify());
    }

    @Test
    void eventAfterItsPacketsEndIsAnError(@TempDir Path dir) throws Exception {
        Path trace = copy(Fixtures.PERF, dir);
        writeLong(trace.resolve("perf_stream_0"), FIRST_PERF_TIMESTAMP, Long.MAX_VALUE, ByteOrder.LITTLE_ENDIAN);
        TraceFormatException error = assertThrows(TraceFormatException.class, () -> CtfTrace.open(trace).verify());
        assertEquals(trace.resolve("perf_stream_0") + " at offset 68: event timestamp 9223372036854775807 is after its packet's end ("
                + CtfTrace.open(Fixtures.PERF).packets().get(Fixtures.PERF.resolve("perf_stream_0")).get(0).timestampEnd() + ")",
                error.getMessage());
    }

    @Test
    void eventBeforeItsPacketsBeginIsAnError(@TempDir Path dir) throws Exception {
        Path trace = copy(Fixtures.PERF, dir);
        writeLong(trace.resolve("perf_stream_0"), FIRST_PERF_TIMESTAMP, 1, ByteOrder.LITTLE_ENDIAN);
        TraceFormatException error = assertThrows(TraceFormatException.class, () -> CtfTrace.open(trace).verify());
        assertTrue(error.getMessage().startsWith(trace.resolve("perf_stream_0") + " at offset 68: event timestamp 1 is before its packet's begin"),
                error.getMessage());
    }

    @Test
    void eventBeforeThePreviousOneIsAnError(@TempDir Path dir) throws Exception {
        Path trace = copy(Fixtures.PERF, dir);
        Path stream = trace.resolve("perf_stream_0");
        long[] times = new long[2];
        CtfTrace original = CtfTrace.open(Fixtures.PERF);
        List<Packet> packets = original.packets().get(Fixtures.PERF.resolve("perf_stream_0"));
        int[] seen = { 0 };
        original.reader(Fixtures.PERF.resolve("perf_stream_0"), Set.of()).read(packets, 0, 1, (timestamp, cpu, event, fields) -> {
            if (seen[0] < 2) {
                times[seen[0]++] = timestamp;
            }
        });
        long second = offsetOf(stream, times[1], FIRST_PERF_TIMESTAMP + 8);
        writeLong(stream, second, times[0] - 1, ByteOrder.LITTLE_ENDIAN);
        TraceFormatException error = assertThrows(TraceFormatException.class, () -> CtfTrace.open(trace).verify());
        assertEquals(stream + " at offset " + (second - 4) + ": event timestamp " + (times[0] - 1) + " is before the previous event's ("
                + times[0] + "): time goes backwards", error.getMessage());
    }

    @Test
    void badPacketMagicIsAnErrorEvenWithAnIndex(@TempDir Path dir) throws Exception {
        Path trace = copy(SMALL_PACKETS, dir);
        Path stream = trace.resolve("channel0_0");
        long second = CtfTrace.open(SMALL_PACKETS).packets().get(SMALL_PACKETS.resolve("channel0_0")).get(1).offset();
        writeInt(stream, second, 0x12345678);
        TraceFormatException error = assertThrows(TraceFormatException.class, () -> CtfTrace.open(trace));
        assertTrue(error.getMessage().startsWith(stream + " at offset " + second + ": bad packet magic"), error.getMessage());
    }

    @Test
    void indexThatDisagreesWithItsPacketsIsBlamed(@TempDir Path dir) throws Exception {
        Path trace = copy(SMALL_PACKETS, dir);
        Path index = trace.resolve("index/channel0_0.idx");
        // Entry 1's content size (header 16 bytes, entries of the length the header gives; content size third).
        int entryBytes = ByteBuffer.wrap(Files.readAllBytes(index)).getInt(12);
        long contentSize = 16 + entryBytes + 16;
        writeLong(index, contentSize, 64, ByteOrder.BIG_ENDIAN);
        TraceFormatException error = assertThrows(TraceFormatException.class, () -> CtfTrace.open(trace));
        assertTrue(error.getMessage().startsWith(index + " at offset " + (16 + entryBytes) + ": entry 1 says a packet at offset "),
                error.getMessage());
        assertTrue(error.getMessage().contains("but channel0_0 has a packet at offset "), error.getMessage());
    }

    @Test
    void indexListingFewerPacketsIsBlamed(@TempDir Path dir) throws Exception {
        Path trace = copy(SMALL_PACKETS, dir);
        Path index = trace.resolve("index/channel0_0.idx");
        byte[] bytes = Files.readAllBytes(index);
        int entryBytes = ByteBuffer.wrap(bytes).getInt(12);
        Files.write(index, Arrays.copyOf(bytes, bytes.length - entryBytes));
        TraceFormatException error = assertThrows(TraceFormatException.class, () -> CtfTrace.open(trace));
        assertTrue(error.getMessage().startsWith(index + ": lists "), error.getMessage());
        assertTrue(error.getMessage().endsWith("packets, but channel0_0 has " + (bytes.length - 16) / entryBytes), error.getMessage());
    }

    @Test
    void packetBeginningBeforeThePreviousEndsIsAnError(@TempDir Path dir) throws Exception {
        Path trace = copy(SMALL_PACKETS, dir);
        Path stream = trace.resolve("channel0_0");
        Path index = trace.resolve("index/channel0_0.idx");
        Files.delete(index); // the index would be blamed first; without it the packets speak for themselves
        Map<Long, PacketLayout> layouts = PacketLayouts.read(trace.resolve("metadata"));
        PacketLayout.Field begin = layouts.values().iterator().next().field("timestamp_begin").orElseThrow();
        long second = CtfTrace.open(SMALL_PACKETS).packets().get(SMALL_PACKETS.resolve("channel0_0")).get(1).offset();
        writeLong(stream, second + begin.bitOffset() / 8, 1, ByteOrder.LITTLE_ENDIAN);
        TraceFormatException error = assertThrows(TraceFormatException.class, () -> CtfTrace.open(trace));
        assertTrue(error.getMessage().startsWith(stream + " at offset " + second + ": the packet begins at timestamp 1, before the packet before it ends"),
                error.getMessage());
    }

    /** The serial mode's fuzzing (CtfSerialFuzzTest) converts every time: a clock of 0 Hz divided by zero. */
    @Test
    void clockOfNoFrequencyIsAnError(@TempDir Path dir) throws Exception {
        Path trace = copy(Fixtures.PERF, dir);
        Path metadata = trace.resolve("metadata");
        Files.writeString(metadata, Files.readString(metadata).replace("freq = 1000000000;", "freq = 0;"));
        TraceFormatException error = assertThrows(TraceFormatException.class, () -> CtfTrace.open(trace));
        assertEquals(metadata + ": a clock of 0 Hz (1 to 9223372036 taken) in the metadata", error.getMessage());
    }

    /**
     * A clock offset that carries the conversion to nanoseconds past a long within a stream: its times wrapped
     * and went backwards, and the serial io build failed (an IllegalArgumentException, a change before the one
     * before it). Here the stream's first timestamp converts to the largest long, and every later one past it.
     */
    @Test
    void timesPastALongOfNanosecondsAreAnError(@TempDir Path dir) throws Exception {
        Path trace = copy(Fixtures.PERF, dir);
        Path metadata = trace.resolve("metadata");
        List<Packet> packets = CtfTrace.open(Fixtures.PERF).packets().get(Fixtures.PERF.resolve("perf_stream_0"));
        long offset = Long.MAX_VALUE - packets.get(0).timestampBegin();
        Files.writeString(metadata, Files.readString(metadata).replace("offset = 0;", "offset = " + offset + ';'));
        TraceFormatException error = assertThrows(TraceFormatException.class, () -> CtfTrace.open(trace));
        Packet last = packets.get(packets.size() - 1);
        assertEquals(trace.resolve("perf_stream_0") + " at offset " + last.offset() + ": timestamp " + last.timestampEnd()
                + " converts past the nanoseconds a long holds, with the metadata's clock offset and frequency", error.getMessage());
    }

    /** Timestamps are ordered as unsigned numbers and converted as signed ones: a stream may not cross from one half to the other. */
    @Test
    void streamAcrossTwoToThe63CyclesIsAnError(@TempDir Path dir) throws Exception {
        Path trace = copy(SMALL_PACKETS, dir);
        Path stream = trace.resolve("channel0_0");
        Files.delete(trace.resolve("index/channel0_0.idx"));
        PacketLayout layout = PacketLayouts.read(trace.resolve("metadata")).values().iterator().next();
        List<Packet> packets = CtfTrace.open(SMALL_PACKETS).packets().get(SMALL_PACKETS.resolve("channel0_0"));
        long last = packets.get(packets.size() - 1).offset();
        writeLong(stream, last + layout.field("timestamp_begin").orElseThrow().bitOffset() / 8, Long.MIN_VALUE, ByteOrder.LITTLE_ENDIAN);
        writeLong(stream, last + layout.field("timestamp_end").orElseThrow().bitOffset() / 8, Long.MIN_VALUE + 1, ByteOrder.LITTLE_ENDIAN);
        TraceFormatException error = assertThrows(TraceFormatException.class, () -> CtfTrace.open(trace));
        assertEquals(stream + " at offset " + last + ": the stream's timestamps run from " + packets.get(0).timestampBegin()
                + " to 9223372036854775809, across 2^63 clock cycles", error.getMessage());
    }

    private static Path copy(Path fixture, Path dir) throws IOException {
        Path copy = dir.resolve(fixture.getFileName());
        try (Stream<Path> files = Files.walk(fixture)) {
            for (Path file : files.toList()) {
                Path target = copy.resolve(fixture.relativize(file).toString());
                if (Files.isDirectory(file)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(file, target);
                }
            }
        }
        return copy;
    }

    /** The offset, at or after {@code from}, of the first 8 bytes that hold {@code value} in little-endian order. */
    private static long offsetOf(Path file, long value, long from) throws IOException {
        ByteBuffer bytes = ByteBuffer.wrap(Files.readAllBytes(file)).order(ByteOrder.LITTLE_ENDIAN);
        for (int at = (int) from; at + 8 <= bytes.limit(); at++) {
            if (bytes.getLong(at) == value) {
                return at;
            }
        }
        throw new AssertionError("no " + value + " in " + file);
    }

    static void writeLong(Path file, long offset, long value, ByteOrder order) throws IOException {
        write(file, offset, ByteBuffer.allocate(8).order(order).putLong(value).array());
    }

    private static void writeInt(Path file, long offset, int value) throws IOException {
        write(file, offset, ByteBuffer.allocate(4).putInt(value).array());
    }

    private static void write(Path file, long offset, byte[] bytes) throws IOException {
        try (RandomAccessFile out = new RandomAccessFile(file.toFile(), "rw")) {
            out.seek(offset);
            out.write(bytes);
        }
    }
}
