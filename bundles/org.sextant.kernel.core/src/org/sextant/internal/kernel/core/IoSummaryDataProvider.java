// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.kernel.core;

import java.text.MessageFormat;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.tracecompass.statesystem.core.ITmfStateSystem;
import org.eclipse.tracecompass.statesystem.core.exceptions.StateSystemDisposedException;
import org.eclipse.tracecompass.statesystem.core.interval.ITmfStateInterval;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.sextant.common.core.SummaryDataProvider;
import org.sextant.kernel.core.IoModule;
import org.sextant.kernel.model.IoAnalysis;

/**
 * Bytes read and written over the whole trace as a data tree: the trace's entry with all bytes; each process
 * (keyed by pid, those that moved the most first) with its bytes; under it, each of its file descriptors (keyed
 * by number, the busiest first) with theirs. Among equals, the first seen comes first. Columns: name, bytes
 * read, bytes written.
 */
public class IoSummaryDataProvider extends SummaryDataProvider {

    /** The data provider id, as registered in plugin.xml. */
    public static final String ID = "org.sextant.kernel.core.io.summary"; //$NON-NLS-1$
    /** The column of the bytes read. */
    public static final int READ = 0;
    /** The column of the bytes written. */
    public static final int WRITTEN = 1;

    /**
     * @param trace
     *            the trace
     * @param module
     *            its io module, scheduled
     */
    public IoSummaryDataProvider(ITmfTrace trace, IoModule module) {
        super(trace, module, List.of(Messages.Summary_Name, Messages.IoSummary_Read, Messages.IoSummary_Written));
    }

    @Override
    public String getId() {
        return ID;
    }

    @Override
    protected void addRows(ITmfStateSystem ss, Rows rows) throws StateSystemDisposedException {
        List<ITmfStateInterval> state = ss.queryFullState(ss.getCurrentEndTime());
        long read = 0;
        long written = 0;
        List<Integer> processes = busiestFirst(ss, state, ss.getQuarks(IoAnalysis.PROCESSES, "*")); //$NON-NLS-1$
        for (int process : processes) {
            long pid = Long.parseLong(ss.getAttributeName(process));
            long processRead = bytes(ss, state, process, IoAnalysis.READ);
            long processWritten = bytes(ss, state, process, IoAnalysis.WRITTEN);
            long processId = rows.add(rows.root(), MessageFormat.format(Messages.Io_Process, ss.getAttributeName(process)), pid, processRead, processWritten);
            for (int fd : busiestFirst(ss, state, ss.getQuarks(process, IoAnalysis.FDS, "*"))) { //$NON-NLS-1$
                long number = Long.parseLong(ss.getAttributeName(fd));
                rows.add(processId, MessageFormat.format(Messages.Io_Descriptor, ss.getAttributeName(fd)), number, bytes(ss, state, fd, IoAnalysis.READ),
                        bytes(ss, state, fd, IoAnalysis.WRITTEN));
            }
            read += processRead;
            written += processWritten;
        }
        rows.trace(read, written);
    }

    /** The attributes (processes or descriptors) by bytes moved, most first; a stable sort keeps equals in order. */
    private static List<Integer> busiestFirst(ITmfStateSystem ss, List<ITmfStateInterval> state, List<Integer> quarks) {
        Map<Integer, Long> moved = new HashMap<>();
        for (int quark : quarks) {
            moved.put(quark, bytes(ss, state, quark, IoAnalysis.READ) + bytes(ss, state, quark, IoAnalysis.WRITTEN));
        }
        List<Integer> sorted = new ArrayList<>(quarks);
        sorted.sort(Comparator.comparingLong((Integer quark) -> moved.get(quark)).reversed());
        return sorted;
    }

    private static long bytes(ITmfStateSystem ss, List<ITmfStateInterval> state, int parent, String direction) {
        int quark = ss.optQuarkRelative(parent, direction);
        return quark != ITmfStateSystem.INVALID_ATTRIBUTE && state.get(quark).getValue() instanceof Long bytes ? bytes : 0;
    }
}
