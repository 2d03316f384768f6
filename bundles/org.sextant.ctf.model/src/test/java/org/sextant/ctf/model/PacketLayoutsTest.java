// SPDX-License-Identifier: EPL-2.0
package org.sextant.ctf.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PacketLayoutsTest {

    private static PacketLayout.Field le(long bitOffset, int bits) {
        return new PacketLayout.Field(bitOffset, bits, ByteOrder.LITTLE_ENDIAN);
    }

    /** perf writes plain-text metadata with inline integers: magic, uuid[16], stream_id, then the context. */
    @Test
    void perfLayout() throws Exception {
        Map<Long, PacketLayout> layouts = PacketLayouts.read(Fixtures.PERF.resolve("metadata"));
        PacketLayout layout = layouts.get(0L);
        assertEquals(le(0, 32), layout.field("magic").orElseThrow());
        assertEquals(le(160, 32), layout.field("stream_id").orElseThrow());
        assertEquals(le(192, 64), layout.field("timestamp_begin").orElseThrow());
        assertEquals(le(256, 64), layout.field("timestamp_end").orElseThrow());
        assertEquals(le(320, 64), layout.field("content_size").orElseThrow());
        assertEquals(le(384, 64), layout.field("packet_size").orElseThrow());
        assertEquals(le(512, 32), layout.field("cpu_id").orElseThrow());
    }

    /** LTTng packetizes its metadata and declares types through typealias and named structs. */
    @Test
    void lttngLayout() throws Exception {
        PacketLayout layout = PacketLayouts.read(Fixtures.UST.resolve("metadata")).get(0L);
        assertEquals(le(160, 32), layout.field("stream_id").orElseThrow());
        assertEquals(le(192, 64), layout.field("stream_instance_id").orElseThrow());
        assertEquals(le(256, 64), layout.field("timestamp_begin").orElseThrow());
        assertEquals(le(448, 64), layout.field("packet_size").orElseThrow());
        assertEquals(le(576, 64), layout.field("events_discarded").orElseThrow(), "'unsigned long' is a two-word alias");
        assertEquals(le(640, 32), layout.field("cpu_id").orElseThrow());
    }

    @Test
    void bigEndianAndBitFieldsAreLaidOutBitByBit(@TempDir Path dir) throws Exception {
        Path metadata = dir.resolve("metadata");
        Files.writeString(metadata, """
                /* CTF 1.8 */
                typealias integer { size = 3; align = 1; signed = false; } := uint3_t;
                trace { byte_order = be; packet.header := struct { uint3_t flags; integer { size = 32; } magic; }; };
                stream { id = 7; packet.context := struct { integer { size = 5; align = 1; } small; integer { size = 16; byte_order = le; } packet_size; }; };
                """);
        PacketLayout layout = PacketLayouts.read(metadata).get(7L);
        assertEquals(new PacketLayout.Field(0, 3, ByteOrder.BIG_ENDIAN), layout.field("flags").orElseThrow());
        assertEquals(new PacketLayout.Field(8, 32, ByteOrder.BIG_ENDIAN), layout.field("magic").orElseThrow());
        assertEquals(new PacketLayout.Field(40, 5, ByteOrder.BIG_ENDIAN), layout.field("small").orElseThrow());
        assertEquals(le(48, 16), layout.field("packet_size").orElseThrow());
    }

    @Test
    void unsupportedTypeInAPacketStructIsAnErrorNamingTheFile(@TempDir Path dir) throws Exception {
        Path metadata = dir.resolve("metadata");
        Files.writeString(metadata, "trace { packet.header := struct { string name; }; };");
        TraceFormatException error = assertThrows(TraceFormatException.class, () -> PacketLayouts.read(metadata));
        assertEquals(metadata + ": field name of a packet header or context has no fixed size", error.getMessage());
    }

    @Test
    void truncatedMetadataIsAnError(@TempDir Path dir) throws Exception {
        Path metadata = dir.resolve("metadata");
        Files.writeString(metadata, "trace { byte_order = le; packet.header := struct { integer { size = 32; ");
        TraceFormatException error = assertThrows(TraceFormatException.class, () -> PacketLayouts.read(metadata));
        assertTrue(error.getMessage().contains("metadata ends in the middle of a declaration"), error.getMessage());
    }
}
