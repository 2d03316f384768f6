// SPDX-License-Identifier: EPL-2.0
package org.sextant.kernel.core.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

import org.eclipse.core.runtime.NullProgressMonitor;
import org.eclipse.tracecompass.analysis.os.linux.core.cpuusage.CpuUsageEntryModel;
import org.eclipse.tracecompass.tmf.core.dataprovider.DataProviderManager;
import org.eclipse.tracecompass.tmf.core.dataprovider.DataProviderParameterUtils;
import org.eclipse.tracecompass.tmf.core.model.tree.ITmfTreeDataModel;
import org.eclipse.tracecompass.tmf.core.model.tree.TmfTreeModel;
import org.eclipse.tracecompass.tmf.core.model.xy.ITmfTreeXYDataProvider;
import org.eclipse.tracecompass.tmf.core.response.ITmfResponse;
import org.eclipse.tracecompass.tmf.core.response.TmfModelResponse;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.sextant.common.core.SummaryEntryModel;
import org.sextant.common.core.summary.SummaryTree;
import org.sextant.internal.kernel.core.CpuSummaryDataProvider;
import org.sextant.internal.kernel.core.CpuUsageDataProvider;
import org.sextant.internal.kernel.core.IoSummaryDataProvider;
import org.sextant.kernel.model.KernelThreads;
import org.sextant.test.support.Fixture;
import org.sextant.test.support.Traces;

/**
 * The cpu and io summaries, as the command line and the trace server reach them through the data provider
 * manager, against the fixture catalogue (times on CPU and bytes per process worked out from babeltrace2's
 * text); and the one decision about the idle thread, as the CPU usage view gets it from its provider's entries.
 */
class KernelSummaryDataProviderTest {

    @ParameterizedTest
    @EnumSource(names = { "PERF_SCHED_SYSCALLS", "PERF_MULTI_PACKET" })
    void cpuSummaryMatchesTheCatalogue(Fixture fixture) throws Exception {
        ITmfTrace trace = Traces.openKernelTrace(fixture);
        try {
            SummaryTree summary = SummaryTree.fetch(trace, CpuSummaryDataProvider.ID, new NullProgressMonitor());
            long span = fixture.fact("last_cycles") - fixture.fact("first_cycles"); // perf's clock counts nanoseconds
            assertEquals(span, summary.root().getNumber(CpuSummaryDataProvider.TIME));

            Map<String, Long> expected = facts(fixture, "cpu.ns."); //$NON-NLS-1$
            expected.remove(String.valueOf(KernelThreads.IDLE_TID));
            Map<String, Long> threads = new TreeMap<>();
            long previous = Long.MAX_VALUE;
            for (SummaryEntryModel thread : summary.children(summary.root(), CpuSummaryDataProvider.THREADS)) {
                long nanos = thread.getNumber(CpuSummaryDataProvider.TIME).longValue();
                assertTrue(nanos <= previous, "the busiest first: " + thread);
                previous = nanos;
                threads.put(String.valueOf(thread.getKey()), nanos);
                assertEquals(Math.round(nanos * 10000.0 / span) / 100.0, thread.getNumber(CpuSummaryDataProvider.PERCENT));
            }
            assertEquals(expected, threads, "every thread but the idle one, with its time on CPU");

            long busy = 0;
            List<Object> cpus = new ArrayList<>();
            for (SummaryEntryModel cpu : summary.children(summary.root(), CpuSummaryDataProvider.CPUS)) {
                cpus.add(cpu.getKey());
                busy += cpu.getNumber(CpuSummaryDataProvider.TIME).longValue();
            }
            assertEquals(List.of(0, 1), cpus);
            assertEquals(sum(expected), busy, "the CPUs' busy time is the threads' time");
        } finally {
            Traces.close(trace);
        }
    }

