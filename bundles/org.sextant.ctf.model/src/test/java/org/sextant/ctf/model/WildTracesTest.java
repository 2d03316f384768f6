// SPDX-License-Identifier: EPL-2.0
package org.sextant.ctf.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Traces of other tracers that babeltrace2 or Trace Compass read (tests/fixtures/wild, CATALOGUE.md): the codec
 * reads babeltrace2's events per name, and names each departure from CTF it reads past with its file and offset.
 */
class WildTracesTest {

    private static Path wild(String name) {
        return Fixtures.PERF.resolveSibling("wild").resolve(name);
    }

    @ParameterizedTest
    @ValueSource(strings = { "ev-disc-no-ts-begin-end", "barectf-event-before-packet", "lttng-event-after-packet", "lttng-crash",
            "lttng-ust-2.3-overlap", "ctf-writer" })
    void readsBabeltracesEventsPerName(String name) throws Exception {
        CtfTrace trace = CtfTrace.open(wild(name));
        Map<String, Long> counts = new TreeMap<>();
        assertEquals(Fixtures.fact("wild/" + name, "events"), SuiteCounts.count(trace, counts));
        assertEquals(Fixtures.facts("wild/" + name, "type."), counts);
        // decoded again chunk by chunk, packet by packet as the parallel builder's workers do: the same events
        Map<String, Long> byPacket = new TreeMap<>();
        for (Map.Entry<Path, List<Packet>> stream : trace.packets().entrySet()) {
            List<Packet> packets = stream.getValue();
            long previous = Long.MIN_VALUE;
            for (int i = 0; i < packets.size(); i++) {
                Packet packet = packets.get(i);
                assertTrue(Long.compareUnsigned(packet.timestampBegin(), packet.timestampEnd()) <= 0);
                if (i > 0) {
                    assertTrue(Long.compareUnsigned(packets.get(i - 1).timestampEnd(), packet.timestampBegin()) <= 0, "packets of a stream follow one another");
                }
                long[] last = { previous };
                trace.reader(stream.getKey(), java.util.Set.of()).read(packets, i, 1, (timestamp, cpu, event, fields) -> {
                    assertTrue(Long.compareUnsigned(timestamp, packet.timestampBegin()) >= 0 && Long.compareUnsigned(timestamp, packet.timestampEnd()) <= 0,
                            "an event inside its packet's span");
                    assertTrue(Long.compareUnsigned(timestamp, last[0]) >= 0 || last[0] == Long.MIN_VALUE, "events of a stream in time order");
                    last[0] = timestamp;
                    byPacket.merge(event.name(), 1L, Long::sum);
                });
                previous = last[0];
            }
        }
        assertEquals(counts, byPacket);
    }

    /** barectf before 2.3.1 and LTTng before 2.11 wrote events outside their packet's times: read, each named. */
    @Test
    void eventsOutsideTheirPacketAreWarnedOfWithFileAndOffset() throws Exception {
        assertWarnings("barectf-event-before-packet", "stream at offset 124: warning event-before-packet: event timestamp 1048932916605259 is before "
                + "its packet's timestamp_begin (1048932916606101), packet at offset 72");
        assertWarnings("lttng-event-after-packet",
                "chan_0 at offset 84: warning event-after-packet: event timestamp 900859125273445 is after its packet's timestamp_end (900859125273444);"
                        + " the packet at offset 0 is taken to end at 900859125273456",
                "chan_0 at offset 4180: warning event-after-packet: event timestamp 900859125273473 is after its packet's timestamp_end (900859125273472);"
                        + " the packet at offset 4096 is taken to end at 900859125273473");
    }

    @Test
    void crashedAndOverlappingPacketsAreWarnedOfAtOpen() throws Exception {
        CtfTrace crash = CtfTrace.open(wild("lttng-crash"));
        assertEquals(List.of(4096L, 8192L, 12288L), crash.warnings().stream().map(TraceWarning::offset).toList());
        assertTrue(crash.warnings().stream().allMatch(w -> w.kind() == TraceWarning.Kind.PACKET_END_ZERO && w.file().endsWith("chan_0")));
        CtfTrace overlap = CtfTrace.open(wild("lttng-ust-2.3-overlap"));
        assertEquals(List.of("index/channel_3.idx at offset 0: warning index-not-lttng", "channel_3 at offset 0: warning packets-overlap"),
                overlap.warnings().stream().map(w -> overlap.directory().relativize(w.file()) + " at offset " + w.offset() + ": warning " + w.kind().label()).toList());
    }

