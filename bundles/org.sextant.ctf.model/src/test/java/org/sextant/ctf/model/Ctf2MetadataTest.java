// SPDX-License-Identifier: EPL-2.0
package org.sextant.ctf.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * CTF 2 in the published specification's syntax (field locations as {@code {origin, path}}, clock classes by
 * {@code id}), on a hand-made trace whose bytes are written here: the field classes CTF 1.8 lacks, roles on
 * members of other names, and the metadata this reader refuses, each with its file and offset.
 */
class Ctf2MetadataTest {

    private static final String RS = "\u001e";

    private static final String PREAMBLE = "{\"type\":\"preamble\",\"version\":2}";
    /** Where the fragment after the preamble begins: its record separator. */
    private static final int SECOND = 1 + PREAMBLE.length();
    private static final String TRACE_CLASS = """
            {"type":"trace-class","environment":{"tracer_name":"hand","tracer_major":1},
             "packet-header-field-class":{"type":"structure","member-classes":[
              {"name":"m","field-class":{"type":"fixed-length-unsigned-integer","length":32,"byte-order":"little-endian",
                "alignment":8,"roles":["packet-magic-number"]}}]}}""";
    private static final String CLOCK = """
            {"type":"clock-class","id":"c","frequency":1000,"offset-from-origin":{"seconds":10,"cycles":500}}""";
    /** A packet context whose sizes are 16-bit and whose members bear roles under other names. */
    private static final String STREAM = """
            {"type":"data-stream-class","default-clock-class-id":"c",
             "packet-context-field-class":{"type":"structure","member-classes":[
              {"name":"total","field-class":{"type":"fixed-length-unsigned-integer","length":16,"byte-order":"little-endian",
                "roles":["packet-total-length"]}},
              {"name":"content","field-class":{"type":"fixed-length-unsigned-integer","length":16,"byte-order":"little-endian",
                "roles":["packet-content-length"]}},
              {"name":"begin","field-class":"u64c"},
              {"name":"end","field-class":{"type":"fixed-length-unsigned-integer","length":64,"byte-order":"little-endian",
                "roles":["packet-end-default-clock-timestamp"]}}]},
             "event-record-header-field-class":{"type":"structure","member-classes":[
              {"name":"which","field-class":{"type":"fixed-length-unsigned-integer","length":8,"byte-order":"little-endian",
                "roles":["event-record-class-id"]}},
              {"name":"when","field-class":{"type":"variable-length-unsigned-integer","roles":["default-clock-timestamp"]}}]}}""";
    private static final String ALIAS = """
            {"type":"field-class-alias","name":"u64c","field-class":{"type":"fixed-length-unsigned-integer","length":64,
              "byte-order":"little-endian","roles":["default-clock-timestamp"]}}""";
    /** Every field class CTF 1.8 lacks, each after what selects or sizes it. */
    private static final String EVENT = """
            {"type":"event-record-class","id":3,"name":"all","payload-field-class":{"type":"structure","member-classes":[
              {"name":"flag","field-class":{"type":"fixed-length-boolean","length":8,"byte-order":"little-endian"}},
              {"name":"bits","field-class":{"type":"fixed-length-bit-array","length":4,"byte-order":"little-endian"}},
              {"name":"small","field-class":{"type":"fixed-length-signed-integer","length":4,"byte-order":"little-endian"}},
              {"name":"len","field-class":{"type":"variable-length-unsigned-integer"}},
              {"name":"text","field-class":{"type":"dynamic-length-string",
                "length-field-location":{"origin":"event-record-payload","path":["len"]}}},
              {"name":"fixed","field-class":{"type":"static-length-string","length":4}},
              {"name":"maybe","field-class":{"type":"optional","field-class":{"type":"null-terminated-string"},
                "selector-field-location":{"origin":"event-record-payload","path":["flag"]}}},
              {"name":"sel","field-class":{"type":"variable-length-signed-integer"}},
              {"name":"either","field-class":{"type":"variant","selector-field-location":{"origin":"event-record-payload","path":["sel"]},
                "options":[{"name":"neg","selector-field-ranges":[[-10,-1]],"field-class":{"type":"null-terminated-string"}},
                           {"name":"pos","selector-field-ranges":[[0,10]],"field-class":{"type":"fixed-length-unsigned-integer",
                             "length":16,"byte-order":"big-endian","alignment":16}}]}},
              {"name":"absent","field-class":{"type":"optional","field-class":{"type":"null-terminated-string"},
                "selector-field-location":{"origin":"event-record-payload","path":["sel"]},"selector-field-ranges":[[100,200]]}},
              {"name":"n","field-class":{"type":"fixed-length-unsigned-integer","length":8,"byte-order":"little-endian"}},
              {"name":"values","field-class":{"type":"dynamic-length-array","element-field-class":{"type":"fixed-length-signed-integer",
                "length":8,"byte-order":"little-endian"},"length-field-location":{"origin":"event-record-payload","path":["n"]}}},
              {"name":"blob","field-class":{"type":"dynamic-length-blob","length-field-location":{"origin":"event-record-payload","path":["n"]}}},
              {"name":"real","field-class":{"type":"fixed-length-floating-point-number","length":32,"byte-order":"little-endian"}}]}}""";

