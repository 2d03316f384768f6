// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.kernel.ui;

import java.util.ArrayList;
import java.util.List;

import org.eclipse.tracecompass.tmf.ui.viewers.tree.ITmfTreeViewerEntry;
import org.sextant.common.ui.CumulativeXYView;
import org.sextant.internal.kernel.core.IoDataProvider;

/**
 * Bytes per second read and written by the selected processes and file descriptors, from
 * {@link IoDataProvider}; the reads and writes of the processes that moved the most are checked until the user
 * chooses.
 */
public class IoView extends CumulativeXYView {

    /** The view id, as registered in plugin.xml. */
    public static final String ID = "org.sextant.kernel.ui.io"; //$NON-NLS-1$

    private static final int DEFAULT_PROCESSES = 3;

    /** Creates the view. */
    public IoView() {
        super(Messages.IoView_Title, IoDataProvider.ID, Messages.IoView_YAxis, Messages.IoView_NameColumn);
    }

    @Override
    protected List<ITmfTreeViewerEntry> defaultSeries(ITmfTreeViewerEntry trace) {
        List<ITmfTreeViewerEntry> series = new ArrayList<>();
        List<? extends ITmfTreeViewerEntry> processes = trace.getChildren();
        for (ITmfTreeViewerEntry process : processes.subList(0, Math.min(DEFAULT_PROCESSES, processes.size()))) {
            for (ITmfTreeViewerEntry entry : process.getChildren()) {
                if (entry.getChildren().isEmpty()) {
                    series.add(entry);
                }
            }
        }
        return series;
    }
}
