// SPDX-License-Identifier: EPL-2.0
package org.sextant.ctf.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Decoding every chunk of the captured traces finds what babeltrace2 found, event for event. */
class EventReaderTest {

    /** Packets per reader: several readers per stream, each starting cold, as chunk workers do. */
    private static final int RUN = 3;

    private static final class Tally implements EventReader.Handler {
        final Map<String, Long> fPerType = new TreeMap<>();
        final Map<String, Long> fPerCpu = new TreeMap<>();
        long fFirst = Long.MAX_VALUE;
        long fLast = Long.MIN_VALUE;
        long fPrevious = Long.MIN_VALUE;
        boolean fOrdered = true;

        @Override
        public void event(long timestamp, int cpu, CtfMetadata.EventClass event, EventReader.Fields fields) {
            fPerType.merge(event.name(), 1L, Long::sum);
            fPerCpu.merge(Integer.toString(cpu), 1L, Long::sum);
            fFirst = Math.min(fFirst, timestamp);
            fLast = Math.max(fLast, timestamp);
            fOrdered &= timestamp >= fPrevious;
            fPrevious = timestamp;
        }
    }

    @ParameterizedTest
    @ValueSource(strings = { "perf-sched-syscalls", "lttng-ust-libc" })
    void everyRunOfPacketsDecodesToBabeltracesCounts(String fixture) throws Exception {
        Path trace = Fixtures.PERF.resolveSibling(fixture);
        CtfTrace ctf = CtfTrace.open(trace);
        Tally tally = new Tally();
        long events = 0;
        for (Map.Entry<Path, List<Packet>> stream : ctf.packets().entrySet()) {
            tally.fPrevious = Long.MIN_VALUE;
            List<Packet> packets = stream.getValue();
            for (int first = 0; first < packets.size(); first += RUN) { // each run with a reader of its own, as a worker would
                int count = Math.min(RUN, packets.size() - first);
                events += new EventReader(stream.getKey(), ctf.metadata()).read(packets, first, count, tally);
            }
        }
        assertEquals(Fixtures.fact(fixture, "events"), events);
        assertEquals(Fixtures.facts(fixture, "type."), tally.fPerType);
        Map<String, Long> perCpu = new TreeMap<>();
        Fixtures.facts(fixture, "events.cpu").forEach((cpu, count) -> perCpu.put(cpu, count));
        assertEquals(perCpu, tally.fPerCpu);
        assertEquals(Fixtures.fact(fixture, "first_cycles"), tally.fFirst);
        assertEquals(Fixtures.fact(fixture, "last_cycles"), tally.fLast);
        assertTrue(tally.fOrdered, "events of a stream come in time order");
    }

    @Test
    void integerFieldsAreDecodedByName() throws Exception {
        CtfMetadata metadata = CtfMetadata.read(Fixtures.PERF.resolve("metadata"));
        Path stream = Fixtures.PERF.resolve("perf_stream_0");
        List<Packet> packets = PacketScanner.scan(stream, PacketLayouts.of(metadata, stream));
        long[] switches = { 0, 0 };
        new EventReader(stream, metadata).read(packets, 0, packets.size(), (timestamp, cpu, event, fields) -> {
            if (event.name().equals("sched:sched_switch")) {
                switches[0]++;
                long next = fields.integer("next_pid", -1);
                long prev = fields.integer("prev_pid", -1);
                switches[1] += (next >= 0 && prev >= 0 && fields.string("next_comm") != null) ? 1 : 0;
            }
        });
        assertTrue(switches[0] > 0);
        assertEquals(switches[0], switches[1], "every sched_switch has prev_pid, next_pid and next_comm");
    }

    @Test
    void eventCutShortIsAnErrorNamingFileAndOffset(@TempDir Path dir) throws Exception {
        CtfMetadata metadata = CtfMetadata.read(Fixtures.PERF.resolve("metadata"));
        Path original = Fixtures.PERF.resolve("perf_stream_1");
        List<Packet> packets = PacketScanner.scan(original, PacketLayouts.of(metadata, original));
        Packet last = packets.get(packets.size() - 1);
        // Claim more content than the packet holds: the reader must stop with an error, not read garbage.
        List<Packet> lying = List.of(new Packet(last.offset(), last.packetSizeBits(), last.packetSizeBits(), last.timestampBegin(),
                last.timestampEnd(), last.streamId()));
        Path copy = dir.resolve("perf_stream_1");
        byte[] bytes = Files.readAllBytes(original);
        Arrays.fill(bytes, (int) (last.offset() + last.contentSizeBits() / 8), bytes.length, (byte) 0x7F);
        Files.write(copy, bytes);
        TraceFormatException error = assertThrows(TraceFormatException.class,
                () -> new EventReader(copy, metadata).read(lying, 0, 1, (t, c, e, f) -> { }));
        assertTrue(error.getMessage().startsWith(copy + " at offset "), error.getMessage());
    }
}