    @Test
    void readsTheFieldClassesCtf18Lacks(@TempDir Path dir) throws Exception {
        byte[] first = event(true, -3, "neg!", 24);
        List<byte[]> events = List.of(first, event(false, 7, null, 24 + first.length));
        write(dir, List.of(PREAMBLE, ALIAS, TRACE_CLASS, CLOCK, STREAM, EVENT), events);
        CtfTrace trace = CtfTrace.open(dir);
        assertTrue(trace.metadata().ctf2());
        assertEquals("1", trace.metadata().env().get("tracer_major"));
        List<String> read = new ArrayList<>();
        try (TraceCursor cursor = new TraceCursor(trace, Long.MIN_VALUE)) {
            while (cursor.next()) {
                StringBuilder line = new StringBuilder(cursor.nanos() + " " + cursor.event().name());
                Leaves.walk(cursor.event().fields(), cursor.fields(), new Leaves.Visitor() {
                    @Override
                    public void integer(String name, long value, boolean unsigned) {
                        line.append(' ').append(name).append('=').append(value);
                    }

                    @Override
                    public void string(String name, String value) {
                        line.append(' ').append(name).append("=\"").append(value).append('"');
                    }

                    @Override
                    public void integers(String name, long[] values, boolean unsigned) {
                        line.append(' ').append(name).append('=').append(java.util.Arrays.toString(values));
                    }
                });
                read.add(line.toString());
            }
        }
        // times: 10 s and 500 cycles of a 1 kHz clock, then 1000 and 1300 cycles
        assertEquals(List.of(
                "11500000000 all flag=1 bits=5 small=-6 len=5 text=\"hello\" fixed=\"ab\" maybe=\"yes\" sel=-3 either=\"neg!\" n=2 values=[-1, 2] blob=[255, 2]",
                "11800000000 all flag=0 bits=5 small=-6 len=5 text=\"hello\" fixed=\"ab\" sel=7 either=258 n=2 values=[-1, 2] blob=[255, 2]"), read);
    }

