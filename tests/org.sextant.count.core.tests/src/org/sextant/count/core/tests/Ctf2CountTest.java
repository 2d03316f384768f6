// SPDX-License-Identifier: EPL-2.0
package org.sextant.count.core.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

import org.eclipse.core.runtime.IStatus;
import org.eclipse.tracecompass.statesystem.core.ITmfStateSystem;
import org.eclipse.tracecompass.tmf.core.event.ITmfEvent;
import org.eclipse.tracecompass.tmf.core.trace.ITmfContext;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceUtils;
import org.eclipse.tracecompass.tmf.ctf.core.trace.CtfTmfTrace;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.sextant.count.core.EventCountAnalysisModule;
import org.sextant.count.model.CountSummary;
import org.sextant.ctf.core.Ctf2Trace;
import org.sextant.internal.count.core.CountSummaries;
import org.sextant.internal.count.core.EventCountParallelModule;
import org.sextant.parallel.engine.Histories;
import org.sextant.test.support.Fixture;
import org.sextant.test.support.Traces;

/**
 * A CTF 2 trace (tests/fixtures/ctf2, CATALOGUE.md "CTF 2") opened in Trace Compass 6.2 through Sextant's trace
 * type, which 6.2's own CTF reader refuses: Trace Compass reads its events in time order and seeks among them,
 * and Sextant's event count, serial and parallel, counts what babeltrace2 reads from the CTF 1.8 twin; the same
 * on real recordings of LTTng 2.14, whose CTF 1.8 twin LTTng recorded in the same run.
 */
class Ctf2CountTest {

    private static Path ctf2(String name) {
        return Fixture.directory().resolve("ctf2").resolve(name);
    }

    private static long fact(String key) {
        return Long.parseLong(Fixture.catalogue().getProperty("ctf2/" + key).trim());
    }

    @Test
    void onlySextantsTraceTypeReadsCtf2() {
        String path = ctf2("trace-with-index").toString();
        assertEquals(IStatus.ERROR, new CtfTmfTrace().validate(null, path).getSeverity(), "Trace Compass 6.2 reads CTF 1.8 only");
        assertTrue(new Ctf2Trace().validate(null, path).isOK());
        assertEquals(IStatus.ERROR, new Ctf2Trace().validate(null, Fixture.LTTNG_UST_SMALL_PACKETS.path().toString()).getSeverity(), "a CTF 1.8 trace");
    }

    @Test
    void countsWhatBabeltraceReadsSerialAndParallel() throws Exception {
        ITmfTrace trace = Traces.open(new Ctf2Trace(), ctf2("trace-with-index"));
        try {
            CountSummary summary = countSerialAndParallel(trace);
            assertEquals(fact("trace-with-index.events"), summary.events());
            assertEquals(Map.of("sample_component:message", fact("trace-with-index.events")), summary.perType());
            assertEquals(4, summary.perCpu().size(), "the packets' cpu_id, one CPU per stream");
        } finally {
            Traces.close(trace);
        }
    }

    /**
     * Real recordings of LTTng 2.14 in CTF 2 (CATALOGUE.md "LTTng 2.14 in CTF 2"): the count per event name, serial
     * and parallel, is babeltrace2's of the CTF 1.8 copy that LTTng recorded of the same events in the same run.
     */
    @ParameterizedTest
    @ValueSource(strings = { "lttng-2.14-ust-fields", "lttng-2.14-redis" })
    void countsOfLttng214AreBabeltracesOfTheCtf18Copy(String recording) throws Exception {
        List<Path> traces;
        try (Stream<Path> files = Files.walk(Fixture.directory().resolve(recording).resolve("ctf-2"))) {
            traces = files.filter(file -> file.endsWith("metadata")).map(Path::getParent).toList();
        }
        assertEquals(1, traces.size(), recording + ": " + traces);
        ITmfTrace trace = Traces.open(new Ctf2Trace(), traces.get(0));
        try {
            CountSummary summary = countSerialAndParallel(trace);
            Map<String, Long> expected = new TreeMap<>();
            String prefix = recording + ".type.";
            Fixture.catalogue().forEach((key, value) -> {
                if (key.toString().startsWith(prefix)) {
                    expected.put(key.toString().substring(prefix.length()), Long.parseLong(value.toString().trim()));
                }
            });
            assertEquals(expected, new TreeMap<>(summary.perType()));
            assertEquals(Long.parseLong(Fixture.catalogue().getProperty(recording + ".events").trim()), summary.events());
        } finally {
            Traces.close(trace);
        }
    }

