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
import org.sextant.kernel.core.IoModule;
import org.sextant.kernel.model.IoAnalysis;
import org.sextant.parallel.core.ParallelHeadlessAnalysis;

/**
 * {@code sextant analyze --analysis io}: bytes read and written in total, and by the processes that moved the
 * most, each with its busiest file descriptor.
 */
public class IoHeadlessAnalysis extends ParallelHeadlessAnalysis<IoModule> {

    private static final int TOP_PROCESSES = 10;

    /** Creates the analysis, as plugin.xml does. */
    public IoHeadlessAnalysis() {
        super(IoModule.class, IoModule.ID);
    }

    @Override
    protected Map<String, Object> summarize(ITmfStateSystem ss) throws StateSystemDisposedException {
        List<ITmfStateInterval> state = ss.queryFullState(ss.getCurrentEndTime());
        long read = 0;
        long written = 0;
        List<Map<String, Object>> processes = new ArrayList<>();
        for (int process : ss.getQuarks(IoAnalysis.PROCESSES, "*")) { //$NON-NLS-1$
            Map<String, Object> entry = new LinkedHashMap<>();
            entry.put("pid", Long.parseLong(ss.getAttributeName(process))); //$NON-NLS-1$
            long processRead = bytes(ss, state, process, IoAnalysis.READ);
            long processWritten = bytes(ss, state, process, IoAnalysis.WRITTEN);
            entry.put("read_bytes", processRead); //$NON-NLS-1$
            entry.put("written_bytes", processWritten); //$NON-NLS-1$
            long busiest = -1;
            long most = 0;
            for (int fd : ss.getQuarks(process, IoAnalysis.FDS, "*")) { //$NON-NLS-1$
                long moved = bytes(ss, state, fd, IoAnalysis.READ) + bytes(ss, state, fd, IoAnalysis.WRITTEN);
                if (moved > most) {
                    most = moved;
                    busiest = Long.parseLong(ss.getAttributeName(fd));
                }
            }
            entry.put("busiest_fd", busiest); //$NON-NLS-1$
            entry.put("busiest_fd_bytes", most); //$NON-NLS-1$
            processes.add(entry);
            read += processRead;
            written += processWritten;
        }
        int count = processes.size();
        processes.sort(Comparator.comparingLong((Map<String, Object> entry) -> (Long) entry.get("read_bytes") + (Long) entry.get("written_bytes")) //$NON-NLS-1$ //$NON-NLS-2$
                .reversed());
        Map<String, Object> summary = new LinkedHashMap<>();
        summary.put("read_bytes", read); //$NON-NLS-1$
        summary.put("written_bytes", written); //$NON-NLS-1$
        summary.put("processes", count); //$NON-NLS-1$
        summary.put("busiest_processes", processes.subList(0, Math.min(TOP_PROCESSES, count))); //$NON-NLS-1$
        return summary;
    }

    private static long bytes(ITmfStateSystem ss, List<ITmfStateInterval> state, int parent, String direction) {
        int quark = ss.optQuarkRelative(parent, direction);
        return quark != ITmfStateSystem.INVALID_ATTRIBUTE && state.get(quark).getValue() instanceof Long bytes ? bytes : 0;
    }
}