    @ParameterizedTest
    @EnumSource(names = { "PERF_SCHED_SYSCALLS", "PERF_MULTI_PACKET" })
    void ioSummaryMatchesTheCatalogue(Fixture fixture) throws Exception {
        ITmfTrace trace = Traces.openKernelTrace(fixture);
        try {
            SummaryTree summary = SummaryTree.fetch(trace, IoSummaryDataProvider.ID, new NullProgressMonitor());
            Map<String, Long> read = new TreeMap<>();
            Map<String, Long> written = new TreeMap<>();
            for (SummaryEntryModel process : summary.children(summary.root())) {
                List<Long> bytes = bytes(process);
                if (bytes.get(0) > 0) {
                    read.put(String.valueOf(process.getKey()), bytes.get(0));
                }
                if (bytes.get(1) > 0) {
                    written.put(String.valueOf(process.getKey()), bytes.get(1));
                }
                List<Long> descriptors = List.of(0L, 0L);
                for (SummaryEntryModel fd : summary.children(process)) {
                    descriptors = List.of(descriptors.get(0) + bytes(fd).get(0), descriptors.get(1) + bytes(fd).get(1));
                }
                assertEquals(bytes, descriptors, "a process's bytes are its descriptors' " + process);
            }
            assertEquals(facts(fixture, "io.read."), read); //$NON-NLS-1$
            assertEquals(facts(fixture, "io.written."), written); //$NON-NLS-1$
            assertEquals(List.of(sum(read), sum(written)), bytes(summary.root()), "the trace's bytes are its processes'");
        } finally {
            Traces.close(trace);
        }
    }

    /** The CPU usage view checks the busiest threads but the idle one, which its provider's entries tell apart. */
    @ParameterizedTest
    @EnumSource(names = { "PERF_SCHED_SYSCALLS" })
    void cpuUsageEntriesTellTheIdleThread(Fixture fixture) throws Exception {
        ITmfTrace trace = Traces.openKernelTrace(fixture);
        try {
            ITmfTreeXYDataProvider<ITmfTreeDataModel> provider = DataProviderManager.getInstance().getDataProvider(trace,
                    CpuUsageDataProvider.ID, ITmfTreeXYDataProvider.class);
            assertNotNull(provider);
            Map<String, Object> query = new HashMap<>();
            query.put(DataProviderParameterUtils.REQUESTED_TIME_KEY, List.of(fixture.fact("first_cycles"), fixture.fact("last_cycles")));
            TmfModelResponse<TmfTreeModel<ITmfTreeDataModel>> response;
            do {
                response = provider.fetchTree(query, new NullProgressMonitor());
                Thread.sleep(20);
            } while (response.getStatus() == ITmfResponse.Status.RUNNING);
            TmfTreeModel<ITmfTreeDataModel> model = response.getModel();
            assertNotNull(model);
            List<CpuUsageEntryModel> threads = model.getEntries().stream().filter(CpuUsageEntryModel.class::isInstance)
                    .map(CpuUsageEntryModel.class::cast).toList();
            Map<String, Long> onCpu = facts(fixture, "cpu.ns."); //$NON-NLS-1$
            assertEquals(onCpu.size(), threads.size());
            for (CpuUsageEntryModel thread : threads) {
                assertEquals(onCpu.get(String.valueOf(thread.getTid())), Long.valueOf(thread.getTime()), thread.getName());
                assertEquals(thread.getTid() == 0, CpuUsageDataProvider.isIdle(thread), thread.getName());
            }
            assertTrue(CpuUsageDataProvider.isIdle(threads.get(threads.size() - 1)), "the idle thread comes last");
            assertFalse(model.getEntries().stream().filter(e -> !(e instanceof CpuUsageEntryModel)).anyMatch(CpuUsageDataProvider::isIdle));
        } finally {
            Traces.close(trace);
        }
    }

    /** @return the catalogue's facts of the fixture under a key's prefix, by the rest of the key */
    private static Map<String, Long> facts(Fixture fixture, String prefix) {
        Map<String, Long> facts = new TreeMap<>();
        String key = fixture.name().toLowerCase(Locale.ROOT).replace('_', '-') + '.' + prefix;
        for (String name : Fixture.catalogue().stringPropertyNames()) {
            if (name.startsWith(key)) {
                facts.put(name.substring(key.length()), Long.parseLong(Fixture.catalogue().getProperty(name).trim()));
            }
        }
        return facts;
    }

    private static List<Long> bytes(SummaryEntryModel entry) {
        return List.of(entry.getNumber(IoSummaryDataProvider.READ).longValue(), entry.getNumber(IoSummaryDataProvider.WRITTEN).longValue());
    }

    private static long sum(Map<String, Long> values) {
        return values.values().stream().mapToLong(Long::longValue).sum();
    }
}
