// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.kernel.core;

import java.text.MessageFormat;
import java.util.ArrayList;
import java.util.List;

import org.eclipse.tracecompass.statesystem.core.ITmfStateSystem;
import org.eclipse.tracecompass.statesystem.core.exceptions.StateSystemDisposedException;
import org.eclipse.tracecompass.statesystem.core.interval.ITmfStateInterval;
import org.eclipse.tracecompass.tmf.core.model.xy.TmfXYAxisDescription;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.sextant.kernel.core.CpuUsageModule;
import org.sextant.kernel.model.CpuUsageAnalysis;
import org.sextant.parallel.core.CumulativeXYDataProvider;

/**
 * Serves the cpu analysis as a tree of threads and XY series of each thread's CPU usage in percent of one CPU.
 * A thread's time on CPU is completed with its current run, which its cumulative attribute counts only once
 * the thread is switched out.
 */
public class CpuUsageDataProvider extends CumulativeXYDataProvider {

    /** The data provider id, as registered in plugin.xml. */
    public static final String ID = "org.sextant.kernel.core.cpu.dataprovider"; //$NON-NLS-1$

    /** Nanoseconds on CPU per second of time, to percent of one CPU. */
    private static final double PERCENT_PER_NS_PER_S = 100 / 1e9;

    /**
     * @param trace
     *            the trace
     * @param module
     *            its cpu module, scheduled
     */
    public CpuUsageDataProvider(ITmfTrace trace, CpuUsageModule module) {
        super(trace, module, Messages.CpuUsage_Title, new TmfXYAxisDescription(Messages.CpuUsage_Axis, Messages.CpuUsage_Unit));
    }

    @Override
    public String getId() {
        return ID;
    }

    @Override
    protected void addEntries(ITmfStateSystem ss, Tree tree) throws StateSystemDisposedException {
        int threads = ss.optQuarkAbsolute(CpuUsageAnalysis.THREADS);
        if (threads == ITmfStateSystem.INVALID_ATTRIBUTE) {
            return;
        }
        long group = tree.add(threads, tree.root(), Messages.CpuUsage_Threads, false);
        List<Integer> quarks = new ArrayList<>(ss.getSubAttributes(threads, false));
        quarks.sort((a, b) -> Long.compare(Long.parseLong(ss.getAttributeName(a)), Long.parseLong(ss.getAttributeName(b))));
        long end = ss.getCurrentEndTime();
        for (int quark : quarks) {
            int name = ss.optQuarkRelative(quark, CpuUsageAnalysis.NAME);
            Object value = name == ITmfStateSystem.INVALID_ATTRIBUTE ? null : ss.querySingleState(end, name).getValue();
            tree.add(quark, group, MessageFormat.format(Messages.CpuUsage_Thread, ss.getAttributeName(quark), value == null ? "" : value), true); //$NON-NLS-1$
        }
    }

    @Override
    protected void complete(ITmfStateSystem ss, int quark, long[] times, long[] values) throws StateSystemDisposedException {
        long tid = Long.parseLong(ss.getAttributeName(quark));
        List<Integer> running = ss.getQuarks(CpuUsageAnalysis.RUNNING, "*"); //$NON-NLS-1$
        List<Long> inRange = new ArrayList<>();
        for (long time : times) {
            if (time >= ss.getStartTime() && time <= ss.getCurrentEndTime()) {
                inRange.add(time);
            }
        }
        if (running.isEmpty() || inRange.isEmpty()) {
            return;
        }
        for (ITmfStateInterval interval : ss.query2D(running, inRange)) {
            if (interval.getValue() instanceof Long onCpu && onCpu == tid) {
                for (int i = 0; i < times.length; i++) {
                    if (times[i] >= interval.getStartTime() && times[i] <= interval.getEndTime()) {
                        values[i] += times[i] - interval.getStartTime();
                    }
                }
            }
        }
    }

    @Override
    protected double scale(double perSecond) {
        return perSecond * PERCENT_PER_NS_PER_S;
    }
}
