// SPDX-License-Identifier: EPL-2.0
package org.sextant.ctf.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Packet boundaries from LTTng's index and from scanning packet headers, on the captured fixtures. */
class PacketsTest {

    /** The index is LTTng's own account of the packets; scanning the headers must find exactly the same. */
    @Test
    void scanningAgreesWithLttngIndex() throws Exception {
        Map<Long, PacketLayout> layouts = PacketLayouts.read(Fixtures.UST.resolve("metadata"));
        for (String stream : List.of("channel0_0", "channel0_1")) {
            Path file = Fixtures.UST.resolve(stream);
            List<Packet> indexed = PacketIndex.read(PacketIndex.indexFileOf(file));
            assertEquals(indexed, PacketScanner.scan(file, layouts), stream);
            assertEquals(Files.size(file), indexed.get(indexed.size() - 1).end(), stream);
        }
    }

    @Test
    void perfPacketsTileEachStreamInTimeOrder() throws Exception {
        Map<Long, PacketLayout> layouts = PacketLayouts.read(Fixtures.PERF.resolve("metadata"));
        for (String stream : List.of("perf_stream_0", "perf_stream_1")) {
            Path file = Fixtures.PERF.resolve(stream);
            List<Packet> packets = PacketScanner.scan(file, layouts);
            long offset = 0;
            long time = Long.MIN_VALUE;
            for (Packet packet : packets) {
                assertEquals(offset, packet.offset(), stream);
                assertTrue(packet.timestampBegin() >= time, stream);
                offset = packet.end();
                time = packet.timestampEnd();
            }
            assertEquals(Files.size(file), offset, stream);
        }
    }

    @Test
    void truncatedStreamIsAnErrorNamingFileAndOffset(@TempDir Path dir) throws Exception {
        Path stream = dir.resolve("perf_stream_0");
        byte[] whole = Files.readAllBytes(Fixtures.PERF.resolve("perf_stream_0"));
        Files.write(stream, Arrays.copyOf(whole, whole.length - 100));
        TraceFormatException error = assertThrows(TraceFormatException.class,
                () -> PacketScanner.scan(stream, PacketLayouts.read(Fixtures.PERF.resolve("metadata"))));
        assertTrue(error.getMessage().startsWith(stream + " at offset "), error.getMessage());
        assertTrue(error.getMessage().endsWith("the trace is truncated"), error.getMessage());
    }

    @Test
    void corruptMagicIsAnError(@TempDir Path dir) throws Exception {
        Path stream = dir.resolve("perf_stream_0");
        byte[] bytes = Files.readAllBytes(Fixtures.PERF.resolve("perf_stream_0"));
        bytes[0] ^= 0x55;
        Files.write(stream, bytes);
        TraceFormatException error = assertThrows(TraceFormatException.class,
                () -> PacketScanner.scan(stream, PacketLayouts.read(Fixtures.PERF.resolve("metadata"))));
        assertTrue(error.getMessage().startsWith(stream + " at offset 0: bad packet magic"), error.getMessage());
    }

    @Test
    void indexWithWrongMagicOrTruncatedEntryIsAnError(@TempDir Path dir) throws Exception {
        byte[] index = Files.readAllBytes(Fixtures.UST.resolve("index/channel0_0.idx"));
        Path wrongMagic = dir.resolve("a.idx");
        byte[] copy = index.clone();
        ByteBuffer.wrap(copy).putInt(0, 0x12345678);
        Files.write(wrongMagic, copy);
        assertTrue(assertThrows(TraceFormatException.class, () -> PacketIndex.read(wrongMagic)).getMessage().contains("not a CTF index"));
        Path truncated = dir.resolve("b.idx");
        Files.write(truncated, Arrays.copyOf(index, index.length - 8));
        assertTrue(assertThrows(TraceFormatException.class, () -> PacketIndex.read(truncated)).getMessage().contains("truncated index entry"));
    }
}