    /**
     * One event of class 3: its header's varint time, then the payload; {@code either} null for the integer option,
     * aligned from the packet's start, where the event is at {@code at}.
     */
    private static byte[] event(boolean flag, int selector, String either, int at) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(3);
        int cycles = either != null ? 1000 : 1300;
        out.write(0x80 | cycles & 0x7F); // LEB128 on two bytes
        out.write(cycles >> 7);
        out.write(flag ? 1 : 0);
        out.write(0xA5); // bits (low nibble 5) then small (high nibble 0xA: -6)
        out.write(5);
        out.writeBytes("hello".getBytes(StandardCharsets.UTF_8));
        out.writeBytes(new byte[] { 'a', 'b', 0, 'z' });
        if (flag) {
            out.writeBytes("yes\0".getBytes(StandardCharsets.UTF_8));
        }
        out.write(selector & 0x7F); // a one-byte signed LEB128: -3 is 0x7D, 7 is 0x07
        if (either != null) {
            out.writeBytes((either + "\0").getBytes(StandardCharsets.UTF_8));
        } else {
            if ((at + out.size()) % 2 != 0) {
                out.write(0); // the option's 16-bit alignment, from the packet's start
            }
            out.write(1);
            out.write(2);
        }
        out.write(2);
        out.write(0xFF);
        out.write(2);
        out.write(0xFF);
        out.write(2);
        out.writeBytes(new byte[4]);
        return out.toByteArray();
    }

    /** The metadata's fragments, and one packet: magic, 16-bit sizes, begin and end, then the events. */
    private static void write(Path dir, List<String> fragments, List<byte[]> events) throws Exception {
        Files.writeString(dir.resolve("metadata"), RS + String.join(RS, fragments), StandardCharsets.UTF_8);
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        events.forEach(body::writeBytes);
        int header = 4 + 2 + 2 + 8 + 8;
        int bytes = header + body.size();
        java.nio.ByteBuffer packet = java.nio.ByteBuffer.allocate(bytes).order(java.nio.ByteOrder.LITTLE_ENDIAN);
        packet.putInt(PacketScanner.PACKET_MAGIC).putShort((short) (bytes * 8)).putShort((short) (bytes * 8)).putLong(900).putLong(1400);
        packet.put(body.toByteArray());
        Files.write(dir.resolve("stream"), packet.array());
    }

    @Test
    void refusesWhatItDoesNotKnowNamingFileAndOffset(@TempDir Path dir) throws Exception {
        assertRefused(dir, RS + "{\"type\":\"preamble\",\"version\":2,\"extensions\":{\"ns\":{\"x\":{}}}}",
                "at offset 0: extensions {ns={x={}}}, which this reader does not implement (CTF 2 metadata fragment)");
        assertRefused(dir, RS + PREAMBLE + RS + "{\"type\":\"data-stream-class\",\"packet-context-field-class\":{\"type\":\"structure\","
                + "\"member-classes\":[{\"name\":\"x\",\"field-class\":{\"type\":\"fixed-length-complex\"}}]}}",
                "at offset " + SECOND + ": a field class of unknown type fixed-length-complex (CTF 2 metadata fragment)");
        String comma = "{\"type\":\"trace-class\",}";
        assertRefused(dir, RS + PREAMBLE + RS + comma, "at offset " + (SECOND + comma.length()) + ": expected a member name in quotes in the metadata");
        assertRefused(dir, RS + "{\"type\":\"preamble\",\"version\":3}", "at offset 0: CTF major version 3 in the preamble");
        assertRefused(dir, RS + PREAMBLE + RS + "{\"type\":\"data-stream-class\",\"event-record-header-field-class\":{\"type\":\"structure\","
                + "\"member-classes\":[{\"name\":\"x\",\"field-class\":{\"type\":\"fixed-length-unsigned-integer\",\"length\":8,"
                + "\"byte-order\":\"little-endian\",\"roles\":[\"packet-total-length\"]}}]}}",
                "role packet-total-length of member x in the event-record-header, where it has no place");
        assertRefused(dir, RS + PREAMBLE + RS + "{\"type\":\"event-record-class\",\"data-stream-class-id\":4}",
                "event record class 0 of data stream class 4, which no fragment before it defines");
        assertRefused(dir, RS + PREAMBLE + RS + "[" .repeat(1000), "JSON nested deeper than 256");
    }

    /** A header member named as a role's field but without the role is data, never the event's time. */
    @Test
    void aMemberWithoutItsRoleIsNotReadAsIt(@TempDir Path dir) throws Exception {
        String stream = STREAM.replace("\"roles\":[\"default-clock-timestamp\"]", "\"roles\":[]").replace("\"when\"", "\"timestamp\"");
        write(dir, List.of(PREAMBLE, ALIAS, TRACE_CLASS, CLOCK, stream, EVENT), List.of(event(true, -3, "neg!", 24)));
        CtfTrace trace = CtfTrace.open(dir);
        try (TraceCursor cursor = new TraceCursor(trace, Long.MIN_VALUE)) {
            assertTrue(cursor.next());
            assertEquals(900, cursor.cycles(), "the packet's begin: the event has no time of its own");
            assertEquals(1000, cursor.fields().integer("_timestamp", -1));
        }
    }

    private static void assertRefused(Path dir, String metadata, String message) throws Exception {
        Files.writeString(dir.resolve("metadata"), metadata, StandardCharsets.UTF_8);
        TraceFormatException e = assertThrows(TraceFormatException.class, () -> CtfMetadata.read(dir.resolve("metadata")));
        assertTrue(e.getMessage().startsWith(dir.resolve("metadata").toString()) && e.getMessage().contains(message), e.getMessage());
    }
}