    /** The count of a CTF 2 trace, built by Trace Compass's reading of it and by the parallel builder: both equal. */
    private static CountSummary countSerialAndParallel(ITmfTrace trace) throws Exception {
        EventCountAnalysisModule serial = TmfTraceUtils.getAnalysisModuleOfClass(trace, EventCountAnalysisModule.class, EventCountAnalysisModule.ID);
        assertNotNull(serial, "the count applies to CTF 2 traces (CountableTrace)");
        serial.schedule();
        assertTrue(serial.waitForCompletion());
        ITmfStateSystem serialState = serial.getStateSystem();
        assertNotNull(serialState);
        EventCountParallelModule parallel = TmfTraceUtils.getAnalysisModuleOfClass(trace, EventCountParallelModule.class, EventCountParallelModule.ID);
        assertNotNull(parallel, "the parallel count applies to CTF 2 traces: it reads the directory with the codec");
        parallel.setThreads(4);
        parallel.setChunkBytes(4096);
        parallel.schedule();
        assertTrue(parallel.waitForCompletion());
        ITmfStateSystem parallelState = parallel.getStateSystem();
        assertNotNull(parallelState);
        assertNull(Histories.firstDifference(serialState, parallelState), "the parallel build equals the serial one");
        return CountSummaries.read(serialState);
    }

    /** What the event table needs: every event in time order with its fields, and a seek by location that finds it again. */
    @Test
    void readsInTimeOrderAndSeeksBackToAnyEvent() throws Exception {
        ITmfTrace trace = Traces.open(new Ctf2Trace(), ctf2("debug-info"));
        try {
            List<ITmfEvent> events = new ArrayList<>();
            List<String> locations = new ArrayList<>();
            ITmfContext context = trace.seekEvent(0L);
            while (true) {
                locations.add(String.valueOf(context.getLocation()));
                ITmfEvent event = trace.getNext(context);
                if (event == null) {
                    break;
                }
                events.add(event);
            }
            context.dispose();
            assertEquals(fact("debug-info.events"), events.size());
            ITmfEvent third = events.get(2);
            assertEquals("my_provider:my_first_tracepoint", third.getName());
            assertEquals(42L, third.getContent().getFieldValue(Long.class, "my_integer_field"));
            assertEquals("hello, tracer", third.getContent().getFieldValue(String.class, "my_string_field"));
            assertEquals(9746L, third.getContent().getFieldValue(Long.class, Ctf2Trace.CONTEXT + "vpid"));
            // babeltrace2's cycles for it (tests/fixtures/golden/ctf2-debug-info.txt), through the trace's clock
            assertEquals(((Ctf2Trace) trace).getCtfTrace().metadata().toNanos(21705977090044L), third.getTimestamp().toNanos());
            for (int i = 0; i < events.size(); i++) {
                ITmfContext again = trace.seekEvent((long) i);
                ITmfEvent event = trace.getNext(again);
                assertNotNull(event);
                assertEquals(events.get(i).getTimestamp(), event.getTimestamp(), "event " + i + " by rank");
                assertEquals(events.get(i).getContent().toString(), event.getContent().toString(), "event " + i + " by rank");
                again.dispose();
            }
            assertEquals(events.size() + 1, locations.stream().distinct().count(), "a location per event, and the end");
        } finally {
            Traces.close(trace);
        }
    }
}