    /** The CTF writer's clock begins 1.35 * 10^18 s after the epoch: converted modulo 2^64, as Trace Compass does since it reads offset_s, and said. */
    @Test
    void clockPastALongOfNanosecondsIsWarnedOf() throws Exception {
        CtfTrace trace = CtfTrace.open(wild("ctf-writer"));
        assertTrue(trace.warnings().stream().allMatch(w -> w.kind() == TraceWarning.Kind.CLOCK_WRAPS), trace.warnings().toString());
        assertEquals(2, trace.warnings().size());
    }

    /**
     * The metadata's {@code model.emf.uri = "http://kernel.org/";} once read as a comment from {@code //} on:
     * three stream classes were silently lost with the rest of the line.
     */
    @Test
    void aStringHoldingTwoSlashesIsNoComment() throws Exception {
        CtfMetadata metadata = CtfMetadata.read(wild("ctf-writer").resolve("metadata"));
        assertEquals(java.util.Set.of(0L, 1L, 2L, 123L), metadata.streams().keySet());
        assertEquals("http://kernel.org/", metadataEventUri(wild("ctf-writer").resolve("metadata")));
    }

    private static String metadataEventUri(Path metadata) throws Exception {
        String text = Files.readString(metadata);
        int at = text.indexOf("model.emf.uri = \"") + "model.emf.uri = \"".length();
        return text.substring(at, text.indexOf('"', at));
    }

    /** The same departures from a tracer without the bug (here, a newer LTTng) stay errors. */
    @Test
    void eventAfterItsPacketFromAFixedTracerIsAnError(@TempDir Path dir) throws Exception {
        Path trace = copy("lttng-event-after-packet", dir);
        Path metadata = trace.resolve("metadata");
        Files.writeString(metadata, Files.readString(metadata).replace("tracer_minor = 10;", "tracer_minor = 11;"));
        TraceFormatException error = assertThrows(TraceFormatException.class, () -> CtfTrace.open(trace).verify());
        assertEquals(trace.resolve("chan_0") + " at offset 84: event timestamp 900859125273445 is after its packet's end (900859125273444)", error.getMessage());
    }

    /** Tolerated, an event may still not go past the next packet's begin: the stream would go back in time. */
    @Test
    void eventAfterTheNextPacketBeginsIsAnError(@TempDir Path dir) throws Exception {
        Path trace = copy("lttng-event-after-packet", dir);
        Path stream = trace.resolve("chan_0");
        long begin = PacketLayouts.read(trace.resolve("metadata")).get(0L).field("timestamp_begin").orElseThrow().bitOffset() / 8;
        // the second packet now begins before the first packet's event after its end
        DamagedTraceTest.writeLong(stream, 4096 + begin, 900859125273445L - 5, ByteOrder.LITTLE_ENDIAN);
        TraceFormatException error = assertThrows(TraceFormatException.class, () -> CtfTrace.open(trace).verify());
        assertTrue(error.getMessage().startsWith(stream + " at offset "), error.getMessage());
    }

    /** A copy of a wild fixture's files (its directory's, not its index's) to damage. */
    private static Path copy(String name, Path dir) throws Exception {
        Path trace = dir.resolve(name);
        Files.createDirectories(trace);
        try (var files = Files.list(wild(name))) {
            for (Path file : files.filter(Files::isRegularFile).toList()) {
                Files.copy(file, trace.resolve(file.getFileName()));
            }
        }
        return trace;
    }

    private static void assertWarnings(String name, String... expected) throws Exception {
        CtfTrace trace = CtfTrace.open(wild(name));
        trace.verify();
        Path directory = trace.directory();
        assertEquals(List.of(expected), trace.warnings().stream().map(w -> w.toString().substring(directory.toString().length() + 1)).toList());
    }
}
