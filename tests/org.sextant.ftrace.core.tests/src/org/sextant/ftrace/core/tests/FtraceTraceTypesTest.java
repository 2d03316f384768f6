// SPDX-License-Identifier: EPL-2.0
package org.sextant.ftrace.core.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.eclipse.tracecompass.tmf.core.event.ITmfEvent;
import org.eclipse.tracecompass.tmf.core.event.ITmfLostEvent;
import org.eclipse.tracecompass.tmf.core.exceptions.TmfTraceException;
import org.eclipse.tracecompass.tmf.core.project.model.TmfTraceType;
import org.eclipse.tracecompass.tmf.core.project.model.TraceTypeHelper;
import org.eclipse.tracecompass.tmf.core.timestamp.TmfTimestamp;
import org.eclipse.tracecompass.tmf.core.trace.ITmfContext;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.sextant.ftrace.core.FtraceDatTrace;
import org.sextant.ftrace.core.FtraceLostEvent;
import org.sextant.ftrace.core.FtraceTextTrace;
import org.sextant.ftrace.core.FtraceTmfEvent;
import org.sextant.test.support.Fixture;
import org.sextant.test.support.Traces;

/**
 * The ftrace trace types in Trace Compass, on the real captures: which files they claim, the events Trace Compass
 * reads through them (counts per type and CPU as trace-cmd report counted them, the same sequence from the
 * {@code .dat} and its text), lost events, and seeks through Trace Compass's index.
 */
class FtraceTraceTypesTest {

    @ParameterizedTest
    @CsvSource({ "FTRACE_SCHED_SMALL, trace.dat, org.sextant.ftrace.core.dat", "FTRACE_SCHED_SMALL, trace.txt, org.sextant.ftrace.core.text",
            "FTRACE_SCHED_SMALL, trace-tracefs.txt, org.sextant.ftrace.core.text", "FTRACE_LOST, trace.dat, org.sextant.ftrace.core.dat" })
    void importChoosesTheFtraceTypes(Fixture fixture, String file, String type) throws Exception {
        assertEquals(type, traceType(fixture.path().resolve(file)));
    }

    @Test
    void otherTracesAreNotClaimed() throws Exception {
        assertEquals(FtraceTextTrace.TRACE_TYPE, traceType(Fixture.directory().resolve("ftrace-markers/trace.txt")), "but the older ftrace text");
        assertFalse(traceType(Fixture.PERF_SCHED_SYSCALLS.path()).startsWith("org.sextant.ftrace"));
        assertFalse(traceType(Fixture.directory().resolve("intel-pt/perf-script-branches.txt")).startsWith("org.sextant.ftrace"));
    }

    @Test
    void aCompressedFileIsRefusedWithTheWayToUncompressIt() {
        TmfTraceException error = assertThrows(TmfTraceException.class,
                () -> new FtraceDatTrace().initTrace(null, Fixture.FTRACE_LOST.path().resolve("compressed-head.dat").toString(), ITmfEvent.class));
        assertTrue(error.getMessage().contains("trace-cmd convert --compression none"), error.getMessage());
    }

    @ParameterizedTest
    @CsvSource({ "FTRACE_SCHED_SMALL, trace.dat", "FTRACE_SCHED_SMALL, trace.txt", "FTRACE_LOST, trace.dat", "FTRACE_LOST, trace.txt" })
    void eventsPerTypeAndCpuAreTraceCmdReports(Fixture fixture, String file) throws Exception {
        ITmfTrace trace = open(fixture, file);
        try {
            Map<String, Long> perType = new TreeMap<>();
            long events = 0;
            for (ITmfEvent event : Events.all(trace)) {
                if (event instanceof FtraceTmfEvent ftrace) {
                    events++;
                    perType.merge(event.getName(), 1L, Long::sum);
                    perType.merge(event.getName() + ".cpu" + ftrace.getCpu(), 1L, Long::sum);
                }
            }
            assertEquals(fixture.fact("events"), events);
            assertEquals(fixture.facts("type."), perType);
            assertEquals(fixture.fact("first_ns"), trace.getStartTime().toNanos());
            assertEquals(fixture.fact("last_ns"), trace.getEndTime().toNanos());
        } finally {
            Traces.close(trace);
        }
    }

