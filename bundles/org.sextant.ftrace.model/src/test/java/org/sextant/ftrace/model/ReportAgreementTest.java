// SPDX-License-Identifier: EPL-2.0
package org.sextant.ftrace.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The {@code .dat} reader against trace-cmd's own decoding of the same files ({@code trace-cmd report -t -R},
 * read by the text reader): every event, in order, with its time, CPU, thread, command name and every field with
 * its value and type; and the counts of the catalogue, made from trace-cmd report with grep.
 */
class ReportAgreementTest {

    @ParameterizedTest
    @ValueSource(strings = { Fixtures.SMALL, Fixtures.LOST })
    void theDatFileReadsAsTraceCmdReportsIt(String fixture) throws Exception {
        List<FtraceEvent> dat = Fixtures.read(Fixtures.file(fixture, "trace.dat"));
        List<FtraceEvent> report = Fixtures.read(Fixtures.file(fixture, "trace.txt"));
        assertEquals(report.size(), dat.size());
        for (int i = 0; i < dat.size(); i++) {
            assertEquals(Fixtures.describe(report.get(i)), Fixtures.describe(dat.get(i)), "event " + i);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = { "trace.dat", "trace.txt" })
    void countsPerEventAndCpuAreTraceCmdReports(String file) throws Exception {
        for (String fixture : List.of(Fixtures.SMALL, Fixtures.LOST)) {
            Map<String, Long> perType = new TreeMap<>();
            Map<String, Long> perCpu = new TreeMap<>();
            long events = 0;
            for (FtraceEvent event : Fixtures.read(Fixtures.file(fixture, file))) {
                if (!event.isLost()) {
                    events++;
                    perType.merge(event.name(), 1L, Long::sum);
                    perType.merge(event.name() + ".cpu" + event.cpu(), 1L, Long::sum);
                    perCpu.merge(Integer.toString(event.cpu()), 1L, Long::sum);
                }
            }
            assertEquals(Fixtures.fact(fixture, "events"), events, fixture);
            assertEquals(Fixtures.facts(fixture, "type."), perType, fixture);
            assertEquals(Fixtures.facts(fixture, "events.cpu"), perCpu, fixture);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = { "trace.dat", "trace.txt" })
    void theTraceSpansTheFirstToTheLastEvent(String file) throws Exception {
        for (String fixture : List.of(Fixtures.SMALL, Fixtures.LOST)) {
            try (FtraceTrace trace = FtraceTrace.open(Fixtures.file(fixture, file))) {
                assertFalse(trace.isEmpty());
                assertEquals(2, trace.cpuCount());
                assertEquals(Fixtures.fact(fixture, "first_ns"), trace.startTime(), fixture);
                assertEquals(Fixtures.fact(fixture, "last_ns"), trace.endTime(), fixture);
            }
        }
    }

    /**
     * The markers the capture wrote (one write each): annotations, a UTF-8 name, a text of two lines, a control
     * character, atrace's syntax; a marker's ending newline is not part of its text, as trace-cmd prints it.
     */
    @Test
    void markersKeepTheirTextWhole() throws Exception {
        Path dat = Fixtures.file(Fixtures.SMALL, "trace.dat");
        List<Object> texts = Fixtures.read(dat).stream().filter(event -> event.name().equals("print")).map(event -> event.value("buf")).toList();
        assertEquals(List.of("SX|B|load", "SX|E|load", "SX|B|sort", "SX|E|sort", "SX|I|caf\u00e9", "two\nlines", "bell\u0007",
                "B|4242|atrace slice", "E|4242"), texts);
        FtraceEvent marker = Fixtures.read(dat).stream().filter(event -> event.name().equals("print")).findFirst().orElseThrow();
        assertEquals("tracing_mark_write", marker.value("ip"), "the marker's function, named from the file's kernel symbols");
        assertEquals("python3", marker.comm());
    }

    @Test
    void fieldsAreTypedAsTheirFormatsSay() throws Exception {
        FtraceEvent exit = Fixtures.read(Fixtures.file(Fixtures.SMALL, "trace.dat")).stream().filter(event -> event.name().equals("sched_process_exit"))
                .findFirst().orElseThrow();
        assertEquals(List.of("comm", "pid", "prio", "group_dead"), List.of(exit.fieldName(0), exit.fieldName(1), exit.fieldName(2), exit.fieldName(3)));
        assertEquals(String.class, exit.value("comm").getClass());
        assertEquals(Long.class, exit.value("pid").getClass());
        assertEquals(1L, exit.value("group_dead"));
        FtraceEvent irq = Fixtures.read(Fixtures.file(Fixtures.SMALL, "trace.dat")).stream().filter(event -> event.name().equals("irq_handler_entry"))
                .findFirst().orElseThrow();
        assertEquals("virtio1-req.0", irq.value("name"), "a __data_loc string");
    }
}
