// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.kernel.core;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.sextant.common.core.SummaryEntryModel;
import org.sextant.common.core.summary.SummaryTree;
import org.sextant.kernel.core.CpuUsageModule;
import org.sextant.parallel.core.ParallelHeadlessAnalysis;

/**
 * {@code sextant analyze --analysis cpu}: per CPU, the time it ran threads other than the idle one; the threads
 * that ran the longest, with their share of one CPU over the trace; as {@link CpuSummaryDataProvider} serves
 * them.
 */
public class CpuHeadlessAnalysis extends ParallelHeadlessAnalysis<CpuUsageModule> {

    private static final int TOP_THREADS = 10;

    /** Creates the analysis, as plugin.xml does. */
    public CpuHeadlessAnalysis() {
        super(CpuUsageModule.class, CpuUsageModule.ID, CpuSummaryDataProvider.ID);
    }

    @Override
    protected Map<String, Object> summarize(SummaryTree summary) {
        SummaryEntryModel trace = summary.root();
        List<Map<String, Object>> cpus = new ArrayList<>();
        for (SummaryEntryModel cpu : summary.children(trace, CpuSummaryDataProvider.CPUS)) {
            Map<String, Object> entry = new LinkedHashMap<>();
            entry.put("cpu", cpu.getKey()); //$NON-NLS-1$
            entry.put("busy_ns", cpu.getNumber(CpuSummaryDataProvider.TIME)); //$NON-NLS-1$
            entry.put("busy_percent", cpu.getNumber(CpuSummaryDataProvider.PERCENT)); //$NON-NLS-1$
            cpus.add(entry);
        }
        List<SummaryEntryModel> threads = summary.children(trace, CpuSummaryDataProvider.THREADS);
        List<Map<String, Object>> busiest = new ArrayList<>();
        for (SummaryEntryModel thread : threads.subList(0, Math.min(TOP_THREADS, threads.size()))) {
            Map<String, Object> entry = new LinkedHashMap<>();
            entry.put("tid", thread.getKey()); //$NON-NLS-1$
            entry.put("name", thread.getName()); //$NON-NLS-1$
            entry.put("cpu_ns", thread.getNumber(CpuSummaryDataProvider.TIME)); //$NON-NLS-1$
            entry.put("percent", thread.getNumber(CpuSummaryDataProvider.PERCENT)); //$NON-NLS-1$
            busiest.add(entry);
        }
        Map<String, Object> result = new LinkedHashMap<>();
        result.put("span_ns", trace.getNumber(CpuSummaryDataProvider.TIME)); //$NON-NLS-1$
        result.put("cpus", cpus); //$NON-NLS-1$
        result.put("threads", threads.size()); //$NON-NLS-1$
        result.put("busiest_threads", busiest); //$NON-NLS-1$
        return result;
    }
}
