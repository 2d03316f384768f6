// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.kernel.core;

import java.text.MessageFormat;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.tracecompass.analysis.os.linux.core.cpuusage.CpuUsageEntryModel;
import org.eclipse.tracecompass.statesystem.core.ITmfStateSystem;
import org.eclipse.tracecompass.statesystem.core.exceptions.StateSystemDisposedException;
import org.eclipse.tracecompass.statesystem.core.interval.ITmfStateInterval;
import org.eclipse.tracecompass.tmf.core.model.tree.ITmfTreeDataModel;
import org.eclipse.tracecompass.tmf.core.model.xy.TmfXYAxisDescription;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.sextant.common.core.CumulativeXYDataProvider;
import org.sextant.kernel.core.CpuUsageModule;
import org.sextant.kernel.model.CpuUsageAnalysis;
import org.sextant.kernel.model.KernelThreads;

/**
 * Serves the cpu analysis as a tree of threads, the busiest first, and XY series of each thread's CPU usage in
 * percent of one CPU. A thread's entry is Trace Compass's {@link CpuUsageEntryModel}: its tid and its time on CPU
 * over the whole trace.
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
        long end = ss.getCurrentEndTime();
        Map<Integer, Long> onCpu = new HashMap<>();
        for (int quark : ss.getSubAttributes(threads, false)) {
            onCpu.put(quark, ss.querySingleState(end, quark).getValue() instanceof Long value ? value : 0);
        }
        // The busiest threads first; the idle thread, whose time is the CPUs' idle time, last.
        List<Integer> quarks = new ArrayList<>(onCpu.keySet());
        quarks.sort(Comparator.comparing((Integer quark) -> KernelThreads.isIdle(tid(ss, quark)))
                .thenComparing(Comparator.comparingLong((Integer quark) -> onCpu.get(quark)).reversed()));
        for (int quark : quarks) {
            int name = ss.optQuarkRelative(quark, CpuUsageAnalysis.NAME);
            Object value = name == ITmfStateSystem.INVALID_ATTRIBUTE ? null : ss.querySingleState(end, name).getValue();
            List<String> label = List.of(MessageFormat.format(Messages.CpuUsage_Thread, ss.getAttributeName(quark), value == null ? "" : value)); //$NON-NLS-1$
            tree.add(quark, true, id -> new CpuUsageEntryModel(id, group, label, (int) tid(ss, quark), onCpu.get(quark)));
        }
    }

    /**
     * @param entry
     *            an entry of this provider's tree
     * @return whether it is the idle thread's, whose time is the CPUs' idle time
     */
    public static boolean isIdle(ITmfTreeDataModel entry) {
        return entry instanceof CpuUsageEntryModel thread && KernelThreads.isIdle(thread.getTid());
    }

    private static long tid(ITmfStateSystem ss, int thread) {
        return Long.parseLong(ss.getAttributeName(thread));
    }

    /**
     * Adds the run in progress at each time: between two context switches of a CPU (an interval of
     * {@code Switches/<cpu>}), the thread running is the one the second switch switches out (the value of
     * {@code Runs/<cpu>} from then on), even when the trace misses its switch-in; its run so far is the time
     * since the first switch, as its cumulative attribute will count it.
     */
    @Override
    protected void complete(ITmfStateSystem ss, int quark, long[] times, long[] values) throws StateSystemDisposedException {
        String tid = ss.getAttributeName(quark);
        List<Integer> switches = ss.getQuarks(CpuUsageAnalysis.SWITCHES, "*"); //$NON-NLS-1$
        List<Long> inRange = new ArrayList<>();
        for (long time : times) {
            if (time >= ss.getStartTime() && time < ss.getCurrentEndTime()) {
                inRange.add(time);
            }
        }
        if (switches.isEmpty() || inRange.isEmpty()) {
            return;
        }
        for (ITmfStateInterval run : ss.query2D(switches, inRange)) {
            long nextSwitch = run.getEndTime() + 1;
            int runs = ss.optQuarkAbsolute(CpuUsageAnalysis.RUNS, ss.getAttributeName(run.getAttribute()));
            if (nextSwitch > ss.getCurrentEndTime() || runs == ITmfStateSystem.INVALID_ATTRIBUTE
                    || !(ss.querySingleState(nextSwitch, runs).getValue() instanceof Long runner && tid.equals(runner.toString()))) {
                continue;
            }
            for (int i = 0; i < times.length; i++) {
                if (times[i] >= run.getStartTime() && times[i] <= run.getEndTime()) {
                    values[i] += times[i] - run.getStartTime();
                }
            }
        }
    }

    @Override
    protected double scale(double perSecond) {
        return perSecond * PERCENT_PER_NS_PER_S;
    }
}
