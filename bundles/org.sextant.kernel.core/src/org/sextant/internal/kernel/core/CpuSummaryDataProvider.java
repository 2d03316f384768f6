// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.kernel.core;

import java.text.MessageFormat;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import org.eclipse.tracecompass.statesystem.core.ITmfStateSystem;
import org.eclipse.tracecompass.statesystem.core.exceptions.StateSystemDisposedException;
import org.eclipse.tracecompass.statesystem.core.interval.ITmfStateInterval;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.sextant.common.core.SummaryDataProvider;
import org.sextant.kernel.core.CpuUsageModule;
import org.sextant.kernel.model.CpuUsageAnalysis;
import org.sextant.kernel.model.KernelThreads;

/**
 * Time on CPU over the whole trace as a data tree: the trace's entry with its span; each CPU (keyed by its number,
 * in order) with the time it ran threads other than the idle one; each thread but the idle one (keyed by tid, the
 * busiest first, named by its command) with its time on all CPUs. Times count up to each thread's last
 * switch-out, as in Trace Compass's CPU usage analysis: a run still going at the end of the trace is not
 * counted. Columns: name, time (ns), share of one CPU over the span (%, two decimals).
 */
public class CpuSummaryDataProvider extends SummaryDataProvider {

    /** The data provider id, as registered in plugin.xml. */
    public static final String ID = "org.sextant.kernel.core.cpu.summary"; //$NON-NLS-1$
    /** The key of the group of CPUs. */
    public static final String CPUS = "cpus"; //$NON-NLS-1$
    /** The key of the group of threads. */
    public static final String THREADS = "threads"; //$NON-NLS-1$
    /** The column of the time: the span for the trace, busy time for a CPU, time on CPU for a thread. */
    public static final int TIME = 0;
    /** The column of the share of the span. */
    public static final int PERCENT = 1;

    /**
     * @param trace
     *            the trace
     * @param module
     *            its cpu module, scheduled
     */
    public CpuSummaryDataProvider(ITmfTrace trace, CpuUsageModule module) {
        super(trace, module, List.of(Messages.Summary_Name, Messages.CpuSummary_Time, Messages.CpuSummary_Percent));
    }

    @Override
    public String getId() {
        return ID;
    }

    @Override
    protected void addRows(ITmfStateSystem ss, Rows rows) throws StateSystemDisposedException {
        long end = ss.getCurrentEndTime();
        long span = end - ss.getStartTime();
        rows.trace(span, null);
        List<ITmfStateInterval> state = ss.queryFullState(end);
        List<Integer> cpus = new ArrayList<>(ss.getQuarks(CpuUsageAnalysis.CPUS, "*")); //$NON-NLS-1$
        cpus.sort(Comparator.comparingInt(cpu -> Integer.parseInt(ss.getAttributeName(cpu))));
        long cpusId = rows.add(rows.root(), Messages.CpuSummary_Cpus, CPUS);
        for (int cpu : cpus) {
            long busy = 0;
            for (int thread : ss.getSubAttributes(cpu, false)) {
                if (!KernelThreads.isIdle(Long.parseLong(ss.getAttributeName(thread)))) {
                    busy += value(state.get(thread));
                }
            }
            int number = Integer.parseInt(ss.getAttributeName(cpu));
            rows.add(cpusId, MessageFormat.format(Messages.CpuSummary_Cpu, ss.getAttributeName(cpu)), number, busy, percent(busy, span));
        }
        List<Integer> threads = new ArrayList<>();
        for (int thread : ss.getQuarks(CpuUsageAnalysis.THREADS, "*")) { //$NON-NLS-1$
            if (!KernelThreads.isIdle(Long.parseLong(ss.getAttributeName(thread)))) {
                threads.add(thread);
            }
        }
        threads.sort(Comparator.comparingLong((Integer thread) -> value(state.get(thread))).reversed());
        long threadsId = rows.add(rows.root(), Messages.CpuUsage_Threads, THREADS);
        for (int thread : threads) {
            int name = ss.optQuarkRelative(thread, CpuUsageAnalysis.NAME);
            long onCpu = value(state.get(thread));
            rows.add(threadsId, name == ITmfStateSystem.INVALID_ATTRIBUTE ? "" : String.valueOf(state.get(name).getValue()), //$NON-NLS-1$
                    Long.parseLong(ss.getAttributeName(thread)), onCpu, percent(onCpu, span));
        }
    }

    private static long value(ITmfStateInterval interval) {
        return interval.getValue() instanceof Long value ? value : 0;
    }

    private static double percent(long part, long whole) {
        return whole <= 0 ? 0 : Math.round(part * 10000.0 / whole) / 100.0;
    }
}
