// SPDX-License-Identifier: EPL-2.0
package org.sextant.ftrace.model;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.junit.jupiter.api.Test;

/**
 * The kernel's own text ({@code instances/NAME/trace}), the recorder's fallback: read from the same capture as the
 * {@code .dat}, it gives the same events with their times rounded to the microsecond, as the kernel prints them,
 * and the same values once its symbols ({@code prev_state=R+}) are numbers again.
 */
class TracefsTextTest {

    @Test
    void theKernelsTextReadsAsTheDatFile() throws Exception {
        Path text = Fixtures.file(Fixtures.SMALL, "trace-tracefs.txt");
        try (FtraceTrace trace = FtraceTrace.open(text)) {
            assertEquals(FtraceTrace.Kind.TRACEFS_TEXT, trace.kind());
            assertEquals(2, trace.cpuCount());
        }
        List<FtraceEvent> tracefs = Fixtures.read(text);
        List<FtraceEvent> dat = Fixtures.read(Fixtures.file(Fixtures.SMALL, "trace.dat"));
        assertEquals(dat.size(), tracefs.size());
        for (int i = 0; i < dat.size(); i++) {
            FtraceEvent expected = dat.get(i);
            FtraceEvent actual = tracefs.get(i);
            assertEquals((expected.timestamp() + 500) / 1000 * 1000, actual.timestamp(), "event " + i);
            assertEquals(Fixtures.describe(expected).replaceFirst("^\\d+ ", ""), Fixtures.describe(actual).replaceFirst("^\\d+ ", ""), "event " + i);
        }
    }

    /** The fixture of an earlier capture (sched_switch and markers, kernel text of microseconds). */
    @Test
    void theMarkersFixtureReadsWhole() throws Exception {
        List<FtraceEvent> events = Fixtures.read(Fixtures.DIRECTORY.resolve("ftrace-markers/trace.txt"));
        Map<String, Long> perCpu = new TreeMap<>();
        Map<String, Long> perState = new TreeMap<>();
        for (FtraceEvent event : events) {
            perCpu.merge(Integer.toString(event.cpu()), 1L, Long::sum);
            if (event.name().equals("sched_switch")) {
                perState.merge(event.value("prev_state").toString(), 1L, Long::sum);
            }
        }
        assertEquals(Fixtures.fact("ftrace-markers", "events"), events.size());
        assertEquals(Fixtures.facts("ftrace-markers", "events.cpu"), perCpu);
        assertEquals(Fixtures.fact("ftrace-markers", "type.sched_switch"), events.stream().filter(e -> e.name().equals("sched_switch")).count());
        List<FtraceEvent> markers = events.stream().filter(e -> e.name().equals("print")).toList();
        assertEquals(Fixtures.fact("ftrace-markers", "type.tracing_mark_write"), markers.size());
        assertEquals("begin worker=1 phase=compute step=1", markers.get(0).value("buf"));
        assertEquals(2911_936_767_000L, markers.get(0).timestamp());
        // grep -oE 'prev_state=[^ ]+' | sort | uniq -c: R 2301, S 2428, R+ 6, I 13, Z 15
        assertEquals(Map.of("0", 2301L, "1", 2428L, "256", 6L, "128", 13L, "32", 15L), perState);
        FtraceEvent first = events.get(0);
        assertEquals("C2 CompilerThre", first.value("next_comm"), "a command name with a space");
        assertEquals(17677L, first.value("next_pid"));
    }
}
