// SPDX-License-Identifier: EPL-2.0
package org.sextant.ctf.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The CTF 2 traces of Trace Compass's suite (tests/fixtures/ctf2, CATALOGUE.md "CTF 2"), each translated from a
 * CTF 1.8 trace of babeltrace's suite: the codec reads from the CTF 2 trace what babeltrace2 2.0 reads from its
 * twin (tests/fixtures/golden/ctf2-NAME.txt, written by tools/ctf2-twins.py), event by event, time and payload.
 */
class Ctf2TracesTest {

    static Path ctf2(String name) {
        return Fixtures.PERF.resolveSibling("ctf2").resolve(name);
    }

    @ParameterizedTest
    @ValueSource(strings = { "succeed1", "smalltrace", "meta-variant-no-underscore", "ev-disc-no-ts-begin-end", "debug-info",
            "barectf-event-before-packet", "lttng-crash", "lttng-event-after-packet", "trace-with-index" })
    void readsWhatBabeltraceReadsFromTheTwin(String name) throws Exception {
        CtfTrace trace = CtfTrace.open(ctf2(name));
        assertTrue(trace.metadata().ctf2());
        List<String> golden = Files.readAllLines(Fixtures.PERF.resolveSibling("golden").resolve("ctf2-" + name + ".txt"), StandardCharsets.UTF_8);
        List<String> read = lines(trace);
        assertEquals(golden.size(), read.size(), "events");
        for (int i = 0; i < golden.size(); i++) {
            String expected = golden.get(i);
            // babeltrace2 gives no time where the stream class has no clock class: compare the rest
            String actual = expected.startsWith("- ") ? "- " + read.get(i).substring(read.get(i).indexOf(' ') + 1) : read.get(i);
            assertEquals(expected, actual, "event " + i);
        }
        assertEquals(Fixtures.fact("ctf2/" + name, "events"), read.size());
    }

    /**
     * Trace Compass's expected count (its {@code CtfTestTrace.CTF2_VL_INTS}: 1 event), and the values yactfr's test
     * of the same data expects ({@code tests/tests-iter-data/ctf-2/pass-vl-ints.streams}).
     */
    @Test
    void readsVariableLengthIntegersAsYactfrDoes() throws Exception {
        List<String> read = lines(CtfTrace.open(ctf2("vl-ints")));
        assertEquals(List.of("0 test vi10a=9223372036853775807 vi10b=9223372036854775807 vi10c=-9223372036854775808 vi1a=0 vi1b=-1 vi1c=23 "
                + "vi2=-156 vi3=8556 vi4=-100101001 vi5=8288491823 vi6=-171717171717 vi7=123456787654321 vi8=-1121231234123450 "
                + "vi9=99999999999999999 vu10=18446744073709551615 vu1a=0 vu1b=77 vu2=177 vu3=43123 vu4=21829382 vu5=5121829382 "
                + "vu6=95121829382 vu7=13895121829382 vu8=913895121855555 vu9=333333333333333333"), read);
        assertEquals(Fixtures.fact("ctf2/vl-ints", "events"), read.size());
    }

    /** The warnings of the CTF 1.8 twins (WildTracesTest), from the same tracers' bugs written in CTF 2. */
    @Test
    void warnsOfTheTracerBugsAsForTheTwins() throws Exception {
        CtfTrace trace = CtfTrace.open(ctf2("lttng-event-after-packet"));
        assertEquals(2, trace.verify());
        assertEquals(List.of(84L, 4180L), trace.warnings().stream().map(TraceWarning::offset).toList());
        assertTrue(trace.warnings().stream().allMatch(w -> w.kind() == TraceWarning.Kind.EVENT_AFTER_PACKET));
        CtfTrace crash = CtfTrace.open(ctf2("lttng-crash"));
        assertEquals(List.of(4096L, 8192L, 12288L), crash.warnings().stream().map(TraceWarning::offset).toList());
    }

    @Test
    void checksTheIndexAgainstThePackets() throws Exception {
        assertEquals(4, CtfTrace.open(ctf2("trace-with-index")).indexedStreams());
    }

    /**
     * The trace's events in time order (ties by stream file, as the merge breaks them), one line each as
     * tools/ctf2-twins.py writes babeltrace2's: {@code CYCLES NAME FIELD=VALUE...}, the payload's leaves by name.
     */
    static List<String> lines(CtfTrace trace) throws Exception {
        record Line(long time, int stream, long index, String text) {
        }
        List<Line> lines = new ArrayList<>();
        int streamIndex = 0;
        for (Map.Entry<Path, List<Packet>> stream : trace.packets().entrySet()) {
            int s = streamIndex++;
            long[] index = { 0 };
            List<Packet> packets = stream.getValue();
            new EventReader(stream.getKey(), trace.metadata()).read(packets, 0, packets.size(), (timestamp, cpu, event, fields) -> {
                Map<String, String> leaves = new TreeMap<>();
                leaves(event.fields(), null, fields, leaves);
                StringBuilder text = new StringBuilder(Long.toUnsignedString(timestamp)).append(' ').append(event.name());
                leaves.forEach((key, value) -> text.append(' ').append(key).append('=').append(value));
                lines.add(new Line(timestamp, s, index[0]++, text.toString()));
            });
        }
        lines.sort(Comparator.comparingLong(Line::time).thenComparingInt(Line::stream).thenComparingLong(Line::index));
        return lines.stream().map(Line::text).toList();
    }

    /** The payload's leaves the reader decoded, walking its type as tools/ctf2-twins.py walks babeltrace2's fields. */
    private static void leaves(CtfType type, String name, EventReader.Fields fields, Map<String, String> out) {
        if (type instanceof CtfType.Struct struct) {
            struct.fields().forEach((member, memberType) -> leaves(memberType, member, fields, out));
        } else if (type instanceof CtfType.Int integer) {
            integer(name, !integer.signed(), fields, out);
        } else if (type instanceof CtfType.Enum enumeration) {
            integer(name, !enumeration.container().signed(), fields, out);
        } else if (type instanceof CtfType.VarInt varint) {
            integer(name, !varint.signed(), fields, out);
        } else if (type instanceof CtfType.Str || type instanceof CtfType.FixedStr || type instanceof CtfType.DynStr) {
            String value = fields.string(name);
            if (value != null) {
                out.put(name, '"' + value + '"');
            }
        } else if (type instanceof CtfType.Array || type instanceof CtfType.Sequence) {
            CtfType element = type instanceof CtfType.Array array ? array.element() : ((CtfType.Sequence) type).element();
            for (int i = 0; element instanceof CtfType.Int integer && fields.hasInteger(name + '[' + i + ']'); i++) {
                integer(name + '[' + i + ']', !integer.signed(), fields, out);
            }
        } else if (type instanceof CtfType.Variant variant) {
            variant.options().values().forEach(option -> leaves(option, name, fields, out));
        } else if (type instanceof CtfType.ValueVariant variant) {
            variant.options().values().forEach(option -> leaves(option, name, fields, out));
        } else if (type instanceof CtfType.Optional optional) {
            leaves(optional.content(), name, fields, out);
        }
    }

    private static void integer(String name, boolean unsigned, EventReader.Fields fields, Map<String, String> out) {
        if (fields.hasInteger(name)) {
            long value = fields.integer(name, 0);
            out.put(name, unsigned ? Long.toUnsignedString(value) : Long.toString(value));
        }
    }
}
