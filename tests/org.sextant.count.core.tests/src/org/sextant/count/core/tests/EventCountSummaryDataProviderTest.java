// SPDX-License-Identifier: EPL-2.0
package org.sextant.count.core.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.eclipse.core.runtime.NullProgressMonitor;
import org.eclipse.tracecompass.tmf.core.dataprovider.DataProviderManager;
import org.eclipse.tracecompass.tmf.core.dataprovider.IDataProviderDescriptor;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.sextant.common.core.SummaryEntryModel;
import org.sextant.common.core.summary.SummaryTree;
import org.sextant.internal.count.core.EventCountSummaryDataProvider;
import org.sextant.test.support.Fixture;
import org.sextant.test.support.Traces;

/**
 * The event count summary as a client of the trace server (and the command line) reaches it, through the data
 * provider manager, on a real perf trace: the counts babeltrace2 made when the fixture was captured.
 */
class EventCountSummaryDataProviderTest {

    private static final Fixture FIXTURE = Fixture.PERF_SCHED_SYSCALLS;
    private static final String PREFIX = "perf-sched-syscalls."; //$NON-NLS-1$
    private static ITmfTrace sTrace;
    private static SummaryTree sSummary;

    @BeforeAll
    static void fetch() throws Exception {
        sTrace = Traces.openKernelTrace(FIXTURE);
        sSummary = SummaryTree.fetch(sTrace, EventCountSummaryDataProvider.ID, new NullProgressMonitor());
    }

    @AfterAll
    static void close() {
        Traces.close(sTrace);
    }

    @Test
    void isListedAsADataTree() {
        List<IDataProviderDescriptor> descriptors = DataProviderManager.getInstance().getAvailableProviders(sTrace);
        assertTrue(descriptors.stream().anyMatch(d -> d.getId().equals(EventCountSummaryDataProvider.ID)
                && d.getType() == IDataProviderDescriptor.ProviderType.DATA_TREE), descriptors::toString);
    }

    @Test
    void traceEntryHoldsAllEventsAndTheTimesOfTheFirstAndLast() {
        SummaryEntryModel trace = sSummary.root();
        assertEquals(sTrace.getName(), trace.getName());
        assertEquals(List.of(FIXTURE.fact("events"), FIXTURE.fact("first_cycles"), FIXTURE.fact("last_cycles")), trace.getValues());
        assertEquals(List.of(sTrace.getName(), String.valueOf(FIXTURE.fact("events")), String.valueOf(FIXTURE.fact("first_cycles")),
                String.valueOf(FIXTURE.fact("last_cycles"))), trace.getLabels(), "labels show the values");
    }

    @Test
    void perCpuAndPerTypeMatchBabeltrace() {
        Map<String, Object> perCpu = new TreeMap<>();
        Map<String, Object> perType = new TreeMap<>();
        for (String key : Fixture.catalogue().stringPropertyNames()) {
            long count = Long.parseLong(Fixture.catalogue().getProperty(key).trim());
            if (key.startsWith(PREFIX + "events.cpu")) { //$NON-NLS-1$
                perCpu.put(key.substring((PREFIX + "events.cpu").length()), count); //$NON-NLS-1$
            } else if (key.startsWith(PREFIX + "type.")) { //$NON-NLS-1$
                perType.put(key.substring((PREFIX + "type.").length()), count); //$NON-NLS-1$
            }
        }
        assertEquals(perCpu, new TreeMap<>(SummaryTree.byKey(sSummary.children(sSummary.root(), EventCountSummaryDataProvider.CPUS),
                EventCountSummaryDataProvider.EVENTS)));
        assertEquals(perType, new TreeMap<>(SummaryTree.byKey(sSummary.children(sSummary.root(), EventCountSummaryDataProvider.EVENT_TYPES),
                EventCountSummaryDataProvider.EVENTS)));
    }
}
