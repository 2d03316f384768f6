// SPDX-License-Identifier: EPL-2.0
package org.sextant.ctf.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The CTF 2 traces of Trace Compass's suite (tests/fixtures/ctf2, CATALOGUE.md "CTF 2"), each translated from a
 * CTF 1.8 trace of babeltrace's suite: the codec reads from the CTF 2 trace what babeltrace2 2.0 reads from its
 * twin (tests/fixtures/golden/ctf2-NAME.txt, written by tools/ctf2-twins.py), event by event, time and payload.
 */
class Ctf2TracesTest {

    /** How far apart the two sessions' records of one event may be, in cycles (ns): 17 us at most in the fixture. */
    private static final long SAME_EVENT_CYCLES = 100_000;

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

    /**
     * A real recording of LTTng 2.14 in CTF 2 (tests/fixtures/lttng-2.14-ust-fields, CATALOGUE.md): every kind of
     * field lttng-ust writes, read as babeltrace2 2.0 reads the CTF 1.8 copy that LTTng recorded of the same events
     * in the same run: the same events in the same order, field for field, each at the time of its copy give or take
     * what the tracer took to write the other session's record first (each session's record reads the clock); and
     * as many events as the program emitted (tools/capture/ust-fields/ust-fields.c: its {@code end} counts them).
     */
    @Test
    void readsLttng214AsBabeltraceReadsTheCtf18CopyOfTheSameRun() throws Exception {
        CtfTrace trace = CtfTrace.open(recorded("lttng-2.14-ust-fields/ctf-2"));
        assertTrue(trace.metadata().ctf2());
        assertEquals("lttng-ust", trace.metadata().env().get("tracer_name"));
        assertEquals("14", trace.metadata().env().get("tracer_minor"));
        List<String> golden = Files.readAllLines(Fixtures.PERF.resolveSibling("golden").resolve("ctf2-lttng-2.14-ust-fields.txt"), StandardCharsets.UTF_8);
        List<String> read = lines(trace);
        assertEquals(golden.size(), read.size(), "events");
        Map<String, Long> perName = new TreeMap<>();
        for (int i = 0; i < golden.size(); i++) {
            String[] expected = golden.get(i).split(" ", 2);
            String[] actual = read.get(i).split(" ", 2);
            assertEquals(expected[1], actual[1], "event " + i);
            assertTrue(Math.abs(Long.parseLong(actual[0]) - Long.parseLong(expected[0])) < SAME_EVENT_CYCLES, "event " + i + " at " + actual[0] + ", its copy at " + expected[0]);
            perName.merge(actual[1].split(" ")[0], 1L, Long::sum);
        }
        long steps = Fixtures.fact("lttng-2.14-ust-fields", "threads") * Fixtures.fact("lttng-2.14-ust-fields", "steps");
        assertEquals(Map.of("sextant_fields:begin", 1L, "sextant_fields:numbers", steps, "sextant_fields:texts", steps, "sextant_fields:end", 1L), perName);
        assertTrue(read.get(read.size() - 1).endsWith(" events=" + read.size()), "the program's own count");
    }

    /** The one trace (the directory holding a metadata file) under a recording of the fixtures. */
    static Path recorded(String recording) throws Exception {
        try (Stream<Path> files = Files.walk(Fixtures.PERF.resolveSibling(recording))) {
            List<Path> traces = files.filter(file -> file.endsWith("metadata")).map(Path::getParent).toList();
            assertEquals(1, traces.size(), recording + ": " + traces);
            return traces.get(0);
        }
    }

    @Test
    void checksTheIndexAgainstThePackets() throws Exception {
        assertEquals(4, CtfTrace.open(ctf2("trace-with-index")).indexedStreams());
    }

    /**
     * The trace's events in time order, read by a {@link TraceCursor} (ties by stream file, as babeltrace2's muxer
     * breaks those of these traces), one line each as tools/ctf2-twins.py writes babeltrace2's:
     * {@code CYCLES NAME FIELD=VALUE...}, the payload's {@link Leaves} by name.
     */
    static List<String> lines(CtfTrace trace) throws Exception {
        List<String> lines = new ArrayList<>();
        try (TraceCursor cursor = new TraceCursor(trace, Long.MIN_VALUE)) {
            while (cursor.next()) {
                Map<String, String> leaves = new TreeMap<>();
                Leaves.walk(cursor.event().fields(), cursor.fields(), new Leaves.Visitor() {
                    @Override
                    public void integer(String name, long value, boolean unsigned) {
                        leaves.put(name, unsigned ? Long.toUnsignedString(value) : Long.toString(value));
                    }

                    @Override
                    public void string(String name, String value) {
                        leaves.put(name, '"' + value + '"');
                    }

                    @Override
                    public void integers(String name, long[] values, boolean unsigned) {
                        for (int i = 0; i < values.length; i++) {
                            integer(name + '[' + i + ']', values[i], unsigned);
                        }
                    }
                });
                StringBuilder text = new StringBuilder(Long.toUnsignedString(cursor.cycles())).append(' ').append(cursor.event().name());
                leaves.forEach((key, value) -> text.append(' ').append(key).append('=').append(value));
                lines.add(text.toString());
            }
        }
        return lines;
    }
}
