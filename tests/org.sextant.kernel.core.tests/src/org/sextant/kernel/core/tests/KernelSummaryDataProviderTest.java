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
import org.sextant.headless.core.SummaryTree;
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

            Map<Long, Long> expected = new TreeMap<>();
            onCpu(fixture).forEach((tid, nanos) -> {
                if (!KernelThreads.isIdle(tid)) {
                    expected.put(tid, nanos);
                }
            });
            Map<Long, Long> threads = new TreeMap<>();
            long previous = Long.MAX_VALUE;
            for (SummaryEntryModel thread : summary.children(summary.root(), CpuSummaryDataProvider.THREADS)) {
                long nanos = thread.getNumber(CpuSummaryDataProvider.TIME).longValue();
                assertTrue(nanos <= previous, "the busiest first: " + thread);
                previous = nanos;
                threads.put((Long) thread.getKey(), nanos);
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
            assertEquals(expected.values().stream().mapToLong(Long::longValue).sum(), busy, "the CPUs' busy time is the threads' time");
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
            Map<Long, List<Long>> expected = new TreeMap<>();
            String prefix = name(fixture) + ".io."; //$NON-NLS-1$
            for (String key : Fixture.catalogue().stringPropertyNames()) {
                if (key.startsWith(prefix)) {
                    String[] parts = key.substring(prefix.length()).split("\\."); //$NON-NLS-1$
                    List<Long> bytes = expected.computeIfAbsent(Long.parseLong(parts[1]), pid -> new ArrayList<>(List.of(0L, 0L)));
                    bytes.set(parts[0].equals("read") ? 0 : 1, Long.parseLong(Fixture.catalogue().getProperty(key).trim())); //$NON-NLS-1$
                }
            }
            Map<Long, List<Long>> processes = new TreeMap<>();
            long[] total = new long[2];
            for (SummaryEntryModel process : summary.children(summary.root())) {
                long read = process.getNumber(IoSummaryDataProvider.READ).longValue();
                long written = process.getNumber(IoSummaryDataProvider.WRITTEN).longValue();
                if (read + written > 0) {
                    processes.put((Long) process.getKey(), List.of(read, written));
                }
                total[0] += read;
                total[1] += written;
                long[] descriptors = new long[2];
                for (SummaryEntryModel fd : summary.children(process)) {
                    descriptors[0] += fd.getNumber(IoSummaryDataProvider.READ).longValue();
                    descriptors[1] += fd.getNumber(IoSummaryDataProvider.WRITTEN).longValue();
                }
                assertEquals(List.of(read, written), List.of(descriptors[0], descriptors[1]), "a process's bytes are its descriptors' " + process);
            }
            assertEquals(expected, processes);
            assertEquals(List.of(total[0], total[1]), summary.root().getValues());
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
            Map<Long, Long> onCpu = onCpu(fixture);
            assertEquals(onCpu.size(), threads.size());
            for (CpuUsageEntryModel thread : threads) {
                assertEquals(onCpu.get((long) thread.getTid()), Long.valueOf(thread.getTime()), thread.getName());
                assertEquals(thread.getTid() == 0, CpuUsageDataProvider.isIdle(thread), thread.getName());
            }
            assertTrue(CpuUsageDataProvider.isIdle(threads.get(threads.size() - 1)), "the idle thread comes last");
            assertFalse(model.getEntries().stream().filter(e -> !(e instanceof CpuUsageEntryModel)).anyMatch(CpuUsageDataProvider::isIdle));
        } finally {
            Traces.close(trace);
        }
    }

    /** @return each thread's time on CPU, by tid, as the catalogue gives it */
    private static Map<Long, Long> onCpu(Fixture fixture) {
        Map<Long, Long> onCpu = new TreeMap<>();
        String prefix = name(fixture) + ".cpu.ns."; //$NON-NLS-1$
        for (String key : Fixture.catalogue().stringPropertyNames()) {
            if (key.startsWith(prefix)) {
                onCpu.put(Long.parseLong(key.substring(prefix.length())), Long.parseLong(Fixture.catalogue().getProperty(key).trim()));
            }
        }
        return onCpu;
    }

    /** @return the fixture's name in the catalogue */
    private static String name(Fixture fixture) {
        return fixture.name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
}