    /** The same capture as trace-cmd's binary file and as its text: the same events, aspects and contents. */
    @ParameterizedTest
    @CsvSource({ "FTRACE_SCHED_SMALL", "FTRACE_LOST" })
    void theDatFileAndItsTextGiveTheSameEvents(Fixture fixture) throws Exception {
        ITmfTrace dat = open(fixture, "trace.dat");
        ITmfTrace text = open(fixture, "trace.txt");
        try {
            List<String> fromDat = Events.all(dat).stream().map(Events::describe).toList();
            List<String> fromText = Events.all(text).stream().map(Events::describe).toList();
            assertEquals(fromText, fromDat);
        } finally {
            Traces.close(dat);
            Traces.close(text);
        }
    }

    @Test
    void fieldsAreLongsAndStringsWithTheRunningThread() throws Exception {
        ITmfTrace trace = open(Fixture.FTRACE_SCHED_SMALL, "trace.dat");
        try {
            ITmfEvent sw = Events.all(trace).stream().filter(event -> event.getName().equals("sched_switch")).findFirst().orElseThrow();
            assertEquals(List.of("prev_comm", "prev_pid", "prev_prio", "prev_state", "next_comm", "next_pid", "next_prio", "common_pid"),
                    List.copyOf(sw.getContent().getFieldNames()));
            assertEquals(String.class, sw.getContent().getField("next_comm").getValue().getClass());
            assertEquals(Long.class, sw.getContent().getField("prev_state").getValue().getClass());
            assertEquals((long) ((FtraceTmfEvent) sw).getTid(), sw.getContent().getField(FtraceTmfEvent.COMMON_PID).getValue());
            assertEquals(sw.getContent().getField("prev_pid").getValue(), sw.getContent().getField(FtraceTmfEvent.COMMON_PID).getValue());
        } finally {
            Traces.close(trace);
        }
    }

    @ParameterizedTest
    @CsvSource({ "trace.dat", "trace.txt" })
    void lostEventsAreTraceCompassLostEvents(String file) throws Exception {
        ITmfTrace trace = open(Fixture.FTRACE_LOST, file);
        try {
            List<ITmfEvent> lost = Events.all(trace).stream().filter(ITmfLostEvent.class::isInstance).toList();
            assertEquals(2, lost.size());
            assertEquals(Fixture.FTRACE_LOST.fact("dropped.cpu1"), ((ITmfLostEvent) lost.get(0)).getNbLostEvents());
            assertEquals(1, ((FtraceLostEvent) lost.get(0)).getCpu());
            assertEquals(-1L, lost.get(1).getContent().getField(FtraceLostEvent.COUNT).getValue(), "CPU 0 did not store its count");
        } finally {
            Traces.close(trace);
        }
    }

    /** Seeks through Trace Compass's checkpoint index, by rank and by time, land where a read from the start does. */
    @ParameterizedTest
    @CsvSource({ "trace.dat", "trace.txt", "trace-tracefs.txt" })
    void seeksLandWhereAReadFromTheStartDoes(String file) throws Exception {
        ITmfTrace trace = open(Fixture.FTRACE_SCHED_SMALL, file);
        try {
            trace.indexTrace(true);
            List<ITmfEvent> events = Events.all(trace);
            assertEquals(events.size(), trace.getNbEvents());
            for (int rank : new int[] { 0, 1, 999, 1000, 1001, events.size() - 1 }) {
                ITmfContext context = trace.seekEvent(rank);
                assertEquals(Events.describe(events.get(rank)), Events.describe(trace.getNext(context)), "rank " + rank);
                context.dispose();
                ITmfEvent first = events.stream().filter(event -> event.getTimestamp().compareTo(events.get(rank).getTimestamp()) >= 0).findFirst()
                        .orElseThrow();
                context = trace.seekEvent(TmfTimestamp.fromNanos(events.get(rank).getTimestamp().toNanos()));
                assertEquals(Events.describe(first), Events.describe(trace.getNext(context)), "time of rank " + rank);
                context.dispose();
            }
        } finally {
            Traces.close(trace);
        }
    }

    static ITmfTrace open(Fixture fixture, String file) throws TmfTraceException {
        return Traces.open(file.endsWith(".dat") ? new FtraceDatTrace() : new FtraceTextTrace(), fixture.path().resolve(file));
    }

    private static String traceType(Path path) throws Exception {
        List<TraceTypeHelper> candidates = TmfTraceType.selectTraceType(path.toString(), null);
        return candidates.stream().filter(helper -> !helper.isExperimentType()).findFirst().map(TraceTypeHelper::getTraceTypeId).orElse("none");
    }
}
