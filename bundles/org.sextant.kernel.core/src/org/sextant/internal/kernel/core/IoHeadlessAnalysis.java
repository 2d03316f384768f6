// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.kernel.core;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.sextant.common.core.SummaryEntryModel;
import org.sextant.common.core.summary.SummaryTree;
import org.sextant.kernel.core.IoModule;
import org.sextant.parallel.core.ParallelHeadlessAnalysis;

/**
 * {@code sextant analyze --analysis io}: bytes read and written in total, and by the processes that moved the
 * most, each with its busiest file descriptor; as {@link IoSummaryDataProvider} serves them.
 */
public class IoHeadlessAnalysis extends ParallelHeadlessAnalysis<IoModule> {

    private static final int TOP_PROCESSES = 10;

    /** Creates the analysis, as plugin.xml does. */
    public IoHeadlessAnalysis() {
        super(IoModule.class, IoModule.ID, IoSummaryDataProvider.ID);
    }

    @Override
    protected Map<String, Object> summarize(SummaryTree summary) {
        SummaryEntryModel trace = summary.root();
        List<SummaryEntryModel> processes = summary.children(trace);
        List<Map<String, Object>> busiest = new ArrayList<>();
        for (SummaryEntryModel process : processes.subList(0, Math.min(TOP_PROCESSES, processes.size()))) {
            Map<String, Object> entry = new LinkedHashMap<>();
            entry.put("pid", process.getKey()); //$NON-NLS-1$
            entry.put("read_bytes", process.getNumber(IoSummaryDataProvider.READ)); //$NON-NLS-1$
            entry.put("written_bytes", process.getNumber(IoSummaryDataProvider.WRITTEN)); //$NON-NLS-1$
            // The provider lists descriptors busiest first; one that moved nothing is no busiest one.
            List<SummaryEntryModel> fds = summary.children(process);
            long most = fds.isEmpty() ? 0 : moved(fds.get(0));
            entry.put("busiest_fd", most > 0 ? fds.get(0).getKey() : -1L); //$NON-NLS-1$
            entry.put("busiest_fd_bytes", most); //$NON-NLS-1$
            busiest.add(entry);
        }
        Map<String, Object> result = new LinkedHashMap<>();
        result.put("read_bytes", trace.getNumber(IoSummaryDataProvider.READ)); //$NON-NLS-1$
        result.put("written_bytes", trace.getNumber(IoSummaryDataProvider.WRITTEN)); //$NON-NLS-1$
        result.put("processes", processes.size()); //$NON-NLS-1$
        result.put("busiest_processes", busiest); //$NON-NLS-1$
        return result;
    }

    private static long moved(SummaryEntryModel entry) {
        return entry.getNumber(IoSummaryDataProvider.READ).longValue() + entry.getNumber(IoSummaryDataProvider.WRITTEN).longValue();
    }
}
