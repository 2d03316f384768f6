// SPDX-License-Identifier: EPL-2.0
package org.sextant.count.core.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.TreeMap;

import org.eclipse.tracecompass.statesystem.core.ITmfStateSystem;
import org.eclipse.tracecompass.tmf.core.statistics.TmfStatisticsModule;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceUtils;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.sextant.count.core.EventCountAnalysisModule;
import org.sextant.count.model.CountSummary;
import org.sextant.internal.count.core.CountSummaries;
import org.sextant.test.support.Fixture;
import org.sextant.test.support.Traces;

/**
 * The event count of a real perf trace, checked against counts made by babeltrace2 when the fixture was captured
 * and against Trace Compass's own statistics.
 */
class EventCountAnalysisTest {

    private static final Fixture FIXTURE = Fixture.PERF_SCHED_SYSCALLS;
    private static ITmfTrace sTrace;
    private static CountSummary sSummary;

    @BeforeAll
    static void count() throws Exception {
        sTrace = Traces.openKernelTrace(FIXTURE);
        EventCountAnalysisModule module = TmfTraceUtils.getAnalysisModuleOfClass(sTrace, EventCountAnalysisModule.class,
                EventCountAnalysisModule.ID);
        assertNotNull(module, "the count analysis applies to perf kernel traces");
        module.schedule();
        assertTrue(module.waitForCompletion());
        ITmfStateSystem ss = module.getStateSystem();
        assertNotNull(ss);
        sSummary = CountSummaries.read(ss);
    }

    @AfterAll
    static void close() {
        Traces.close(sTrace);
    }

    @Test
    void totalMatchesBabeltrace() {
        assertEquals(FIXTURE.fact("events"), sSummary.events());
    }

    @Test
    void perCpuCountsMatchBabeltrace() {
        Map<Integer, Long> expected = new TreeMap<>();
        for (String key : Fixture.catalogue().stringPropertyNames()) {
            String prefix = "perf-sched-syscalls.events.cpu";
            if (key.startsWith(prefix)) {
                expected.put(Integer.parseInt(key.substring(prefix.length())), FIXTURE.fact(key.substring("perf-sched-syscalls.".length())));
            }
        }
        assertTrue(expected.size() >= 2, "the fixture spans at least two CPUs");
        assertEquals(expected, sSummary.perCpu());
    }

    @Test
    void perTypeCountsMatchBabeltrace() {
        Map<String, Long> expected = new TreeMap<>();
        String prefix = "perf-sched-syscalls.type.";
        for (String key : Fixture.catalogue().stringPropertyNames()) {
            if (key.startsWith(prefix)) {
                expected.put(key.substring(prefix.length()), Long.parseLong(Fixture.catalogue().getProperty(key).trim()));
            }
        }
        assertEquals(expected, sSummary.perType());
    }

    @Test
    void totalsAgreeWithTraceCompassStatistics() {
        TmfStatisticsModule statistics = TmfTraceUtils.getAnalysisModuleOfClass(sTrace, TmfStatisticsModule.class, TmfStatisticsModule.ID);
        assertNotNull(statistics);
        statistics.schedule();
        assertTrue(statistics.waitForCompletion());
        assertEquals(statistics.getStatistics().getEventsTotal(), sSummary.events());
        assertEquals(new TreeMap<>(statistics.getStatistics().getEventTypesTotal()), sSummary.perType());
    }
}
