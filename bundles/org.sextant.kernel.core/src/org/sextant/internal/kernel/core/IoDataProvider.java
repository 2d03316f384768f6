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
import org.eclipse.tracecompass.tmf.core.model.xy.TmfXYAxisDescription;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.sextant.common.core.CumulativeXYDataProvider;
import org.sextant.kernel.core.IoModule;
import org.sextant.kernel.model.IoAnalysis;

/**
 * Serves the io analysis as a tree (processes, those that moved the most bytes first; a process's bytes read and
 * written, its file descriptors and theirs) and XY series of bytes per second.
 */
public class IoDataProvider extends CumulativeXYDataProvider {

    /** The data provider id, as registered in plugin.xml. */
    public static final String ID = "org.sextant.kernel.core.io.dataprovider"; //$NON-NLS-1$

    /**
     * @param trace
     *            the trace
     * @param module
     *            its io module, scheduled
     */
    public IoDataProvider(ITmfTrace trace, IoModule module) {
        super(trace, module, Messages.Io_Title, new TmfXYAxisDescription(Messages.Io_Axis, Messages.Io_Unit));
    }

    @Override
    public String getId() {
        return ID;
    }

    @Override
    protected void addEntries(ITmfStateSystem ss, Tree tree) throws StateSystemDisposedException {
        Map<Integer, Long> moved = new HashMap<>();
        for (int process : ss.getQuarks(IoAnalysis.PROCESSES, "*")) { //$NON-NLS-1$
            moved.put(process, moved(ss, process));
        }
        List<Integer> processes = new ArrayList<>(moved.keySet());
        processes.sort(Comparator.comparingLong((Integer process) -> moved.get(process)).reversed());
        for (int process : processes) {
            long processId = tree.add(process, tree.root(), MessageFormat.format(Messages.Io_Process, ss.getAttributeName(process)), false);
            addDirections(ss, process, processId, tree);
            int fds = ss.optQuarkRelative(process, IoAnalysis.FDS);
            if (fds != ITmfStateSystem.INVALID_ATTRIBUTE) {
                long fdsId = tree.add(fds, processId, Messages.Io_Descriptors, false);
                for (int fd : byNumber(ss, ss.getSubAttributes(fds, false))) {
                    long fdId = tree.add(fd, fdsId, MessageFormat.format(Messages.Io_Descriptor, ss.getAttributeName(fd)), false);
                    addDirections(ss, fd, fdId, tree);
                }
            }
        }
    }

    private static void addDirections(ITmfStateSystem ss, int parent, long parentId, Tree tree) {
        int read = ss.optQuarkRelative(parent, IoAnalysis.READ);
        if (read != ITmfStateSystem.INVALID_ATTRIBUTE) {
            tree.add(read, parentId, Messages.Io_Read, true);
        }
        int written = ss.optQuarkRelative(parent, IoAnalysis.WRITTEN);
        if (written != ITmfStateSystem.INVALID_ATTRIBUTE) {
            tree.add(written, parentId, Messages.Io_Written, true);
        }
    }

    /** Bytes read and written by a process over the whole trace. */
    private static long moved(ITmfStateSystem ss, int process) throws StateSystemDisposedException {
        long bytes = 0;
        for (String direction : new String[] { IoAnalysis.READ, IoAnalysis.WRITTEN }) {
            int quark = ss.optQuarkRelative(process, direction);
            if (quark != ITmfStateSystem.INVALID_ATTRIBUTE && ss.querySingleState(ss.getCurrentEndTime(), quark).getValue() instanceof Long value) {
                bytes += value;
            }
        }
        return bytes;
    }

    private static List<Integer> byNumber(ITmfStateSystem ss, List<Integer> quarks) {
        List<Integer> sorted = new ArrayList<>(quarks);
        sorted.sort(Comparator.comparingLong(quark -> Long.parseLong(ss.getAttributeName(quark))));
        return sorted;
    }
}
