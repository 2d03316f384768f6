// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.kernel.core;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.tracecompass.statesystem.core.ITmfStateSystem;
import org.eclipse.tracecompass.statesystem.core.exceptions.StateSystemDisposedException;
import org.eclipse.tracecompass.statesystem.core.interval.ITmfStateInterval;
import org.sextant.kernel.core.CpuUsageModule;
import org.sextant.kernel.model.CpuUsageAnalysis;
import org.sextant.parallel.core.ParallelHeadlessAnalysis;

/**
 * {@code sextant analyze --analysis cpu}: per CPU, the time it ran threads other than the idle one; the threads
 * that ran the longest, with their share of one CPU over the trace. Times count up to each thread's last
 * switch-out, as in Trace Compass's CPU usage analysis: a run still going at the end of the trace is not
 * counted.
 */
public class CpuHeadlessAnalysis extends ParallelHeadlessAnalysis<CpuUsageModule> {

    private static final int TOP_THREADS = 10;
    private static final String IDLE = "0"; //$NON-NLS-1$

    /** Creates the analysis, as plugin.xml does. */
    public CpuHeadlessAnalysis() {
        super(CpuUsageModule.class, CpuUsageModule.ID);
    }

    @Override
    protected Map<String, Object> summarize(ITmfStateSystem ss) throws StateSystemDisposedException {
        long end = ss.getCurrentEndTime();
        long span = end - ss.getStartTime();
        List<ITmfStateInterval> state = ss.queryFullState(end);
        List<Map<String, Object>> cpus = new ArrayList<>();
        for (int cpu : ss.getQuarks(CpuUsageAnalysis.CPUS, "*")) { //$NON-NLS-1$
            String name = ss.getAttributeName(cpu);
            long busy = 0;
            for (int thread : ss.getSubAttributes(cpu, false)) {
                if (!IDLE.equals(ss.getAttributeName(thread))) {
                    busy += value(state.get(thread));
                }
            }
            Map<String, Object> entry = new LinkedHashMap<>();
            entry.put("cpu", Integer.parseInt(name)); //$NON-NLS-1$
            entry.put("busy_ns", busy); //$NON-NLS-1$
            entry.put("busy_percent", percent(busy, span)); //$NON-NLS-1$
            cpus.add(entry);
        }
        cpus.sort(Comparator.comparingInt(entry -> (Integer) entry.get("cpu"))); //$NON-NLS-1$
        List<Map<String, Object>> threads = new ArrayList<>();
        for (int thread : ss.getQuarks(CpuUsageAnalysis.THREADS, "*")) { //$NON-NLS-1$
            String tid = ss.getAttributeName(thread);
            if (IDLE.equals(tid)) {
                continue;
            }
            long onCpu = value(state.get(thread));
            int name = ss.optQuarkRelative(thread, CpuUsageAnalysis.NAME);
            Map<String, Object> entry = new LinkedHashMap<>();
            entry.put("tid", Long.parseLong(tid)); //$NON-NLS-1$
            entry.put("name", name == ITmfStateSystem.INVALID_ATTRIBUTE ? "" : String.valueOf(state.get(name).getValue())); //$NON-NLS-1$ //$NON-NLS-2$
            entry.put("cpu_ns", onCpu); //$NON-NLS-1$
            entry.put("percent", percent(onCpu, span)); //$NON-NLS-1$
            threads.add(entry);
        }
        int count = threads.size();
        threads.sort(Comparator.comparingLong((Map<String, Object> entry) -> (Long) entry.get("cpu_ns")).reversed()); //$NON-NLS-1$
        Map<String, Object> summary = new LinkedHashMap<>();
        summary.put("span_ns", span); //$NON-NLS-1$
        summary.put("cpus", cpus); //$NON-NLS-1$
        summary.put("threads", count); //$NON-NLS-1$
        summary.put("busiest_threads", threads.subList(0, Math.min(TOP_THREADS, count))); //$NON-NLS-1$
        return summary;
    }

    private static long value(ITmfStateInterval interval) {
        return interval.getValue() instanceof Long value ? value : 0;
    }

    private static double percent(long part, long whole) {
        return whole <= 0 ? 0 : Math.round(part * 10000.0 / whole) / 100.0;
    }
}
